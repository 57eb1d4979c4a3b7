import type { MuralParticipant } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** DELETE /eproto/murals/{id}/participants/{userId} */
export function removeMuralParticipant({ id, userId }: { id: number; userId: number }) {
  return api.delete<{ ok: true }>(`/eproto/murals/${id}/participants/${userId}`);
}

/** Optimistic removal, put back with a toast on failure. */
export function useRemoveMuralParticipant(id: number) {
  const queryClient = useQueryClient();
  const key = muralKeys.participants(id);
  return useMutation({
    mutationFn: removeMuralParticipant,
    onMutate: async ({ userId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<MuralParticipant[]>(key);
      queryClient.setQueryData<MuralParticipant[]>(key, (list) =>
        list?.filter((p) => p.user_id !== userId),
      );
      return { previous };
    },
    onSuccess: () => toastSuccess('Participante removido.'),
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      toastError(error.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: muralKeys.mentionables(id) });
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(id) });
    },
  });
}
