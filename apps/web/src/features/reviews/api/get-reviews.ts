import type { ReviewItem } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { requestWithHeaders } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** Filters of the review list (GET /eproto/reviews). */
export interface ReviewQuery {
  contract_id?: number | undefined;
  page: number;
  perPage: number;
}

export interface ReviewPage {
  items: ReviewItem[];
  total: number;
}

/** GET /eproto/reviews (contract_id, page, perPage) — pending reviews, oldest first. */
export async function getReviews(query: ReviewQuery, signal?: AbortSignal): Promise<ReviewPage> {
  const { data, headers } = await requestWithHeaders<ReviewItem[]>('GET', '/eproto/reviews', {
    params: { ...query },
    signal,
  });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useReviews(query: ReviewQuery) {
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) => getReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}
