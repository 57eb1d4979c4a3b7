import type { AssistantConversationDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

/** GET /ai/conversations/{id}: one conversation with its messages. */
export function getConversation(id: number): Promise<AssistantConversationDetail> {
  return api.get<AssistantConversationDetail>(`/ai/conversations/${id}`);
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: assistantKeys.conversation(id ?? 0),
    queryFn: () => getConversation(id!),
    enabled: id !== null,
    // Only this tab changes a conversation; it writes the cache itself while answering.
    staleTime: 60_000,
  });
}
