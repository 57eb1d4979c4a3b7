import type { AgendaEntry } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { AGENDA_KEY } from './get-agenda.ts';

export const myAgendaKey = (de: string, ate: string) => [...AGENDA_KEY, 'mine', de, ate] as const;

/** GET /tatico/agenda/minha?de&ate — the signed-in person's entries. */
export function useMyAgenda(de: string, ate: string) {
  return useQuery({
    queryKey: myAgendaKey(de, ate),
    queryFn: () =>
      api.get<{ items: AgendaEntry[] }>('/tatico/agenda/minha', { params: { de, ate } }),
  });
}
