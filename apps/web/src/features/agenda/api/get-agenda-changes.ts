import type { AgendaEntry, RealtimeChange, SyncedList } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { refreshRowPage } from '../../../lib/changes/page-delta.ts';
import { patchSyncedLists } from '../../../lib/changes/synced-patch.ts';
import { mergeSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { AGENDA_KEY, byStart, getAgenda, type AgendaRange } from './get-agenda.ts';
import { entryKey } from './get-entry.ts';
import { getMyAgenda } from './get-my-agenda.ts';

const merge = (kept: SyncedList<AgendaEntry>, answer: SyncedList<AgendaEntry>) =>
  mergeSyncedList(kept, answer, byStart);

/**
 * An entry or its OS changed elsewhere (agenda.changed, service-order.changed): each agenda on
 * screen (the week board and month of /tatico/agenda, "Minha agenda") asks only the entries
 * changed since its cursor (or whose OS changed) and `ids`, and patches itself instead of
 * reading the period again. The other bookings whose conflicts a write moved come with it:
 * the server bumps their version in the same transaction (agenda.service.ts).
 */
export async function patchAgendaOnChange(queryClient: QueryClient): Promise<void> {
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

/**
 * The page of the entry an agenda write is about (agenda.changed's id and version, its
 * `updated_at` after the write): nothing is asked when it shows that version already (the
 * tab whose write put the answer in); otherwise it is read once. The other entries the change
 * names are read again by lib/changes/change-effects.ts.
 */
export function patchEntryPageOnChange(queryClient: QueryClient, change: RealtimeChange) {
  if (change.id === undefined || change.version === undefined) return Promise.resolve();
  return refreshRowPage(
    queryClient,
    entryKey(change.id),
    change.version,
    (data) => (data as AgendaEntry).updated_at,
  );
}
