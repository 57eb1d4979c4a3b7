import type { FieldPerson } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /tatico/pessoas — active people, for the employee pickers. */
export function usePeople() {
  return useQuery({
    queryKey: ['epi', 'people'],
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    staleTime: 5 * 60_000,
    select: (d) => d.items,
  });
}

/**
 * GET /tatico/pessoas?q= — the people the fichas' search box finds (the server's list search:
 * accents and case ignored); every active person while the box is empty. The last answer stays
 * on screen while the next one loads.
 */
export function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: ['epi', 'people', { q }],
    queryFn: () =>
      api.get<{ items: FieldPerson[] }>('/tatico/pessoas', { params: { q: q || undefined } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (d) => d.items,
  });
}
