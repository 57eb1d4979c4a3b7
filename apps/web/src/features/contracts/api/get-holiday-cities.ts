import type { HolidayCity } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /calendario/municipios — the cities with holidays of their own (a fixed list). */
export function getHolidayCities(): Promise<HolidayCity[]> {
  return api.get<HolidayCity[]>('/calendario/municipios');
}

export function useHolidayCities(enabled: boolean) {
  return useQuery({
    queryKey: ['calendario', 'municipios'],
    queryFn: getHolidayCities,
    staleTime: Infinity,
    enabled,
  });
}
