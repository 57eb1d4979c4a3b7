import type { PmocVerification } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { ApiError } from '../../../lib/api-error.ts';

/** GET /public/pmoc/verificar/{codigo} — no session: contract, year, date and SHA-256. */
export function usePmocVerification(codigo: string) {
  return useQuery<PmocVerification, ApiError>({
    queryKey: ['public', 'pmoc', codigo],
    queryFn: () =>
      api.get<PmocVerification>(`/public/pmoc/verificar/${encodeURIComponent(codigo)}`, {
        silent401: true,
      }),
    retry: false,
  });
}
