import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSession } from '../session.ts';
import { connectivity } from './connectivity.ts';
import { outbox } from './outbox.ts';
import { requestPersistentStorage } from './storage-usage.ts';

/** A failed round is retried by the outbox itself; this is the slow safety net. */
const SAFETY_NET_MS = 30_000;

/**
 * Runs the outbox for the signed-in person: sends what waits when the app opens, when the
 * signal returns, when the tab comes back to the front, and every 30 s.
 */
export function useOutboxSync(): void {
  const userId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    void outbox.start({ userId, queryClient });
  }, [userId, queryClient]);

  useEffect(() => {
    void requestPersistentStorage();
    const flush = () => void outbox.flush();
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    // The server answers again (a request or the probe): send what waits.
    const unsubscribe = connectivity.subscribe(() => {
      if (connectivity.online()) flush();
    });
    const timer = window.setInterval(flush, SAFETY_NET_MS);
    return () => {
      unsubscribe();
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, []);
}
