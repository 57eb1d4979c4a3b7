import { useMarkConversationRead } from './mark-read.ts';

/** POST /contract-chat/read/{id}: the room is read up to its newest message. */
export const useMarkRoomRead = () => useMarkConversationRead('/contract-chat/read');
