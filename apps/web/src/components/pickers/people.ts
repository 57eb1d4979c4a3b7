import type { FieldPerson } from '@eproto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';
import { PICKER_KEYS, PICKER_STALE, toOption } from './keys.ts';

/** GET /tatico/pessoas — the active people every people picker offers (one cache entry). */
const peoplePickerQuery = () =>
  queryOptions({
    queryKey: PICKER_KEYS.people,
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    staleTime: PICKER_STALE,
  });

/** The active people (week rows, OS team, preventive team). */
export function usePeople(enabled = true) {
  return useQuery({ ...peoplePickerQuery(), enabled, select: (d) => d.items });
}

/** The active people as select options (value: the id as text, label: the name). */
export function usePeopleOptions(enabled = true) {
  return useQuery({
    ...peoplePickerQuery(),
    enabled,
    select: (d) => d.items.map((p) => toOption(p.id, p.nome)),
  });
}

/**
 * GET /tatico/pessoas?q= — the people a search box finds (the server's list search: accents
 * and case ignored); every active person while the box is empty. The last answer stays on
 * screen while the next one loads.
 */
export function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: q ? [...PICKER_KEYS.people, { q }] : PICKER_KEYS.people,
    queryFn: () =>
      api.get<{ items: FieldPerson[] }>('/tatico/pessoas', { params: { q: q || undefined } }),
    staleTime: q ? 60_000 : PICKER_STALE,
    placeholderData: keepPreviousData,
    select: (d) => d.items,
  });
}
