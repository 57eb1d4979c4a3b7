import type { AssistantStatus } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

/** GET /ai/status: online or offline mode, and example questions for this user. */
export function getAssistantStatus(): Promise<AssistantStatus> {
  return api.get<AssistantStatus>('/ai/status');
}

export function useAssistantStatus() {
  return useQuery({
    queryKey: assistantKeys.status,
    queryFn: getAssistantStatus,
    staleTime: 5 * 60_000,
  });
}
