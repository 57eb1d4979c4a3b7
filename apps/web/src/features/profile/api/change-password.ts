import type { ChangePasswordBody } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** POST /profile/password {currentPassword, newPassword} — ends the other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/profile/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
