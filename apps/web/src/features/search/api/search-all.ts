import { SEARCH_MIN_LENGTH, searchNumber, type SearchResponse } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** Results per area shown in the search panel. */
export const SEARCH_LIMIT = 5;

/** True when a text is long enough to be looked up (2 characters, or a number such as "#7"). */
export function isSearchable(q: string): boolean {
  const text = q.trim();
  return text.length >= SEARCH_MIN_LENGTH || searchNumber(text) !== null;
}

/** GET /search?q=&limit= — results grouped by area, only what the user may open. */
export function searchAll(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>('/search', { params: { q, limit: SEARCH_LIMIT }, signal });
}

/** The global search of an already debounced text; keeps the previous results while typing. */
export function useGlobalSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['search', text],
    queryFn: ({ signal }) => searchAll(text, signal),
    enabled: isSearchable(text),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
