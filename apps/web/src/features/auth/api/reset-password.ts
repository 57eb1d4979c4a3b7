import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** POST /auth/password-reset — sets the new password of a reset link. */
export function resetPassword(body: { token: string; password: string }): Promise<unknown> {
  return api.post('/auth/password-reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
