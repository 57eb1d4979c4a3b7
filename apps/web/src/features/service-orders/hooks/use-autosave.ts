import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveState = 'salvo' | 'pendente' | 'salvando' | 'erro';

/**
 * Saves a value a moment after the last change (typing never waits for the network), at once
 * on `flush()` (blur), and on leaving the page. One save at a time; a change made while one is
 * on its way is sent after it. The caller keeps the draft (answer-drafts.ts) for reloads.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delay = 700) {
  const [state, setState] = useState<AutosaveState>('salvo');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const next = useRef<{ value: T } | null>(null);
  const running = useRef(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const run = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (running.current || !next.current) return;
    const { value } = next.current;
    next.current = null;
    running.current = true;
    setState('salvando');
    try {
      await saveRef.current(value);
      setError(null);
      setState(next.current ? 'pendente' : 'salvo');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível salvar.');
      setState('erro');
    } finally {
      running.current = false;
      if (next.current) void run();
    }
  }, []);

  const change = useCallback(
    (value: T) => {
      next.current = { value };
      setState('pendente');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  const flush = useCallback(() => void run(), [run]);

  useEffect(() => {
    const leave = () => void run();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      void run();
    };
  }, [run]);

  return { state, error, change, flush };
}
