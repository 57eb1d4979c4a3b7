import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** POST /auth/password-reset-request — e-mails a reset link when the address exists. */
export function requestPasswordReset(email: string): Promise<{ message?: string } | null> {
  return api.post<{ message?: string } | null>('/auth/password-reset-request', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
