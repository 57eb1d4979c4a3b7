import type { ServiceType, ServiceTypeSummary } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { serviceTypeKey, serviceTypesKey } from './keys.ts';

/** GET /tatico/os/tipos — service types (checklist templates). */
export function serviceTypesQuery() {
  return {
    queryKey: serviceTypesKey,
    queryFn: () => api.get<{ items: ServiceTypeSummary[] }>('/tatico/os/tipos'),
  };
}

/** The service types (see serviceTypesQuery). */
export function useServiceTypes() {
  return useQuery({
    ...serviceTypesQuery(),
    select: (d) => d.items,
    staleTime: 60_000,
  });
}

/** GET /tatico/os/tipos/{id} — the newest version with its items. */
export function useServiceType(id: number | null) {
  return useQuery({ ...serviceTypeQuery(id ?? 0), enabled: id !== null });
}

/** One service type with its checklist (see useServiceType). */
export function serviceTypeQuery(id: number) {
  return {
    queryKey: serviceTypeKey(id),
    queryFn: () => api.get<ServiceType>(`/tatico/os/tipos/${id}`),
  };
}
