import type { MuralSummary, MuralSummaryQuery } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { QueryParams } from '../../../lib/api-client.ts';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

export interface MuralPage {
  items: MuralSummary[];
  total: number;
}

/** The query as URL parameters (lists joined by commas). */
export function toParams(query: MuralSummaryQuery): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] = Array.isArray(value) ? value.join(',') : (value as QueryParams[string]);
  }
  return out;
}

/**
 * GET /eproto/murals/summary — one page of the caller's demands; the total comes in
 * x-total-count. `no-cache` revalidates with the ETag (a 304 is served from the cache).
 */
export async function getMuralsSummary(
  query: MuralSummaryQuery,
  signal?: AbortSignal,
): Promise<MuralPage> {
  const { data, headers } = await requestWithHeaders<MuralSummary[]>(
    'GET',
    '/eproto/murals/summary',
    { params: toParams(query), cache: 'no-cache', signal },
  );
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useMuralsSummary(query: MuralSummaryQuery, enabled = true) {
  return useQuery({
    queryKey: muralKeys.summary(query),
    queryFn: ({ signal }) => getMuralsSummary(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
