import type { AgendaEntry, EpiItem, OsListResponse } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { dayjs, formatDateTime } from '../../../lib/dates.ts';
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

/** Agenda entries of the next 30 days still to be done, for an APR not tied to an OS. */
export function useEntryOptions(enabled: boolean) {
  const de = dayjs().format('YYYY-MM-DD');
  const ate = dayjs().add(30, 'day').format('YYYY-MM-DD');
  return useQuery({
    queryKey: [...APR_PT_KEY, 'entry-options', de],
    enabled,
    queryFn: () => api.get<{ items: AgendaEntry[] }>('/tatico/agenda', { params: { de, ate } }),
    select: (d) =>
      d.items
        .filter((e) => e.status !== 'concluido' && e.status !== 'cancelado')
        .map((e) => ({
          value: String(e.id),
          label: `${formatDateTime(e.inicio)} — ${e.descricao} — ${e.contrato.codigo}`,
        })),
  });
}
