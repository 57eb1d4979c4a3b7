import type { AgendaEntry, AgendaStatus, SyncedList } from '@eproto/domain';
import { AGENDA_STATUS_LABELS } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { AGENDA_KEY } from './get-agenda.ts';
import { entryKey } from './get-entry.ts';

/** Kind of the queued status moves (outbox). */
export const AGENDA_STATUS_WRITE = 'agenda.status';

const VERB: Record<AgendaStatus, string> = {
  em_execucao: 'Iniciar',
  concluido: 'Concluir',
  cancelado: 'Cancelar',
  agendado: 'Reabrir',
};

export interface EntryStatusMove {
  entry: Pick<AgendaEntry, 'id' | 'descricao'>;
  status: AgendaStatus;
}

/**
 * The entry as the answer has it, in place of the card the week, the month and Minha agenda
 * hold (their cursors stay: what else changed comes with agenda.changed).
 */
function patchEntryInLists(queryClient: QueryClient, entry: AgendaEntry): void {
  for (const kind of ['list', 'mine']) {
    const lists = queryClient.getQueriesData<SyncedList<AgendaEntry>>({
      queryKey: [...AGENDA_KEY, kind],
    });
    for (const [queryKey, held] of lists) {
      if (!held?.items.some((e) => e.id === entry.id)) continue;
      queryClient.setQueryData(queryKey, {
        ...held,
        items: held.items.map((e) => (e.id === entry.id ? entry : e)),
      });
    }
  }
}

/**
 * POST /tatico/agenda/{id}/status {status} through the outbox: with signal it answers at once;
 * without it the move is kept on the phone with the time it happened and sent later. The
 * answer is the entry: its page is patched from it, and the card in every agenda on screen
 * with it (in place, the lists' cursors kept). The rest (the bookings whose conflicts moved,
 * other tabs) follows from the write's agenda.changed (lib/changes/change-effects.ts), which
 * asks nothing of the pages that hold the answer's version; the outbox reads the agenda
 * again only on a refusal, or when the push stream was down (`announced`).
 */
export function useSetEntryStatus() {
  return useOutboxMutation<EntryStatusMove, AgendaEntry>({
    kind: AGENDA_STATUS_WRITE,
    request: ({ entry, status }) => ({
      method: 'POST',
      path: `/tatico/agenda/${entry.id}/status`,
      body: { status },
      label: `${VERB[status]}: ${entry.descricao}`,
      meta: { entryId: entry.id, status },
      invalidate: [AGENDA_KEY],
      announced: true,
    }),
    onSent: (e, _vars, queryClient) => {
      toastSuccess(`Agendamento ${AGENDA_STATUS_LABELS[e.status].toLowerCase()}.`);
      queryClient.setQueryData(entryKey(e.id), e);
      patchEntryInLists(queryClient, e);
    },
  });
}

/** An entry's queued status moves: the status the last waiting one sets, and a refusal. */
interface EntryPendingMove {
  /** The status the entry shows while its moves wait for the signal (null: none waits). */
  status: AgendaStatus | null;
  /** The server refused one of them. */
  attention: boolean;
}

const NO_MOVE: EntryPendingMove = { status: null, attention: false };

/**
 * The queued status moves of every entry, read once for a whole list (one subscription to the
 * outbox, not one per card: its first load and each change drew every card again, issue 33).
 */
export function usePendingEntryMoves(): (entryId: number) => EntryPendingMove {
  const writes = usePendingWrites(AGENDA_STATUS_WRITE);
  const byEntry = new Map<number, EntryPendingMove>();
  for (const w of writes) {
    const id = Number(w.meta.entryId);
    const move = { ...(byEntry.get(id) ?? NO_MOVE) };
    if (w.state === 'attention') move.attention = true;
    else move.status = w.meta.status as AgendaStatus;
    byEntry.set(id, move);
  }
  return (entryId) => byEntry.get(entryId) ?? NO_MOVE;
}

/** The entry as the person sees it: with its waiting status move applied. */
export function withPendingStatus(entry: AgendaEntry, status: AgendaStatus | null): AgendaEntry {
  return status === null || status === entry.status ? entry : { ...entry, status };
}
