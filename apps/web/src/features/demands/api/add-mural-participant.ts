import type { MuralParticipant } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** POST /eproto/murals/{id}/participants {user_id} — answers the new participant list. */
export function addMuralParticipant({ id, userId }: { id: number; userId: number }) {
  return api.post<MuralParticipant[]>(`/eproto/murals/${id}/participants`, { user_id: userId });
}

export function useAddMuralParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMuralParticipant,
    onSuccess: (list, { userId }) => {
      queryClient.setQueryData(muralKeys.participants(id), list);
      const nome = list.find((p) => p.user_id === userId)?.user.nome ?? 'Participante';
      toastSuccess(`${nome} agora participa da demanda.`);
    },
    onError: (error) => toastError(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: muralKeys.mentionables(id) });
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(id) });
    },
  });
}
