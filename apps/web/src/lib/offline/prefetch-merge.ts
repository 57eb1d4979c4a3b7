import type { SyncedList } from '@eproto/domain';
import { SYNC_CURSOR_OVERLAP_MS } from '@eproto/domain';

/**
 * Merges a list answer into the kept copy. A full answer (no `ids`) replaces it; a partial one
 * (`updated_since` was sent) overwrites the changed rows by id, adds the new ones and drops
 * every kept row missing from `ids` (deleted, moved out of the list, no longer the person's).
 * `order` sorts the result as the server would have.
 */
export function mergeSyncedList<T extends { id: number }>(
  kept: SyncedList<T> | undefined,
  answer: SyncedList<T>,
  order?: (a: T, b: T) => number,
): SyncedList<T> {
  if (!kept || answer.ids === undefined) return answer;
  const live = new Set(answer.ids);
  const byId = new Map(kept.items.map((i) => [i.id, i]));
  for (const item of answer.items) byId.set(item.id, item);
  const items = [...byId.values()].filter((i) => live.has(i.id));
  if (order) items.sort(order);
  return { items, cursor: answer.cursor ?? kept.cursor };
}

/**
 * The fetch of a list the phone keeps: the whole list the first time, afterwards only what
 * changed since the kept copy's `cursor`, merged into it (one small request per sync).
 */
export async function fetchSyncedList<T extends { id: number }>(
  kept: SyncedList<T> | undefined,
  fetch: (updatedSince: string | undefined) => Promise<SyncedList<T>>,
  order?: (a: T, b: T) => number,
): Promise<SyncedList<T>> {
  const since = kept?.cursor;
  return mergeSyncedList(since ? kept : undefined, await fetch(since), order);
}

/** A message of a thread the phone keeps (demand, task, OS): never deleted, only added to. */
interface ThreadRow {
  id: number;
  created_at: string;
  updated_at?: string | undefined;
}

/**
 * The cursor of a kept thread: its newest `updated_at` (server time) less the overlap, so a
 * message committed late is still asked for. Undefined when nothing is kept.
 */
export function threadCursor(kept: readonly ThreadRow[] | undefined): string | undefined {
  let newest = 0;
  for (const m of kept ?? []) newest = Math.max(newest, Date.parse(m.updated_at ?? m.created_at));
  return newest > 0 ? new Date(newest - SYNC_CURSOR_OVERLAP_MS).toISOString() : undefined;
}

/**
 * The fetch of a thread the phone keeps: the whole thread the first time, afterwards only the
 * messages posted or changed since the kept copy's newest one, merged by id, oldest first.
 */
export async function fetchSyncedThread<T extends ThreadRow>(
  kept: readonly T[] | undefined,
  fetch: (updatedSince: string | undefined) => Promise<T[]>,
): Promise<T[]> {
  const since = threadCursor(kept);
  const answer = await fetch(since);
  if (!since || !kept) return answer;
  const byId = new Map(kept.map((m) => [m.id, m]));
  for (const m of answer) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  );
}

/** The newest page of a conversation (chat), as kept and as answered. */
interface ConversationPage<T extends { id: number }> {
  items: T[];
  hasMore: boolean;
  cursor?: string | undefined;
  partial?: boolean | undefined;
}

/**
 * Merges a conversation's newest page: a `partial` answer (only messages posted or read since
 * `updated_since`) overwrites the kept ones by id and adds the new ones, oldest first; a whole
 * page replaces it. Messages on their way (negative temporary ids) are left out, as a whole
 * refetch would.
 */
export function mergeNewestPage<T extends { id: number }, P extends ConversationPage<T>>(
  kept: P | undefined,
  answer: P,
): P {
  if (!kept || !answer.partial) return answer;
  const byId = new Map(kept.items.filter((m) => m.id > 0).map((m) => [m.id, m]));
  for (const m of answer.items) byId.set(m.id, m);
  const items = [...byId.values()].sort((a, b) => a.id - b.id);
  return { ...kept, items, cursor: answer.cursor ?? kept.cursor };
}

/**
 * The fetch of a conversation's newest page the phone keeps: whole the first time, afterwards
 * only what changed since its `cursor`, merged into it.
 */
export async function fetchNewestPage<T extends { id: number }, P extends ConversationPage<T>>(
  kept: P | undefined,
  fetch: (updatedSince: string | undefined) => Promise<P>,
): Promise<P> {
  const since = kept?.cursor;
  return mergeNewestPage<T, P>(since ? kept : undefined, await fetch(since));
}

/** A page of a list (OS list, the bell) as kept and as answered: its other fields ride along. */
interface SyncedPage<T extends { id: number }> {
  items: T[];
  cursor?: string | undefined;
  ids?: number[] | undefined;
}

/**
 * Merges a page answer: a whole one (no `ids`) is taken as is; a partial one (`updated_since`
 * was sent) is the page `ids` in that order, each row the changed one or the kept one. Null
 * when a row of the page is neither (it moved into the page unchanged): ask for the whole page.
 */
export function mergeSyncedPage<T extends { id: number }, P extends SyncedPage<T>>(
  kept: P | undefined,
  answer: P,
): P | null {
  if (answer.ids === undefined) return answer;
  if (!kept) return null;
  const byId = new Map(kept.items.map((i) => [i.id, i]));
  for (const item of answer.items) byId.set(item.id, item);
  const items: T[] = [];
  for (const id of answer.ids) {
    const item = byId.get(id);
    if (!item) return null;
    items.push(item);
  }
  return { ...answer, items, ids: undefined };
}

/**
 * The fetch of a page the phone keeps: whole the first time, afterwards only the page's rows
 * changed since its `cursor`, merged; a second, whole request only when the merge cannot
 * complete the page.
 */
export async function fetchSyncedPage<T extends { id: number }, P extends SyncedPage<T>>(
  kept: P | undefined,
  fetch: (updatedSince: string | undefined) => Promise<P>,
): Promise<P> {
  const since = kept?.cursor;
  if (!since) return fetch(undefined);
  return mergeSyncedPage<T, P>(kept, await fetch(since)) ?? fetch(undefined);
}
