import type { WorkItemMessage } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedThread } from '../../../lib/offline/prefetch-merge.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

type ThreadItem = Pick<WorkItemRef, 'kind' | 'id'>;

/** GET {base}/{id}/messages — oldest first; `updated_since`: only those posted or changed since. */
export function getThreadMessages(item: ThreadItem, signal?: AbortSignal, updatedSince?: string) {
  return api.get<WorkItemMessage[]>(threadPath(item, 'messages'), {
    params: { updated_since: updatedSince },
    signal,
  });
}

/**
 * A thread's messages (also prefetched for recent demands). Kept on the phone: later fetches
 * ask only for the messages newer than the kept ones and merge them.
 */
export const threadMessagesQuery = (item: ThreadItem) =>
  queryOptions({
    queryKey: threadKeys.part(item, 'messages'),
    queryFn: ({ signal, client, queryKey }) =>
      fetchSyncedThread(client.getQueryData<WorkItemMessage[]>(queryKey), (since) =>
        getThreadMessages(item, signal, since),
      ),
  });

export function useThreadMessages(item: WorkItemRef) {
  return useQuery(threadMessagesQuery(item));
}
