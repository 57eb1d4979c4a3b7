import type { AgendaEntry, SyncedList } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { patchSyncedLists } from '../../../lib/changes/synced-patch.ts';
import { mergeSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { AGENDA_KEY, byStart, getAgenda, type AgendaRange } from './get-agenda.ts';
import { getMyAgenda } from './get-my-agenda.ts';

const merge = (kept: SyncedList<AgendaEntry>, answer: SyncedList<AgendaEntry>) =>
  mergeSyncedList(kept, answer, byStart);

/**
 * An OS changed elsewhere (a step on a phone): the agenda cards show its status, so each
 * agenda on screen (the week board and month of /tatico/agenda, "Minha agenda") asks only the
 * entries changed since its cursor (or whose OS changed) and `ids`, and patches itself instead
 * of reading the period again. An OS step never moves an entry: the conflicts others show stay
 * as they are (a change of the agenda itself reads the period whole, change-effects.ts).
 */
export async function patchAgendaOnOsChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    patchSyncedLists(queryClient, {
      prefix: [...AGENDA_KEY, 'list'],
      ask: (queryKey, since) => getAgenda(queryKey[2] as AgendaRange, since),
      merge,
    }),
    patchSyncedLists(queryClient, {
      prefix: [...AGENDA_KEY, 'mine'],
      ask: ([, , de, ate], since) => getMyAgenda(String(de), String(ate), since),
      merge,
    }),
  ]);
}
