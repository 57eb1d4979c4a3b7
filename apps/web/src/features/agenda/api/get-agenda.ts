import type { AgendaEntry, SyncedList } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const AGENDA_KEY = ['agenda'] as const;

export interface AgendaRange {
  de: string;
  ate: string;
  pessoa_id?: number;
  contract_id?: number;
}

/** As the server lists them: by start, then id. */
export const byStart = (a: AgendaEntry, b: AgendaEntry) =>
  Date.parse(a.inicio) - Date.parse(b.inicio) || a.id - b.id;

/**
 * GET /tatico/agenda?de&ate — entries of the period in the gestor's contracts; with
 * `updated_since` only those changed since (or whose OS changed) and `ids`, the period's
 * entries now.
 */
export function getAgenda(range: AgendaRange, updatedSince?: string) {
  return api.get<SyncedList<AgendaEntry>>('/tatico/agenda', {
    params: { ...range, updated_since: updatedSince },
  });
}

/**
 * The agenda of a period (week board, month). It keeps the answer's cursor, from which a
 * change of an entry or of its OS patches it (get-agenda-changes.ts).
 */
export function useAgenda(range: AgendaRange, enabled = true) {
  return useQuery({
    queryKey: [...AGENDA_KEY, 'list', range],
    queryFn: () => getAgenda(range),
    placeholderData: keepPreviousData,
    enabled,
  });
}
