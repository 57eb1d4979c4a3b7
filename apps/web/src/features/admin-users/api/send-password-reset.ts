import type { AdminUser } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** POST /users/{id}/password-reset — mails the person a one-hour reset link. */
export function sendPasswordReset(user: AdminUser): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/users/${user.id}/password-reset`);
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: (_data, user) => toastSuccess(`Link de redefinição enviado para ${user.email}.`),
    onError: (error) => toastError(error.message),
  });
}
