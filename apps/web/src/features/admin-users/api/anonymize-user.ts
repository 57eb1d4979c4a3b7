import type { AdminUser } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { ADMIN_USERS_KEY } from './get-users.ts';

interface Input {
  user: AdminUser;
  confirmacao: string;
}

/** POST /users/{id}/anonimizar {confirmacao} (ti, a deactivated account; LGPD). */
export function anonymizeUser({ user, confirmacao }: Input): Promise<AdminUser> {
  return api.post<AdminUser>(`/users/${user.id}/anonimizar`, { confirmacao });
}

export function useAnonymizeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymizeUser,
    onSuccess: (saved, { user }) =>
      toastSuccess(`Dados pessoais de ${user.nome} removidos. A conta agora é "${saved.nome}".`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
