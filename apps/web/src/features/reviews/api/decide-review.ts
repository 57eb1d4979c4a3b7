import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { ReviewPage } from './get-reviews.ts';
import { reviewKeys } from './keys.ts';

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Takes a decided review out of every cached page and the menu badge at once (the badge drops
 * by one right after the click); returns what to put back if the call fails.
 */
export async function removeOptimistically(
  queryClient: QueryClient,
  id: number,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: reviewKeys.all });
  const snapshot: Snapshot = [
    ...queryClient.getQueriesData({ queryKey: reviewKeys.lists }),
    ...queryClient.getQueriesData({ queryKey: reviewKeys.count, exact: true }),
  ];
  queryClient.setQueriesData<ReviewPage>({ queryKey: reviewKeys.lists }, (page) =>
    page?.items.some((r) => r.id === id)
      ? { items: page.items.filter((r) => r.id !== id), total: Math.max(0, page.total - 1) }
      : page,
  );
  queryClient.setQueryData<number>(reviewKeys.count, (n) =>
    typeof n === 'number' ? Math.max(0, n - 1) : n,
  );
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/**
 * After a refused decision: the item and the badge are put back and the queue read again (it
 * may have moved meanwhile). A decision made refreshes the queue, the badge and the task
 * everywhere through the write's X-Changes ('protocol.changed', 'reviews.changed'), not here.
 */
export async function refreshAfterRefusal(queryClient: QueryClient, snapshot?: Snapshot) {
  restore(queryClient, snapshot);
  await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}
