import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export interface PasswordResetInfo {
  email: string;
}

/** GET /auth/password-reset?token= — checks a reset link and answers its e-mail. */
export function getPasswordReset(token: string): Promise<PasswordResetInfo> {
  return api.get<PasswordResetInfo>('/auth/password-reset', { params: { token } });
}

export function usePasswordResetInfo(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset', token],
    queryFn: () => getPasswordReset(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
