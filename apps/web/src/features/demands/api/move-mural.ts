import type { Mural, MuralSummary, Stage } from '@eproto/domain';
import { DEFAULT_TIME_ZONE, STAGE_LABELS, todayIn } from '@eproto/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { applyStageMove, moveInList } from '../utils/stage-move.ts';
import type { MuralPage } from './get-murals-summary.ts';
import { muralKeys } from './keys.ts';

export interface MoveMuralInput {
  id: number;
  stage: Stage;
  /** Title for the failure toast. */
  titulo?: string;
}

/** PATCH /eproto/murals/{id}/kanban {stage} */
export function moveMural({ id, stage }: MoveMuralInput): Promise<Mural> {
  return api.patch<Mural>(`/eproto/murals/${id}/kanban`, { stage });
}

type Snapshot = Array<[QueryKey, unknown]>;

/** The Portuguese toast shown when a move is refused or fails (the card goes back). */
export function moveFailedMessage(input: MoveMuralInput, reason: string): string {
  const what = input.titulo ? `"${input.titulo}"` : 'a demanda';
  return `Não foi possível mover ${what} para ${STAGE_LABELS[input.stage]}. ${reason}`;
}

/**
 * Moves a demand to another stage at once in every cached board, list and page (optimistic);
 * on failure puts every cache back as it was and explains why in a toast.
 */
export function useMoveMural() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMural,
    onMutate: async (input): Promise<{ snapshot: Snapshot }> => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: muralKeys.boardLists }),
        queryClient.cancelQueries({ queryKey: muralKeys.summaries }),
        queryClient.cancelQueries({ queryKey: muralKeys.detail(input.id), exact: true }),
      ]);
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: muralKeys.boardLists }),
        ...queryClient.getQueriesData({ queryKey: muralKeys.summaries }),
        ...queryClient.getQueriesData({ queryKey: muralKeys.detail(input.id), exact: true }),
      ];
      const today = todayIn(DEFAULT_TIME_ZONE);
      queryClient.setQueriesData<MuralSummary[]>({ queryKey: muralKeys.boardLists }, (list) =>
        list ? moveInList(list, input.id, input.stage, today) : list,
      );
      queryClient.setQueriesData<MuralPage>({ queryKey: muralKeys.summaries }, (page) =>
        page ? { ...page, items: moveInList(page.items, input.id, input.stage, today) } : page,
      );
      queryClient.setQueryData<Mural>(muralKeys.detail(input.id), (m) =>
        m ? applyStageMove(m, input.stage, today) : m,
      );
      return { snapshot };
    },
    onError: (error, input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toastError(moveFailedMessage(input, error.message));
    },
    onSuccess: (mural) => {
      // Keep what the server decided (dates, late flag) in the cards too.
      const { stage, inicio_real, fim_real, atrasada, updated_at } = mural;
      const merge = (m: MuralSummary) =>
        m.id === mural.id ? { ...m, stage, inicio_real, fim_real, atrasada, updated_at } : m;
      queryClient.setQueriesData<MuralSummary[]>({ queryKey: muralKeys.boardLists }, (list) =>
        list?.map(merge),
      );
      queryClient.setQueryData(muralKeys.detail(mural.id), mural);
    },
    onSettled: async (_data, _error, input) => {
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(input.id) });
      await queryClient.invalidateQueries({ queryKey: muralKeys.summaries });
    },
  });
}
