import {
  matchQuery,
  QueryClient,
  QueryObserver,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { vi } from 'vitest';

/**
 * `api.get` as the change-feed tests mock it:
 * `const get = vi.fn<ApiGet>(); vi.mock('…/lib/api-client.ts', () => ({ api: { get } }));`
 * (the `vi.mock` stays in the test file: Vitest hoists it there only).
 */
export type ApiGet = (
  path: string,
  options?: { params?: Record<string, unknown> },
) => Promise<unknown>;

/** Two versions five minutes apart: what the cache holds, and what a change says. */
export const V1 = '2026-11-29T10:00:00.000Z';
export const V2 = '2026-11-29T10:05:00.000Z';

/**
 * A query on screen as its page holds it: `held` cached under `queryKey` and an observer keeping
 * it active (cached only, inactive, when `hidden`). `full` is its whole read, which a patch test
 * expects never to run; `data()` is what the cache holds now.
 */
export function onScreen<T>(
  queryKey: QueryKey,
  held: T,
  { client = new QueryClient(), hidden = false }: { client?: QueryClient; hidden?: boolean } = {},
) {
  const full = vi.fn(() => Promise.resolve(held));
  client.setQueryData(queryKey, held);
  if (!hidden) {
    new QueryObserver(client, { queryKey, queryFn: full, staleTime: Infinity }).subscribe(
      () => undefined,
    );
  }
  return { client, full, data: () => client.getQueryData<T>(queryKey)! };
}

/** A page's `…/changes` answer at V2: its changed rows, the ids it now shows, and its total. */
export const pageChanges = <T>(items: T[], ids: number[], total = ids.length) => ({
  items,
  ids,
  total,
  cursor: V2,
});

/**
 * Whether the `invalidateQueries` calls seen (`calls`: a spy's mock.calls) read the query of
 * `queryKey` again, by its key or by a predicate (as change-effects.ts applyChanges does).
 */
export function readAgain(
  calls: readonly unknown[][],
  client: QueryClient,
  queryKey: QueryKey,
): boolean {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) return false;
  return calls.some(([filters]) => {
    const f = filters as InvalidateQueryFilters | undefined;
    return f === undefined || matchQuery(f, query);
  });
}
