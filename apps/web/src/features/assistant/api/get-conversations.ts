import type { AssistantConversation } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

/** GET /ai/conversations: the user's conversations, latest first. */
export function getConversations(): Promise<AssistantConversation[]> {
  return api.get<AssistantConversation[]>('/ai/conversations');
}

export function useConversations() {
  return useQuery({ queryKey: assistantKeys.conversations, queryFn: getConversations });
}
