import type { SyncedList } from '@eproto/domain';

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
