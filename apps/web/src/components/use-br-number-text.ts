import { formatBrNumber, parseBrNumber } from '@eproto/domain';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';

/** How a number is read and shown (NumberField's props of the same names). */
interface BrNumberText {
  /** The number; null when empty; NaN while the text is not a number (the form refuses it). */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  decimals: number;
  min?: number;
  max?: number;
  fixedDecimals: boolean;
  grouping: boolean;
  onCommit?: (value: number | null) => void;
}

const shown = (v: number | null | undefined, decimals: number, fixed: boolean, grouping = true) =>
  typeof v === 'number' && Number.isFinite(v)
    ? formatBrNumber(v, { decimals, fixed, grouping })
    : '';

/**
 * The text of a number field read the Brazilian way, apart from any input component: the
 * Mantine field (number-field.tsx) and the plain one of the OS screen (plain-input.tsx) share
 * it. The text stays as typed; `problem` says in Portuguese why it is not a number (after a
 * blur, then following the text); blur and Enter commit a number within min/max.
 */
export function useBrNumberText({
  value,
  onChange,
  decimals,
  min,
  max,
  fixedDecimals,
  grouping,
  onCommit,
}: BrNumberText) {
  const [text, setText] = useState(() => shown(value, decimals, fixedDecimals, grouping));
  const [problem, setProblem] = useState<string | null>(null);
  const emitted = useRef(value);

  // A value set from outside (form reset) replaces the text; the echo of our own change does not.
  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setText(shown(value, decimals, fixedDecimals, grouping));
    setProblem(null);
  }, [value, decimals, fixedDecimals, grouping]);

  const emit = (v: number | null) => {
    emitted.current = v;
    onChange(v);
  };

  const read = (t: string) => parseBrNumber(t, { decimals, min, max });

  /** Blur or Enter: a wrong text says why (and commits nothing), a right one commits. */
  const settle = () => {
    const r = read(text);
    if (!r.ok) return setProblem(r.error);
    if (fixedDecimals) setText(shown(r.value, decimals, true));
    setProblem(null);
    onCommit?.(r.value);
  };

  const inputMode: 'text' | 'decimal' | 'numeric' =
    min !== undefined && min < 0 ? 'text' : decimals > 0 ? 'decimal' : 'numeric';
  return {
    text,
    problem,
    inputMode,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = e.currentTarget.value;
      setText(next);
      const r = read(next);
      if (r.ok) {
        setProblem(null);
        if (!Object.is(r.value, value)) emit(r.value);
      } else {
        // Half-typed text is not an error yet: it shows on blur, then follows the text.
        if (problem) setProblem(r.error);
        if (!Number.isNaN(value)) emit(Number.NaN);
      }
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') settle();
    },
    onBlur: settle,
  };
}
