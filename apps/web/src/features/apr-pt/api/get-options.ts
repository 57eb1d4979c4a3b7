import type { EpiItem, FieldPerson, OsListResponse } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY } from './keys.ts';

/** Open OSs for the APR form (GET /tatico/os, not concluded or cancelled). */
export function useOsOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'os-options'],
    enabled,
    queryFn: () => api.get<OsListResponse>('/tatico/os', { params: { perPage: 200 } }),
    select: (d) =>
      d.items
        .filter((o) => o.status !== 'concluida' && o.status !== 'cancelada')
        .map((o) => ({ value: String(o.id), label: `${o.codigo} — ${o.tipo.nome} — ${o.local}` })),
  });
}

/** Active EPI catalogue items (GET /tatico/epi/itens). */
export function useEpiOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'epi-options'],
    enabled,
    queryFn: () => api.get<{ items: EpiItem[] }>('/tatico/epi/itens'),
    select: (d) =>
      d.items.map((i) => ({
        value: String(i.id),
        label: `${i.nome} (${i.tamanho}, CA ${i.ca_numero})`,
      })),
  });
}

/** Active people (GET /tatico/pessoas). */
export function usePeopleOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'people'],
    enabled,
    queryFn: () => api.get<{ items: FieldPerson[] }>('/tatico/pessoas'),
    select: (d) => d.items.map((p) => ({ value: String(p.id), label: p.nome })),
  });
}
