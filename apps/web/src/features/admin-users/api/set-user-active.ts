import type { AdminUser, UserList } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { ADMIN_USERS_KEY } from './get-users.ts';

interface Input {
  user: AdminUser;
  active: boolean;
}

/** POST /users/{id}/deactivate or /users/{id}/reactivate */
export function setUserActive({ user, active }: Input): Promise<AdminUser> {
  return api.post<AdminUser>(`/users/${user.id}/${active ? 'reactivate' : 'deactivate'}`);
}

/** Flips the status in every cached page at once; rolls back with a toast on failure. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onMutate: async ({ user, active }) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_USERS_KEY });
      const previous = queryClient.getQueriesData<UserList>({ queryKey: ADMIN_USERS_KEY });
      queryClient.setQueriesData<UserList>({ queryKey: ADMIN_USERS_KEY }, (list) =>
        list
          ? { ...list, items: list.items.map((u) => (u.id === user.id ? { ...u, active } : u)) }
          : list,
      );
      return { previous };
    },
    onSuccess: (_user, { user, active }) =>
      toastSuccess(
        active
          ? `Acesso de ${user.nome} reativado: já pode entrar.`
          : `Acesso de ${user.nome} desativado; as sessões abertas foram encerradas.`,
      ),
    onError: (error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toastError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
