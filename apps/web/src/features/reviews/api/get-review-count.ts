import { POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const REVIEW_COUNT_KEY = ['reviews', 'count'] as const;

/** GET /eproto/reviews/count -> {count}; any failure counts as 0 (SPEC.md §8). */
export async function getReviewCount(): Promise<number> {
  try {
    const data = await api.get<{ count?: unknown } | null>('/eproto/reviews/count');
    const count = Number(data?.count);
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** Pending reviews for the side-menu badge, polled every 25 s; never fetched for equipe. */
export function useReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: REVIEW_COUNT_KEY,
    queryFn: getReviewCount,
    enabled,
    refetchInterval: POLL.reviewCountMs,
  });
}
