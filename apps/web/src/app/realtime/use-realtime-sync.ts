import { RT_EVENTS, type RealtimeChange, type RealtimeMessage } from '@eproto/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type * as Effects from '../../lib/changes/change-effects.ts';
import { onLocalChanges } from '../../lib/changes/local-changes.ts';
import { TAB_ORIGIN } from '../../lib/changes/tab-origin.ts';
import { subscribeRealtime } from '../../lib/realtime.ts';
import type * as Patches from './change-patches.ts';

type Handlers = typeof Effects & typeof Patches;

let handlers: Promise<Handlers> | undefined;

/**
 * The map of what each change touches and the row patches load with the first change, not
 * with the shell: every route's first paint is spared them (scripts/check-bundle.mjs). One
 * promise, so changes are applied in the order they came; a failed load is tried again.
 */
function withHandlers(run: (h: Handlers) => void): void {
  handlers ??= Promise.all([
    import('../../lib/changes/change-effects.ts'),
    import('./change-patches.ts'),
  ]).then(([effects, patches]) => ({ ...effects, ...patches }));
  handlers.then(run, () => {
    handlers = undefined;
  });
}

function applyLocal(queryClient: QueryClient, changes: RealtimeChange[]): void {
  withHandlers(({ applyChanges, afterMutations, patchChange }) => {
    applyChanges(queryClient, changes);
    afterMutations(queryClient, () => {
      for (const change of changes) patchChange(queryClient, change);
    });
  });
}

function applyPushed(queryClient: QueryClient, message: RealtimeMessage, reconnect: boolean) {
  withHandlers(({ applyChange, afterMutations, patchChange, NOT_ON_RECONNECT }) => {
    if (reconnect) {
      void queryClient.invalidateQueries({
        predicate: (q) => !NOT_ON_RECONNECT.includes(String(q.queryKey[0])),
      });
      return;
    }
    applyChange(queryClient, message);
    // After this tab's running writes, as for its own changes: the event of a write this tab
    // queued (the outbox's carry no origin) may come before its answer, which holds the row.
    afterMutations(queryClient, () => patchChange(queryClient, message));
  });
}

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
    const stopLocal = onLocalChanges((changes) => applyLocal(queryClient, changes));
    const stopStream = subscribeRealtime((message) => {
      if (message.type === RT_EVENTS.hello) {
        hellos += 1;
        if (hellos > 1) applyPushed(queryClient, message, true);
        return;
      }
      if (message.origin === TAB_ORIGIN) return;
      if (message.type === RT_EVENTS.presence) {
        // The store (and the event's reader) load with the first presence event, not with the
        // shell: the field routes never show one.
        const data = message.data;
        void import('../../lib/presence/presence-store.ts').then((m) =>
          m.receivePushedPresence(data),
        );
        return;
      }
      applyPushed(queryClient, message, false);
    });
    return () => {
      stopLocal();
      stopStream();
    };
  }, [queryClient]);
}
