import {
  muralMoveOf,
  type CurrentUser,
  type MuralMove,
  type MuralPageChanges,
  type MuralSummary,
  type MuralSummaryQuery,
  type RealtimeChange,
  type Stage,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, type HeldPage } from '../../../lib/changes/page-delta.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { movedSummary } from './get-board-changes.ts';
import { toParams } from './get-murals-summary.ts';
import { muralKeys } from './keys.ts';

/**
 * GET /eproto/murals/summary/page/changes — the page's ids now and its demands changed since;
 * with `have` (the ids the tab holds), also those now on the page it does not hold (pushed in
 * from the page before or after), so the merge never needs the page whole.
 */
export function getPageChanges(
  query: MuralSummaryQuery,
  since: string,
  have?: readonly number[],
): Promise<MuralPageChanges> {
  return api.get<MuralPageChanges>('/eproto/murals/summary/page/changes', {
    params: {
      ...toParams(query),
      updated_since: since,
      ...(have && { have: have.join(',') }),
    },
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

/** true, false, or undefined when the event alone cannot tell. */
type Maybe = boolean | undefined;

const and = (a: Maybe, b: Maybe): Maybe =>
  a === false || b === false ? false : a === undefined || b === undefined ? undefined : true;

/**
 * Whether the moved demand is in the page's filtered list before and after the move, as far
 * as the event tells (murals.repo.ts muralListWhere): the stage filter by `from_stage` and
 * `stage`; a prazo filter leaves out concluded demands and asks about `fim_previsto`, which
 * the event does not carry: a demand the page holds passes it (it is listed, and the move
 * keeps the date); for one it does not hold, 'atrasadas' is `atrasada` when the move did not
 * conclude it, and 'semana' stays unknown, but the same before and after. Filters the move
 * cannot change (board, contract, priority, responsável, search) pass: the page was read
 * with them. `same`: the demand is in the list after the move exactly when it was before.
 */
function membership(query: MuralSummaryQuery, move: MuralMove, held: boolean) {
  const raw = query.stage;
  const stages: unknown[] = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',').filter(Boolean)
      : [];
  const byStage = stages.length > 0 || query.prazo !== undefined;
  // Unfiltered by stage, any stage passes (an event without from_stage included).
  const passes = (stage: Stage | undefined): Maybe =>
    !byStage
      ? true
      : stage === undefined
        ? undefined
        : (stages.length === 0 || stages.includes(stage)) &&
          (query.prazo === undefined || stage !== 'concluido');
  const was = held ? true : passes(move.from_stage);
  const is = passes(move.stage);
  // What the stage alone cannot tell: the due date, the same before and after the move.
  let due: Maybe = true;
  if (!held && query.prazo === 'atrasadas') {
    due = move.stage !== 'concluido' ? move.atrasada : undefined;
  } else if (!held && query.prazo === 'semana') {
    due = undefined;
  }
  const same: Maybe =
    was === undefined || is === undefined
      ? undefined
      : was === is || due === false
        ? true
        : due === undefined
          ? undefined
          : false;
  return { before: and(was, due), after: and(is, due), same };
}

/**
 * Where the demand stood before the move (`from`, its version then) against the page's rows
 * in a list sorted by updated_at: 'before' its first row, 'after' its last; undefined when it
 * cannot tell (an empty page, a tie to the millisecond: the server orders by microseconds,
 * then by id).
 */
function placeOf(page: HeldPage<MuralSummary>, from: string, desc: boolean) {
  const first = page.items[0];
  const last = page.items.at(-1);
  if (!first || !last) return undefined;
  // Its position along the list: the newest first when descending.
  const along = (iso: string) => (desc ? -Date.parse(iso) : Date.parse(iso));
  if (along(from) < along(first.updated_at)) return 'before';
  if (along(from) > along(last.updated_at)) return 'after';
  return undefined;
}

/**
 * A page of the Demandas list after a kanban move, worked out from the event alone
 * (MuralMove), or undefined when the page must ask its delta (…/page/changes since the
 * version). The move changes the stage, the real dates, `atrasada` and the version, so the
 * demand may enter or leave a page filtered by stage or prazo (membership) and, sorted by
 * updated_at, goes first (desc) or last (asc) in the whole list.
 *
 * A row the page holds must be at the version the move started from (movedSummary), else it
 * asks. It stays in the filters: patched in place when the sort is a field the move leaves
 * alone; sorted by -updated_at it goes first on page 1 (another page loses it to page 1 and
 * asks: a row comes up from the page before); by updated_at it goes last on the last page. It
 * leaves the filters: on the last page the row goes and the total drops; on another page a row
 * comes up from the next page (it asks).
 *
 * A row the page does not hold: out of the list before and after, the page is the same; in it
 * before and after (or unknown but the same), the page is the same when the sort keeps its
 * place, or sorted by updated_at when its old place (`from`) was on a page before this one
 * (desc; it goes to the top, page 1 asks) or after it (asc: it goes to the end, after this
 * page too). It left the list from after this page: the same rows, one less in the total.
 * Anything else (it entered the list, an unknown) asks.
 */
function pageAfterMove(
  page: HeldPage<MuralSummary>,
  query: MuralSummaryQuery,
  at: { id: number; version: string; move: MuralMove; me: number | undefined },
): HeldPage<MuralSummary> | undefined {
  const sort = query.sort ?? '-updated_at';
  const field = sort.replace(/^-/, '');
  const desc = sort.startsWith('-');
  const keepsPlace = MOVE_KEEPS_PLACE.has(field);
  const byVersion = field === 'updated_at';
  const pageNo = Number(query.page ?? 1);
  const lastPage = (pageNo - 1) * Number(query.perPage ?? 50) + page.items.length >= page.total;
  const row = page.items.find((m) => m.id === at.id);
  const { before, after, same } = membership(query, at.move, row !== undefined);
  if (row) {
    const next = movedSummary(row, at.version, at.move, at.me);
    if (!next) return undefined;
    const rest = page.items.filter((m) => m !== row);
    if (after === false) return lastPage ? { items: rest, total: page.total - 1 } : undefined;
    if (keepsPlace) return { ...page, items: page.items.map((m) => (m === row ? next : m)) };
    if (byVersion && desc && pageNo === 1) return { ...page, items: [next, ...rest] };
    if (byVersion && !desc && lastPage) return { ...page, items: [...rest, next] };
    return undefined;
  }
  if (before === false && after === false) return page;
  const place = byVersion ? placeOf(page, at.move.from, desc) : undefined;
  if (same !== true) {
    const left = before === true && after === false && place === 'after';
    return left ? { ...page, total: page.total - 1 } : undefined;
  }
  if (keepsPlace) return page;
  if (byVersion && (desc ? place === 'before' : place === 'after')) return page;
  return undefined;
}

/**
 * A demand changed elsewhere ('mural.changed' with its updated_at as `version`): each page of
 * the Demandas list on screen asks what changed on it since that version (its ids now, its
 * demands changed) and patches itself instead of reading every page again (page-delta.ts). A
 * page that shows the demand in that version already asks nothing, unless a part of it
 * changed (a message, a file: its unread mark moves without a new version); a demand not on
 * the page may come in (its new place in the sort or the filters), so such a page asks. It
 * asks with the ids it holds (`have`), so a demand pushed in unchanged comes in the answer and
 * the page is never read whole for it. A kanban move (data.move) is applied as it comes where
 * the page can do it alone (pageAfterMove, on any page and under any filter), asking nothing.
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
    // With the ids it holds: a demand pushed in unchanged comes in the answer.
    ask: (queryKey, since) =>
      getPageChanges(
        queryKey[2] as MuralSummaryQuery,
        since,
        queryClient.getQueryData<HeldPage<MuralSummary>>(queryKey)?.items.map((m) => m.id),
      ),
    shows,
    ...(move && {
      local: (page, queryKey) =>
        pageAfterMove(page, queryKey[2] as MuralSummaryQuery, { id, version, move, me }),
    }),
  });
}
