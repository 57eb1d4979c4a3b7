import type { WorkItemMessage } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** GET {base}/{id}/messages — oldest first. */
export function getThreadMessages(item: WorkItemRef, signal?: AbortSignal) {
  return api.get<WorkItemMessage[]>(threadPath(item, 'messages'), { signal });
}

export function useThreadMessages(item: WorkItemRef) {
  return useQuery({
    queryKey: threadKeys.part(item, 'messages'),
    queryFn: ({ signal }) => getThreadMessages(item, signal),
  });
}
