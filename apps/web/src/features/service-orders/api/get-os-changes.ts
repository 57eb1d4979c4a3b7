import type { OsDetail, OsListResponse, RealtimeChange } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { refreshRowPage } from '../../../lib/changes/page-delta.ts';
import { patchSyncedLists } from '../../../lib/changes/synced-patch.ts';
import { mergeSyncedPage } from '../../../lib/offline/prefetch-merge.ts';
import { getServiceOrders, type OsFilters } from './get-service-orders.ts';
import { OS_KEY, osKey } from './keys.ts';

/**
 * The OS's own page on a change of it with a version ('service-order.changed': its
 * `updated_at` after the write): nothing is asked when the page already shows it (the tab whose
 * step put the answer in, or a page read since); otherwise it is read once. Its thread, assets
 * and other OSs' pages are not this patch's (lib/changes/change-effects.ts).
 */
export function patchOsPageOnChange(queryClient: QueryClient, change: RealtimeChange) {
  if (change.id === undefined || change.version === undefined) return Promise.resolve();
  return refreshRowPage(
    queryClient,
    osKey(change.id),
    change.version,
    (data) => (data as OsDetail).updated_at,
  );
}

/**
 * An OS changed elsewhere ('service-order.changed': a step on a phone, an edit at the office):
 * each page of the OS list on screen asks GET /tatico/os with its filters and
 * `updated_since` = its cursor, and takes in the OSs that changed on it (with the counts and
 * the page's ids) instead of reading the page again. A page the answer cannot complete (an OS
 * moved in unchanged from the next page) is read whole.
 */
export function patchOsListsOnChange(queryClient: QueryClient): Promise<void> {
  return patchSyncedLists<OsListResponse>(queryClient, {
    prefix: [...OS_KEY, 'list'],
    ask: (queryKey, since) => getServiceOrders(queryKey[2] as OsFilters, since),
    merge: (kept, answer) => mergeSyncedPage(kept, answer),
  });
}
