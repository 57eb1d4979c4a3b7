/** Query keys of the chat; every push event of the chat refetches the ['chat'] prefix. */
export const chatKeys = {
  all: ['chat'] as const,
  contacts: ['chat', 'contacts'] as const,
  messages: (otherId: number) => ['chat', 'messages', otherId] as const,
};

/** Query keys of the contract rooms (['contract-chat'] prefix). */
export const roomKeys = {
  all: ['contract-chat'] as const,
  rooms: ['contract-chat', 'rooms'] as const,
  messages: (chatId: number) => ['contract-chat', 'messages', chatId] as const,
  members: (chatId: number) => ['contract-chat', 'members', chatId] as const,
};
