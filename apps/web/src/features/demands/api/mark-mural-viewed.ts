import type { MuralCounts, MuralSummary } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** PATCH /eproto/murals/{id}/visualizado — opening the demand page marks it seen. */
export function markMuralViewed(id: number): Promise<{ ok: true; viewed_at: string }> {
  return api.patch<{ ok: true; viewed_at: string }>(`/eproto/murals/${id}/visualizado`);
}

/** Clears the unread marker in cached lists and counters without refetching them. */
export function useMarkMuralViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMuralViewed,
    onSuccess: (_data, id) => {
      const seen = (m: MuralSummary) => (m.id === id ? { ...m, unread: false } : m);
      queryClient.setQueriesData<MuralSummary[]>({ queryKey: muralKeys.boardLists }, (list) =>
        list?.map(seen),
      );
      queryClient.setQueriesData<Map<number, MuralCounts>>(
        { queryKey: ['murals', 'counts'] },
        (map) => {
          const c = map?.get(id);
          if (!map || !c) return map;
          return new Map(map).set(id, { ...c, unread: false, unread_messages: 0 });
        },
      );
      void queryClient.invalidateQueries({ queryKey: muralKeys.summaries });
    },
  });
}
