import type { WorkItemAttachment } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** GET {base}/{id}/attachments — newest first. */
export function getThreadAttachments(item: WorkItemRef, signal?: AbortSignal) {
  return api.get<WorkItemAttachment[]>(threadPath(item, 'attachments'), { signal });
}

export function useThreadAttachments(item: WorkItemRef) {
  return useQuery({
    queryKey: threadKeys.part(item, 'attachments'),
    queryFn: ({ signal }) => getThreadAttachments(item, signal),
  });
}
