import type { AgendaEntry, SyncedList } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dates.ts';
import { fetchSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { AGENDA_KEY } from './get-agenda.ts';

export const myAgendaKey = (de: string, ate: string) => [...AGENDA_KEY, 'mine', de, ate] as const;

/** Today and six days on (YYYY-MM-DD): the week "Minha agenda" shows and the phone keeps. */
export function myWeek(now = dayjs()): { de: string; ate: string } {
  return { de: now.format('YYYY-MM-DD'), ate: now.add(6, 'day').format('YYYY-MM-DD') };
}

/** As the server lists them: by start, then id. */
const byStart = (a: AgendaEntry, b: AgendaEntry) =>
  Date.parse(a.inicio) - Date.parse(b.inicio) || a.id - b.id;

/**
 * GET /tatico/agenda/minha?de&ate — the signed-in person's entries (also prefetched). Kept on
 * the phone: later fetches send `updated_since` and merge only what changed.
 */
export const myAgendaQuery = (de: string, ate: string) =>
  queryOptions({
    queryKey: myAgendaKey(de, ate),
    queryFn: ({ client, queryKey }) =>
      fetchSyncedList(
        client.getQueryData<SyncedList<AgendaEntry>>(queryKey),
        (updated_since) =>
          api.get<SyncedList<AgendaEntry>>('/tatico/agenda/minha', {
            params: { de, ate, updated_since },
          }),
        byStart,
      ),
  });

export function useMyAgenda(de: string, ate: string) {
  return useQuery(myAgendaQuery(de, ate));
}
