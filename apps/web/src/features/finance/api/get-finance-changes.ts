import {
  RT_EVENTS,
  type FinanceItem,
  type FinanceListChanges,
  type RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, showsVersion } from '../../../lib/changes/page-delta.ts';
import { financeKeys, type FinanceQuery } from './keys.ts';

/** GET /eproto/financeiro/murals/changes — the page's ids now, its rows changed since, counters. */
function getFinanceChanges(query: FinanceQuery, since: string): Promise<FinanceListChanges> {
  return api.get<FinanceListChanges>('/eproto/financeiro/murals/changes', {
    params: {
      page: query.page,
      perPage: query.perPage,
      q: query.q,
      status: query.status?.join(','),
      updated_since: since,
    },
  });
}

/**
 * A demand's finance page (['finance', 'item', id]) holding an older version than the change is
 * read again; one that shows it (the tab whose step put the answer in) or none asks nothing.
 */
function refreshItem(queryClient: QueryClient, id: number, version: string) {
  const held = queryClient.getQueryData<FinanceItem>(financeKeys.item(id));
  if (held && Date.parse(held.updated_at) < Date.parse(version)) {
    void queryClient.invalidateQueries({ queryKey: financeKeys.item(id), exact: true });
  }
}

/**
 * A demand changed with a version: a finance step ('finance.changed', to finance and CFO) or
 * any other change of it ('mural.changed'). The finance list's page on screen asks what changed
 * on it since (`/murals/changes`, page-delta.ts patchPages) and takes the counters from the
 * same answer, instead of reading the list and the counters again; a page that already shows
 * the version asks nothing. A demand's change that is not a finance step moves no counter and
 * no demand into or out of the list: only a page that shows it (or is a search, whose
 * matches a new title moves) asks. The 'mural.changed' of a finance step (`data.finance`) asks
 * nothing: its 'finance.changed' does. Counters not patched by an answer are read again on a
 * finance step. Without a version (a deleted demand) change-effects.ts reads them again.
 */
export async function patchFinanceOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  refreshItem(queryClient, id, version);
  const step = change.type === RT_EVENTS.financeChanged;
  if (!step && change.data?.finance === true) return;
  let counted = false;
  await patchPages<FinanceItem>(queryClient, {
    prefix: financeKeys.lists,
    since: version,
    shows: showsVersion([id], version),
    // Not a finance step: a page without the demand stays as it is, unless it is a search.
    local: (page, queryKey) => {
      const query = queryKey[2] as FinanceQuery;
      return !step && !query.q && !page.items.some((i) => i.id === id) ? page : undefined;
    },
    ask: async (queryKey, since) => {
      const answer = await getFinanceChanges(queryKey[2] as FinanceQuery, since);
      queryClient.setQueryData(financeKeys.counters, answer.counters);
      counted = true;
      return answer;
    },
  });
  if (step && !counted) {
    void queryClient.invalidateQueries({ queryKey: financeKeys.counters, exact: true });
  }
}
