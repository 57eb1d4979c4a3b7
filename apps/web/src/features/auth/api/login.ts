import type { CurrentUser, LoginBody } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export interface LoginResult {
  user?: CurrentUser | null;
}

/** POST /auth/login — sets the session cookie and answers the user. */
export function login(body: LoginBody): Promise<LoginResult | null> {
  return api.post<LoginResult | null>('/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
