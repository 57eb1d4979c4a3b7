import type { WorkItemHistory } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** GET {base}/{id}/history — newest first. */
export function getThreadHistory(item: WorkItemRef, signal?: AbortSignal) {
  return api.get<WorkItemHistory[]>(threadPath(item, 'history'), { signal });
}

export function useThreadHistory(item: WorkItemRef) {
  return useQuery({
    queryKey: threadKeys.part(item, 'history'),
    queryFn: ({ signal }) => getThreadHistory(item, signal),
  });
}
