import type { ProtocolListQuery, ProtocolSummary } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { QueryParams } from '../../../lib/api-client.ts';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

export interface ProtocolPage {
  items: ProtocolSummary[];
  total: number;
}

/** The query as URL parameters (lists joined by commas). */
export function toParams(query: ProtocolListQuery): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    out[key] = Array.isArray(value) ? value.join(',') : (value as QueryParams[string]);
  }
  return out;
}

/** GET /eproto/protocols — one page of the tasks the caller sees; total in x-total-count. */
export async function getProtocols(
  query: ProtocolListQuery,
  signal?: AbortSignal,
): Promise<ProtocolPage> {
  const { data, headers } = await requestWithHeaders<ProtocolSummary[]>(
    'GET',
    '/eproto/protocols',
    { params: toParams(query), signal },
  );
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useProtocols(query: ProtocolListQuery, enabled = true) {
  return useQuery({
    queryKey: protocolKeys.list(query),
    queryFn: ({ signal }) => getProtocols(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
