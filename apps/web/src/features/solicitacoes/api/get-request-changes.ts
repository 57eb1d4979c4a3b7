import type {
  RealtimeChange,
  RequestDetail,
  RequestList,
  RequestListQuery,
  Solicitacao,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchQueries, refreshRowPage } from '../../../lib/changes/page-delta.ts';
import { mergeSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { requestKey } from './get-request.ts';
import { REQUESTS_KEY } from './get-requests.ts';

/** As the server lists them: newest request first. */
const newestFirst = (a: Solicitacao, b: Solicitacao) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** Whether a list already shows request `id` in `version` or later (the tab that wrote it). */
const showsRequest = (id: number, version: string) => (data: unknown) => {
  const row = (data as RequestList).items.find((r) => r.id === id);
  return row !== undefined && Date.parse(row.updated_at) >= Date.parse(version);
};

/**
 * A request changed ('requests.changed' with its id and version, its `updated_at`; sent only to
 * who may see it): each list of /solicitacoes on screen asks only what changed since its
 * cursor (`GET /solicitacoes?…&updated_since=`: the rows changed, the `ids` its filters list
 * now, the counts per status) and merges it, instead of reading the list again; a list already
 * showing the version asks nothing. The request's own page is read once unless it holds that
 * version (refreshRowPage). Without a version, lib/changes/change-effects.ts reads them again.
 */
export async function patchRequestsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  await Promise.all([
    patchQueries(queryClient, {
      prefix: [...REQUESTS_KEY, 'list'],
      sinceOf: (data) => (data as RequestList).cursor,
      shows: showsRequest(id, version),
      apply: async (queryKey, since) => {
        const query = (queryKey[2] ?? {}) as RequestListQuery;
        const answer = await api.get<RequestList>('/solicitacoes', {
          params: { ...query, updated_since: since },
        });
        const kept = queryClient.getQueryData<RequestList>(queryKey);
        if (kept === undefined) return true;
        const merged = mergeSyncedList(kept, answer, newestFirst);
        queryClient.setQueryData<RequestList>(queryKey, { ...merged, contagem: answer.contagem });
        return true;
      },
    }),
    refreshRowPage(
      queryClient,
      requestKey(id),
      version,
      (data) => (data as RequestDetail).solicitacao.updated_at,
    ),
  ]);
}
