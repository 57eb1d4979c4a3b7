import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError } from '../../../lib/toast.ts';
import { addBoardParticipant } from './add-board-participant.ts';
import { boardKeys, muralKeys } from './keys.ts';
import { removeBoardParticipant } from './remove-board-participant.ts';

export interface ParticipantChanges {
  boardId: number;
  add: number[];
  remove: number[];
}

/** Adds and removes board participants one call each (SPEC.md §7 has no bulk call). */
export async function syncBoardParticipants({ boardId, add, remove }: ParticipantChanges) {
  for (const id of add) await addBoardParticipant(boardId, id);
  for (const id of remove) await removeBoardParticipant(boardId, id);
}

export function useSyncBoardParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncBoardParticipants,
    onError: (error) => toastError(error.message),
    onSettled: async (_d, _e, { boardId }) => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.participants(boardId) });
      await queryClient.invalidateQueries({ queryKey: boardKeys.list });
      // Who sees which demand may have changed.
      await queryClient.invalidateQueries({ queryKey: muralKeys.board(boardId) });
    },
  });
}
