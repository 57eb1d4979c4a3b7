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

/**
 * The entry as the person sees it: its queued status moves applied, with `pending` while they
 * wait for the signal and `attention` when the server refused one.
 */
export function useEntryWithPending(entry: AgendaEntry) {
  const writes = usePendingWrites(AGENDA_STATUS_WRITE, (w) => w.meta.entryId === entry.id);
  const waiting = writes.filter((w) => w.state !== 'attention');
  const last = waiting.at(-1);
  const status = (last?.meta.status as AgendaStatus | undefined) ?? entry.status;
  return {
    entry: status === entry.status ? entry : { ...entry, status },
    pending: waiting.length > 0,
    attention: writes.length > waiting.length,
  };
}
