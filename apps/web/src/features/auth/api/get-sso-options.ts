import type { SsoOptions } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /auth/sso — the single sign-on provider /login offers (null when it is off). */
export function getSsoOptions(): Promise<SsoOptions> {
  return api.get<SsoOptions>('/auth/sso', { silent401: true });
}

export function useSsoOptions() {
  return useQuery({
    queryKey: ['auth', 'sso'],
    queryFn: getSsoOptions,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
