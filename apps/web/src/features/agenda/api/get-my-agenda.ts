import type { AgendaEntry, SyncedList } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dates.ts';
import { fetchSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { AGENDA_KEY, byStart } from './get-agenda.ts';

export const myAgendaKey = (de: string, ate: string) => [...AGENDA_KEY, 'mine', de, ate] as const;

/** Today and six days on (YYYY-MM-DD): the week "Minha agenda" shows and the phone keeps. */
export function myWeek(now = dayjs()): { de: string; ate: string } {
  return { de: now.format('YYYY-MM-DD'), ate: now.add(6, 'day').format('YYYY-MM-DD') };
}

/** GET /tatico/agenda/minha?de&ate, with `updated_since` only what changed since and `ids`. */
export function getMyAgenda(de: string, ate: string, updatedSince?: string) {
  return api.get<SyncedList<AgendaEntry>>('/tatico/agenda/minha', {
    params: { de, ate, updated_since: updatedSince },
  });
}

/**
 * The signed-in person's entries (also prefetched). Kept on the phone: later fetches send
 * `updated_since` and merge only what changed.
 */
export const myAgendaQuery = (de: string, ate: string) =>
  queryOptions({
    queryKey: myAgendaKey(de, ate),
    queryFn: ({ client, queryKey }) =>
      fetchSyncedList(
        client.getQueryData<SyncedList<AgendaEntry>>(queryKey),
        (updatedSince) => getMyAgenda(de, ate, updatedSince),
        byStart,
      ),
  });

export function useMyAgenda(de: string, ate: string) {
  return useQuery(myAgendaQuery(de, ate));
}
