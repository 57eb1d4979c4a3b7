import type { OsDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { osKey } from './keys.ts';

/** GET /tatico/os/{id} — everything the OS page shows. */
export function getServiceOrder(id: number): Promise<OsDetail> {
  return api.get(`/tatico/os/${id}`);
}

export function useServiceOrder(id: number) {
  return useQuery({ queryKey: osKey(id), queryFn: () => getServiceOrder(id) });
}
