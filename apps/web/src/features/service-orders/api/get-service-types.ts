import type { ServiceType, ServiceTypeSummary } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { serviceTypeKey, serviceTypesKey } from './keys.ts';

/** GET /tatico/os/tipos — service types (checklist templates). */
export function useServiceTypes() {
  return useQuery({
    queryKey: serviceTypesKey,
    queryFn: () => api.get<{ items: ServiceTypeSummary[] }>('/tatico/os/tipos'),
    select: (d) => d.items,
    staleTime: 60_000,
  });
}

/** GET /tatico/os/tipos/{id} — the newest version with its items. */
export function useServiceType(id: number | null) {
  return useQuery({
    queryKey: serviceTypeKey(id ?? 0),
    queryFn: () => api.get<ServiceType>(`/tatico/os/tipos/${id}`),
    enabled: id !== null,
  });
}
