import {
  CHAT_PAGE_SIZE,
  type ChatEventPreview,
  type ChatMessageEventData,
  type ChatPreview,
  type ChatReadEventData,
  type CurrentUser,
  type RealtimeChange,
  type RoomMessageEventData,
} from '@eproto/domain';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchQueries } from '../../../lib/changes/page-delta.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { CHAT_UNREAD_KEY } from './get-chat-unread.ts';
import { chatKeys, roomKeys } from './chat-keys.ts';

/** A conversation as its infinite query holds it: pages of messages, the newest first. */
interface ThreadPage<M> {
  items: M[];
  hasMore: boolean;
  cursor?: string | undefined;
  partial?: boolean | undefined;
}
type Thread<M> = InfiniteData<ThreadPage<M>, unknown>;

/** An entry of a conversation list (a contact, a contract room). */
interface ListEntry {
  unread: number;
  lastMessage: ChatPreview | null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';

function previewOf(v: unknown): ChatEventPreview | null {
  if (typeof v !== 'object' || v === null) return null;
  const { content, fileName, createdAt, senderNome } = v as Record<string, unknown>;
  if (!isText(content) || !isText(createdAt)) return null;
  if (fileName !== null && !isText(fileName)) return null;
  if (senderNome !== null && !isText(senderNome)) return null;
  return { content, fileName, createdAt, senderNome };
}

/** The data of a 'chat.message' push, read by hand (no zod on this path); null if malformed. */
function messageDataOf(data: Record<string, unknown> | undefined): ChatMessageEventData | null {
  const preview = previewOf(data?.preview);
  const { messageId, from, to } = data ?? {};
  return preview && isId(messageId) && isId(from) && isId(to)
    ? { messageId, from, to, preview }
    : null;
}

/** The data of a 'chat.read' push; null if malformed. */
function readDataOf(data: Record<string, unknown> | undefined): ChatReadEventData | null {
  const { reader, other, readAt, upTo, updated } = data ?? {};
  return isId(reader) && isId(other) && isText(readAt) && isId(upTo) && isId(updated)
    ? { reader, other, readAt, upTo, updated }
    : null;
}

/** The data of a 'contract-chat.message' push; null if malformed. */
function roomMessageDataOf(data: Record<string, unknown> | undefined): RoomMessageEventData | null {
  const preview = previewOf(data?.preview);
  const { chatId, messageId, from } = data ?? {};
  return preview && isId(chatId) && isId(messageId) && isId(from)
    ? { chatId, messageId, from, preview }
    : null;
}

/**
 * The list with a new message in the conversation `id`: its preview, one more unread when
 * someone else sent it, and the conversation first (its message is the newest). Null when the
 * list does not show that conversation (then it is read again).
 */
function withNewMessage<E extends ListEntry>(
  list: E[],
  match: (entry: E) => boolean,
  preview: ChatEventPreview,
  fromMe: boolean,
): E[] | null {
  const entry = list.find(match);
  if (!entry) return null;
  const lastMessage: ChatPreview = { ...preview, fromMe };
  const moved = { ...entry, lastMessage, unread: entry.unread + (fromMe ? 0 : 1) };
  return [moved, ...list.filter((e) => e !== entry)];
}

/**
 * A conversation with the messages of a delta (`?updated_since=`, posted or read since) in:
 * each replaces its copy in whichever page holds it, the new ones go at the end of the newest
 * page (by id), after none of the messages still on their way (negative ids), which stay last.
 */
function mergeIntoThread<M extends { id: number }>(
  thread: Thread<M>,
  delta: ThreadPage<M>,
): Thread<M> {
  const changed = new Map(delta.items.map((m) => [m.id, m]));
  const pages = thread.pages.map((page) => ({
    ...page,
    items: page.items.map((m) => {
      const next = changed.get(m.id);
      if (!next) return m;
      changed.delete(m.id);
      return next;
    }),
  }));
  const [newest, ...older] = pages;
  if (!newest) return thread;
  const stored = [...newest.items.filter((m) => m.id > 0), ...changed.values()];
  stored.sort((a, b) => a.id - b.id);
  const items = [...stored, ...newest.items.filter((m) => m.id < 0)];
  return {
    ...thread,
    pages: [{ ...newest, items, cursor: delta.cursor ?? newest.cursor }, ...older],
  };
}

/** Whether a conversation already holds a message (the tab that sent it, or heard it). */
const holds = (id: number) => (data: unknown) =>
  (data as Thread<{ id: number }>).pages.some((p) => p.items.some((m) => m.id === id));

/**
 * The open conversation at `queryKey` asks only what came since its newest page's cursor
 * (`path?updated_since=`, the route's own scope) and merges it, instead of reading every
 * loaded page again; one kept but not on screen is marked stale; more than a page of news
 * (not `partial`) or a failed ask reads it whole (page-delta.ts patchQueries).
 */
function patchThread(
  queryClient: QueryClient,
  queryKey: QueryKey,
  path: string,
  messageId: number,
) {
  return patchQueries(queryClient, {
    prefix: queryKey,
    shows: holds(messageId),
    sinceOf: (data) => (data as Thread<{ id: number }>).pages[0]?.cursor,
    apply: async (key, since) => {
      const delta = await api.get<ThreadPage<{ id: number }>>(path, {
        params: { limit: CHAT_PAGE_SIZE, updated_since: since },
      });
      if (!delta.partial) return false;
      const kept = queryClient.getQueryData<Thread<{ id: number }>>(key);
      if (kept) queryClient.setQueryData(key, mergeIntoThread(kept, delta));
      return true;
    },
  });
}

const myId = (queryClient: QueryClient) =>
  queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;

/** Sets a list from its kept value; one the patch cannot complete is read again. */
function patchList<E>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  next: (list: E[]) => E[] | null,
) {
  const list = queryClient.getQueryData<E[]>(queryKey);
  if (!list) return;
  const patched = next(list);
  if (patched) queryClient.setQueryData(queryKey, patched);
  else void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** The menu badge moved by `delta`; read again when who this tab is is not known. */
function moveBadge(queryClient: QueryClient, delta: number | null) {
  if (delta === null) void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY });
  else if (delta !== 0) {
    queryClient.setQueryData<number>(CHAT_UNREAD_KEY, (n) =>
      n === undefined ? n : Math.max(0, n + delta),
    );
  }
}

/**
 * A direct message ('chat.message', to both people): the conversation on screen asks for it
 * by its cursor (patchThread; the one that sent it already holds it), the contact list shows
 * its preview first and counts it unread for the one who got it, and so does the menu badge;
 * nothing else is read.
 */
export async function patchChatOnMessage(queryClient: QueryClient, change: RealtimeChange) {
  const m = messageDataOf(change.data);
  if (!m) return;
  const me = myId(queryClient);
  const toMe = me === undefined ? null : m.to === me;
  patchList<ListEntry & { id: number }>(queryClient, chatKeys.contacts, (list) => {
    // The contact is the other person: the list never shows oneself.
    const mine = list.some((c) => c.id === m.to);
    return withNewMessage(list, (c) => c.id === (mine ? m.to : m.from), m.preview, mine);
  });
  moveBadge(queryClient, toMe === null ? null : Number(toMe));
  await Promise.all(
    [m.from, m.to].map((peer) =>
      patchThread(queryClient, chatKeys.messages(peer), `/chat/messages/${peer}`, m.messageId),
    ),
  );
}

/**
 * A direct conversation read ('chat.read', to both people): the messages `other` sent the
 * `reader` up to `upTo` show read at `readAt` in either one's conversation, and the reader's
 * contact list and badge drop them from the unread count. Nothing is asked.
 */
export function patchChatOnRead(queryClient: QueryClient, change: RealtimeChange): Promise<void> {
  const r = readDataOf(change.data);
  if (!r) return Promise.resolve();
  const read = (m: { id: number; senderId: number; recipientId: number; readAt: string | null }) =>
    m.senderId === r.other && m.recipientId === r.reader && m.readAt === null && m.id <= r.upTo;
  type Direct = { id: number; senderId: number; recipientId: number; readAt: string | null };
  for (const peer of [r.reader, r.other]) {
    queryClient.setQueryData<Thread<Direct>>(
      chatKeys.messages(peer),
      (thread) =>
        thread && {
          ...thread,
          pages: thread.pages.map((p) => ({
            ...p,
            items: p.items.map((m) => (read(m) ? { ...m, readAt: r.readAt } : m)),
          })),
        },
    );
  }
  const me = myId(queryClient);
  if (me !== undefined && me !== r.reader) return Promise.resolve();
  // The reader's contact list shows the other person (never oneself).
  patchList<ListEntry & { id: number }>(queryClient, chatKeys.contacts, (list) =>
    list.map((c) => (c.id === r.other ? { ...c, unread: Math.max(0, c.unread - r.updated) } : c)),
  );
  moveBadge(queryClient, me === undefined ? null : -r.updated);
  return Promise.resolve();
}

/**
 * A message in a contract room ('contract-chat.message', to its people): the room on screen
 * asks for it by its cursor, the list of rooms shows its preview first and counts it unread
 * for everyone but its sender.
 */
export async function patchRoomOnMessage(queryClient: QueryClient, change: RealtimeChange) {
  const m = roomMessageDataOf(change.data);
  if (!m) return;
  const me = myId(queryClient);
  patchList<ListEntry & { chatId: number }>(queryClient, roomKeys.rooms, (list) =>
    me === undefined
      ? null
      : withNewMessage(list, (r) => r.chatId === m.chatId, m.preview, m.from === me),
  );
  const path = `/contract-chat/messages/${m.chatId}`;
  await patchThread(queryClient, roomKeys.messages(m.chatId), path, m.messageId);
}

/** A room read by this person ('contract-chat.read', to them only): its unread count is 0. */
export function patchRoomOnRead(queryClient: QueryClient, change: RealtimeChange): Promise<void> {
  const chatId = change.data?.chatId;
  if (isId(chatId)) {
    patchList<ListEntry & { chatId: number }>(queryClient, roomKeys.rooms, (list) =>
      list.map((r) => (r.chatId === chatId ? { ...r, unread: 0 } : r)),
    );
  }
  return Promise.resolve();
}
