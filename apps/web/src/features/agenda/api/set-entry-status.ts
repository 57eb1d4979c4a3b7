import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { AGENDA_STATUS_LABELS } from '@eproto/domain';

import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { AGENDA_KEY } from './get-agenda.ts';

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
 * POST /tatico/agenda/{id}/status {status} through the outbox: with signal it answers at once;
 * without it the move is kept on the phone with the time it happened and sent later.
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
    }),
    onSent: (e, _vars, queryClient) => {
      toastSuccess(`Agendamento ${AGENDA_STATUS_LABELS[e.status].toLowerCase()}.`);
      void queryClient.invalidateQueries({ queryKey: AGENDA_KEY });
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
