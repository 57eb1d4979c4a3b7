import type { AgendaEntry } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { AGENDA_KEY } from './get-agenda.ts';

export const entryKey = (id: number) => [...AGENDA_KEY, 'entry', id] as const;

/** GET /tatico/agenda/{id} */
export function useEntry(id: number | null) {
  return useQuery({
    queryKey: entryKey(id ?? 0),
    queryFn: () => api.get<AgendaEntry>(`/tatico/agenda/${id}`),
    enabled: id !== null,
  });
}
