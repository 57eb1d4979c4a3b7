import {
  muralMoveOf,
  type CurrentUser,
  type MuralMove,
  type MuralPageChanges,
  type MuralSummary,
  type MuralSummaryQuery,
  type RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, type HeldPage } from '../../../lib/changes/page-delta.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { movedSummary } from './get-board-changes.ts';
import { toParams } from './get-murals-summary.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/summary/page/changes — the page's ids now and its demands changed since. */
export function getPageChanges(query: MuralSummaryQuery, since: string): Promise<MuralPageChanges> {
  return api.get<MuralPageChanges>('/eproto/murals/summary/page/changes', {
    params: { ...toParams(query), updated_since: since },
  });
}

/** Sorts whose order a kanban move leaves alone (ties go by id: work-item-order.repo.ts). */
const MOVE_KEEPS_PLACE = new Set<string>([
  'titulo',
  'prioridade',
  'inicio_previsto',
  'fim_previsto',
  'created_at',
]);

/**
 * A page of the Demandas list after a kanban move, worked out from the event alone
 * (MuralMove), or undefined when the page must ask. The move changes the stage, the real
 * dates, `atrasada` and the version: a page filtered by stage or prazo may gain or lose the
 * demand (it asks); sorted by a field the move leaves alone, the row is patched in place and a
 * page without it is the same page; sorted by -updated_at the row goes first, which only the
 * first page holding it can do alone (and updated_at ascending: last, on the last page). A
 * row not at the version the move started from (movedSummary) asks.
 */
function pageAfterMove(
  page: HeldPage<MuralSummary>,
  query: MuralSummaryQuery,
  at: { id: number; version: string; move: MuralMove; me: number | undefined },
): HeldPage<MuralSummary> | undefined {
  const stages = query.stage;
  const byStage = Array.isArray(stages) ? stages.length > 0 : Boolean(stages);
  if (byStage || query.prazo !== undefined) return undefined;
  const sort = query.sort ?? '-updated_at';
  const keepsPlace = MOVE_KEEPS_PLACE.has(sort.replace(/^-/, ''));
  const row = page.items.find((m) => m.id === at.id);
  if (!row) return keepsPlace ? page : undefined;
  const next = movedSummary(row, at.version, at.move, at.me);
  if (!next) return undefined;
  const rest = page.items.filter((m) => m !== row);
  const pageNo = Number(query.page ?? 1);
  const last = (pageNo - 1) * Number(query.perPage ?? 50) + page.items.length;
  if (keepsPlace) return { ...page, items: page.items.map((m) => (m === row ? next : m)) };
  if (sort === '-updated_at' && pageNo === 1) return { ...page, items: [next, ...rest] };
  if (sort === 'updated_at' && last >= page.total) return { ...page, items: [...rest, next] };
  return undefined;
}

/**
 * A demand changed elsewhere ('mural.changed' with its updated_at as `version`): each page of
 * the Demandas list on screen asks what changed on it since that version (its ids now, its
 * demands changed) and patches itself instead of reading every page again (page-delta.ts). A
 * page that shows the demand in that version already asks nothing, unless a part of it
 * changed (a message, a file: its unread mark moves without a new version); a demand not on
 * the page may come in (its new place in the sort or the filters), so such a page asks. A
 * kanban move (data.move) is applied as it comes where the page can do it alone
 * (pageAfterMove), asking nothing.
 */
export async function patchSummariesOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  const shows = (page: HeldPage<MuralSummary>) => {
    const row = page.items.find((m) => m.id === id);
    if (!row || change.data?.part !== undefined) return false;
    return Date.parse(row.updated_at) >= Date.parse(version);
  };
  const move = muralMoveOf(change);
  const me = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;
  await patchPages<MuralSummary>(queryClient, {
    prefix: muralKeys.summaries,
    since: version,
    ask: (queryKey, since) => getPageChanges(queryKey[2] as MuralSummaryQuery, since),
    shows,
    ...(move && {
      local: (page, queryKey) =>
        pageAfterMove(page, queryKey[2] as MuralSummaryQuery, { id, version, move, me }),
    }),
  });
}
