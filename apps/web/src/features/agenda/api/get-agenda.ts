import type { AgendaEntry } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const AGENDA_KEY = ['agenda'] as const;

export interface AgendaRange {
  de: string;
  ate: string;
  pessoa_id?: number;
  contract_id?: number;
}

/** GET /tatico/agenda?de&ate — entries of the period in the gestor's contracts. */
export function useAgenda(range: AgendaRange, enabled = true) {
  return useQuery({
    queryKey: [...AGENDA_KEY, 'list', range],
    queryFn: () => api.get<{ items: AgendaEntry[] }>('/tatico/agenda', { params: { ...range } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
