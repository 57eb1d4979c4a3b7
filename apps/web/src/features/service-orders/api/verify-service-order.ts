import type { OsVerifyResponse } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { ApiError } from '../../../lib/api-error.ts';

/** GET /public/os/verificar/{codigo} — no session; authentic, altered or not sealed. */
export function useVerifyServiceOrder(codigo: string) {
  return useQuery<OsVerifyResponse, ApiError>({
    queryKey: ['public', 'os-verify', codigo],
    queryFn: () =>
      api.get<OsVerifyResponse>(`/public/os/verificar/${encodeURIComponent(codigo)}`, {
        silent401: true,
      }),
    retry: false,
  });
}
