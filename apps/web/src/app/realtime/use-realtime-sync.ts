import { RT_EVENTS } from '@eproto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { applyChange, NOT_ON_RECONNECT } from '../../lib/changes/change-effects.ts';
import { onLocalChanges } from '../../lib/changes/local-changes.ts';
import { TAB_ORIGIN } from '../../lib/changes/tab-origin.ts';
import { subscribeRealtime } from '../../lib/realtime.ts';
import { afterMutations, patchChange } from './change-patches.ts';

/**
 * Keeps the signed-in tab's query cache in step with the server: each push event applies the
 * one map of what it touches (lib/changes/change-effects.ts) and patches what is patched row by
 * row (change-patches.ts: a moved card on open boards); a reconnect refetches everything
 * that could have been missed. Events this tab caused (origin = its X-Origin) are skipped: the
 * write's answer listed them (X-Changes) and they were applied from there, through the same map.
 * Polling at the SPEC intervals stays on as the fallback when the stream is down.
 */
export function useRealtimeSync(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let hellos = 0;
    const stopLocal = onLocalChanges((changes) => {
      for (const change of changes) applyChange(queryClient, change);
      afterMutations(queryClient, () => {
        for (const change of changes) patchChange(queryClient, change);
      });
    });
    const stopStream = subscribeRealtime((message) => {
      if (message.type === RT_EVENTS.hello) {
        hellos += 1;
        if (hellos > 1) {
          void queryClient.invalidateQueries({
            predicate: (q) => !NOT_ON_RECONNECT.includes(String(q.queryKey[0])),
          });
        }
        return;
      }
      if (message.origin === TAB_ORIGIN) return;
      applyChange(queryClient, message);
      patchChange(queryClient, message);
    });
    return () => {
      stopLocal();
      stopStream();
    };
  }, [queryClient]);
}
