/** Query keys of the assistant (['assistant'] prefix). */
export const assistantKeys = {
  all: ['assistant'] as const,
  status: ['assistant', 'status'] as const,
  conversations: ['assistant', 'conversations'] as const,
  conversation: (id: number) => ['assistant', 'conversation', id] as const,
};
