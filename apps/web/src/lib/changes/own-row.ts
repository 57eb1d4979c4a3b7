import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { HeldPage, PageView } from './page-delta.ts';

/** A list answered as `{ items }` (every row, no pages), seen as a page of all of them. */
export function itemsView<T extends { id: number }>(): PageView<T> {
  return {
    read: (data) => {
      const items = (data as { items: T[] }).items;
      return { items, total: items.length };
    },
    write: (page) => ({ items: page.items }),
  };
}

const pageView = <T extends { id: number }>(): PageView<T> => ({
  read: (data) => data as HeldPage<T>,
  write: (page) => page,
});

/**
 * After this tab's write answered a row: puts it in place in every cached list under `prefix`
 * that holds it, when `next` says it keeps its place there (the row as the list shows it; the
 * fields the list filters and sorts by unchanged, and no search the new text may leave),
 * undefined otherwise. The write's change (X-Changes) then finds the row at its version
 * (showsVersion) and the list asks nothing; a list where the row may move, leave or enter is
 * left to that change's patch (one `…/changes`).
 */
export function putOwnRow<T extends { id: number }>(
  queryClient: QueryClient,
  options: {
    prefix: QueryKey;
    id: number;
    next: (held: T, queryKey: QueryKey) => T | undefined;
    view?: PageView<T>;
  },
): void {
  const { prefix, id, next, view = pageView<T>() } = options;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const data = query.state.data;
    if (data === undefined) continue;
    const page = view.read(data);
    const at = page.items.findIndex((r) => r.id === id);
    if (at < 0) continue;
    const row = next(page.items[at]!, query.queryKey);
    if (row === undefined) continue;
    const items = page.items.slice();
    items[at] = row;
    queryClient.setQueryData(query.queryKey, view.write({ items, total: page.total }));
  }
}
