import type { MuralCounts } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

const CHUNK = 1000;

/** GET /eproto/murals/counts?ids=1,2,3 in chunks of 1000 ids, merged into one map. */
export async function getMuralCounts(ids: number[], signal?: AbortSignal) {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      api.get<MuralCounts[]>('/eproto/murals/counts', { params: { ids: chunk.join(',') }, signal }),
    ),
  );
  return new Map(answers.flat().map((c) => [c.id, c]));
}

/** Query of the counters of these cards, keyed by the sorted ids (hook and prefetch share it). */
export function muralCountsQuery(ids: number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return {
    queryKey: muralKeys.counts(sorted.join(',')),
    queryFn: ({ signal }: { signal?: AbortSignal }) => getMuralCounts(sorted, signal),
  };
}

/** Task, message and attachment counters of the cards shown (keyed by the sorted ids). */
export function useMuralCounts(ids: number[]) {
  const query = useMemo(() => muralCountsQuery(ids), [ids]);
  return useQuery({
    ...query,
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });
}
