import { RT_EVENTS } from '@eproto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { subscribeRealtime } from '../../lib/realtime.ts';
import { NOT_ON_RECONNECT, invalidationsFor } from './realtime-invalidations.ts';

/**
 * Keeps the signed-in tab's query cache in step with the server: each push event refetches
 * the queries it makes stale; a reconnect refetches everything that could have been missed.
 * Polling at the SPEC intervals stays on as the fallback when the stream is down.
 */
export function useRealtimeSync(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let hellos = 0;
    const refetch = (keys: readonly (readonly unknown[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return subscribeRealtime((message) => {
      if (message.type === RT_EVENTS.hello) {
        hellos += 1;
        if (hellos > 1) {
          void queryClient.invalidateQueries({
            predicate: (q) => !NOT_ON_RECONNECT.includes(String(q.queryKey[0])),
          });
        }
        return;
      }
      refetch(invalidationsFor(message.type));
    });
  }, [queryClient]);
}
