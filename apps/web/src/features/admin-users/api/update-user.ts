import type { AdminUser, UpdateUserBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { ADMIN_USERS_KEY } from './get-users.ts';

/** PATCH /users/{id} {nome?, role?} */
export function updateUser({ id, body }: { id: number; body: UpdateUserBody }): Promise<AdminUser> {
  return api.patch<AdminUser>(`/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => toastSuccess(`Dados de ${user.nome} atualizados.`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
