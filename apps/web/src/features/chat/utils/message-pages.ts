import type { InfiniteData } from '@tanstack/react-query';

interface Page<M> {
  items: M[];
  hasMore: boolean;
}

type Pages<M> = InfiniteData<Page<M>, unknown>;

/**
 * Adds a message at the end of the newest page (pages[0]; later pages are older), replacing a
 * copy with the same id. Leaves an unloaded conversation alone: its first fetch brings it.
 */
export function appendToNewestPage<M extends { id: number }>(
  data: Pages<M> | undefined,
  message: M,
): Pages<M> | undefined {
  if (!data || data.pages.length === 0) return data;
  const [newest, ...older] = data.pages;
  const items = newest!.items.filter((m) => m.id !== message.id);
  return { ...data, pages: [{ ...newest!, items: [...items, message] }, ...older] };
}

/** Removes a message (by id) from every loaded page. */
export function removeFromPages<M extends { id: number }>(
  data: Pages<M> | undefined,
  id: number,
): Pages<M> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.id !== id) })),
  };
}

/** Every loaded message, oldest first, each id once. */
export function flattenPages<M extends { id: number }>(data: Pages<M> | undefined): M[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: M[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.items) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}
