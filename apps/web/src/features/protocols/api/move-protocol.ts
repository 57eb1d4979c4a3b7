import type { Protocol, ProtocolSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS } from '@eproto/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import type { ProtocolPage } from './get-protocols.ts';
import { protocolKeys } from './keys.ts';

export interface MoveProtocolInput {
  id: number;
  stage: Stage;
  titulo?: string;
}

/** PATCH /eproto/protocols/{id}/kanban {stage} */
export function moveProtocol({ id, stage }: MoveProtocolInput): Promise<Protocol> {
  return api.patch<Protocol>(`/eproto/protocols/${id}/kanban`, { stage });
}

/** The toast shown when a move is refused or fails (the card goes back). */
export function moveFailedMessage(input: MoveProtocolInput, reason: string): string {
  const what = input.titulo ? `"${input.titulo}"` : 'a tarefa';
  return `Não foi possível mover ${what} para ${STAGE_LABELS[input.stage]}. ${reason}`;
}

type Snapshot = Array<[QueryKey, unknown]>;

const moveIn = (items: ProtocolSummary[], id: number, stage: Stage) =>
  items.map((t) => (t.id === id ? { ...t, stage } : t));

/** The task page's answer as a row of the lists (without the page-only fields). */
export function summaryOf(task: Protocol): ProtocolSummary {
  const {
    created_by_nome: _c,
    reviewed_by: _r,
    reviewed_by_nome: _n,
    reviewed_at: _a,
    review_comment: _m,
    permissions: _p,
    ...summary
  } = task;
  return summary;
}

/**
 * Moves a task to another stage at once in every cached list and page (optimistic); on failure
 * every cache goes back as it was and a toast explains why. The answer is patched in (the row
 * in its new version, with the dates and review state the move set); nothing is read again
 * here: the write's changes (X-Changes: 'protocol.changed', the demand's part 'tasks') are the
 * one owner of what else goes stale, and the pages that already hold the answer's version ask
 * nothing (get-protocol-changes.ts).
 */
export function useMoveProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveProtocol,
    onMutate: async (input): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: protocolKeys.lists });
      await queryClient.cancelQueries({ queryKey: protocolKeys.detail(input.id), exact: true });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: protocolKeys.lists }),
        ...queryClient.getQueriesData({ queryKey: protocolKeys.detail(input.id), exact: true }),
      ];
      queryClient.setQueriesData<ProtocolPage>({ queryKey: protocolKeys.lists }, (page) =>
        page ? { ...page, items: moveIn(page.items, input.id, input.stage) } : page,
      );
      queryClient.setQueryData<Protocol>(protocolKeys.detail(input.id), (t) =>
        t ? { ...t, stage: input.stage } : t,
      );
      return { snapshot };
    },
    onError: (error, input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toastError(moveFailedMessage(input, error.message));
    },
    onSuccess: (task) => {
      queryClient.setQueryData(protocolKeys.detail(task.id), task);
      const row = summaryOf(task);
      queryClient.setQueriesData<ProtocolPage>({ queryKey: protocolKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((t) => (t.id === row.id ? row : t)) } : page,
      );
    },
  });
}
