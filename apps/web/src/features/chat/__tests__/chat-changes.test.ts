import {
  CHAT_PAGE_SIZE,
  RT_EVENTS,
  type ChatContact,
  type ContractRoom,
  type RealtimeChange,
} from '@eproto/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { effectsOf } = await import('../../../lib/changes/change-effects.ts');
const { patchChatOnMessage, patchChatOnRead, patchRoomOnMessage, patchRoomOnRead } =
  await import('../api/chat-changes.ts');
const { chatKeys, roomKeys } = await import('../api/chat-keys.ts');
const { CHAT_UNREAD_KEY } = await import('../api/get-chat-unread.ts');
const { SESSION_KEY } = await import('../../../lib/session-key.ts');

const ME = 1;
const ANA = 2;
const BRUNO = 3;
const C1 = '2026-11-30T21:00:00.000Z';
const C2 = '2026-11-30T21:05:00.000Z';

interface Msg {
  id: number;
  senderId: number;
  recipientId: number;
  content: string;
  readAt: string | null;
}
type Thread = InfiniteData<{ items: Msg[]; hasMore: boolean; cursor?: string }, unknown>;

const msg = (
  id: number,
  senderId: number,
  recipientId: number,
  readAt: string | null = null,
): Msg => ({ id, senderId, recipientId, content: `m${id}`, readAt });

const contact = (id: number, unread: number, last: string) =>
  ({
    id,
    nome: `P${id}`,
    unread,
    lastMessage: { content: last, fileName: null, createdAt: C1, fromMe: false, senderNome: null },
  }) as ChatContact;

/** This person's tab: signed in, the contact list and the badge held, a conversation open. */
function chatTab(peer: number, items: Msg[]) {
  const thread = onScreen<Thread>(chatKeys.messages(peer), {
    pages: [
      { items, hasMore: true, cursor: C1 },
      { items: [msg(1, peer, ME, C1)], hasMore: false },
    ],
    pageParams: [undefined, 4],
  });
  const { client } = thread;
  client.setQueryData(SESSION_KEY, { id: ME });
  const contacts = onScreen<ChatContact[]>(
    chatKeys.contacts,
    [contact(BRUNO, 0, 'antes'), contact(ANA, 1, 'oi')],
    { client },
  );
  client.setQueryData(CHAT_UNREAD_KEY, 1);
  const refetch = vi.spyOn(client, 'invalidateQueries');
  return { client, thread, contacts, refetch };
}

const preview = { content: 'Chego às 8h.', fileName: null, createdAt: C2, senderNome: null };
const message = (messageId: number, from: number, to: number): RealtimeChange => ({
  type: RT_EVENTS.chatMessage,
  data: { messageId, from, to, preview },
});

afterEach(() => vi.clearAllMocks());

describe('a direct message (chat.message with its preview)', () => {
  it('reads nothing whole: the open conversation asks only since its cursor', async () => {
    const tab = chatTab(ANA, [msg(5, ANA, ME)]);
    get.mockResolvedValue({ items: [msg(6, ANA, ME)], hasMore: false, cursor: C2, partial: true });
    const change = message(6, ANA, ME);
    expect(effectsOf(change)).toEqual([]);
    await patchChatOnMessage(tab.client, change);

    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(`/chat/messages/${ANA}`, {
      params: { limit: CHAT_PAGE_SIZE, updated_since: C1 },
    });
    const pages = tab.thread.data().pages;
    expect(pages[0]!.items.map((m) => m.id)).toEqual([5, 6]);
    expect(pages[0]!.cursor).toBe(C2);
    expect(pages[1]!.items.map((m) => m.id)).toEqual([1]);
    // Ana comes first with the preview and one more unread; the badge counts it too.
    expect(tab.contacts.data().map((c) => [c.id, c.unread, c.lastMessage?.content])).toEqual([
      [ANA, 2, 'Chego às 8h.'],
      [BRUNO, 0, 'antes'],
    ]);
    expect(tab.contacts.data()[0]!.lastMessage?.fromMe).toBe(false);
    expect(tab.client.getQueryData(CHAT_UNREAD_KEY)).toBe(2);
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.thread.full).not.toHaveBeenCalled();
    expect(tab.contacts.full).not.toHaveBeenCalled();
  });

  it('the tab that sent it holds it already: no ask, no unread, its contact first', async () => {
    const tab = chatTab(BRUNO, [msg(7, ME, BRUNO)]);
    await patchChatOnMessage(tab.client, message(7, ME, BRUNO));
    expect(get).not.toHaveBeenCalled();
    expect(tab.contacts.data().map((c) => [c.id, c.unread])).toEqual([
      [BRUNO, 0],
      [ANA, 1],
    ]);
    expect(tab.contacts.data()[0]!.lastMessage).toMatchObject({ fromMe: true, createdAt: C2 });
    expect(tab.client.getQueryData(CHAT_UNREAD_KEY)).toBe(1);
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('keeps a message still on its way last; more than a page of news reads it again', async () => {
    const tab = chatTab(ANA, [msg(5, ANA, ME), msg(-9, ME, ANA)]);
    get.mockResolvedValueOnce({ items: [msg(6, ANA, ME)], hasMore: false, partial: true });
    await patchChatOnMessage(tab.client, message(6, ANA, ME));
    expect(tab.thread.data().pages[0]!.items.map((m) => m.id)).toEqual([5, 6, -9]);

    get.mockResolvedValueOnce({ items: [msg(40, ANA, ME)], hasMore: true, cursor: C2 });
    tab.refetch.mockResolvedValue();
    await patchChatOnMessage(tab.client, message(40, ANA, ME));
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: chatKeys.messages(ANA), exact: true });
  });

  it('an event without its preview (an older server) reads the chat again', () => {
    expect(effectsOf({ type: RT_EVENTS.chatMessage, data: { from: 2 } })).toEqual([
      { queryKey: ['chat'] },
    ]);
  });
});

describe('a conversation read (chat.read)', () => {
  const read = (reader: number, other: number, upTo: number, updated: number): RealtimeChange => ({
    type: RT_EVENTS.chatRead,
    data: { reader, other, readAt: C2, upTo, updated },
  });

  it("marks the sender's messages read up to upTo, in place, asking nothing", async () => {
    // Ana read what I sent her up to message 6; 8 came after her read.
    const tab = chatTab(ANA, [msg(5, ANA, ME, C1), msg(6, ME, ANA), msg(8, ME, ANA)]);
    const change = read(ANA, ME, 6, 1);
    expect(effectsOf(change)).toEqual([]);
    await patchChatOnRead(tab.client, change);
    expect(tab.thread.data().pages[0]!.items.map((m) => m.readAt)).toEqual([C1, C2, null]);
    // Not my unread count: Ana read.
    expect(tab.contacts.data().find((c) => c.id === ANA)?.unread).toBe(1);
    expect(tab.client.getQueryData(CHAT_UNREAD_KEY)).toBe(1);
    expect(get).not.toHaveBeenCalled();
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('in the reader’s tabs drops the unread count of that contact and the badge', async () => {
    const tab = chatTab(ANA, [msg(5, ANA, ME)]);
    await patchChatOnRead(tab.client, read(ME, ANA, 5, 1));
    expect(tab.thread.data().pages[0]!.items[0]!.readAt).toBe(C2);
    expect(tab.contacts.data().find((c) => c.id === ANA)?.unread).toBe(0);
    expect(tab.client.getQueryData(CHAT_UNREAD_KEY)).toBe(0);
    expect(get).not.toHaveBeenCalled();
    expect(tab.refetch).not.toHaveBeenCalled();
  });
});

describe('a contract room', () => {
  const room = (chatId: number, unread: number) =>
    ({ id: chatId, chatId, codigo: `CT-${chatId}`, unread, lastMessage: null }) as ContractRoom;

  function roomTab() {
    const thread = onScreen<Thread>(roomKeys.messages(10), {
      pages: [{ items: [msg(3, ANA, 0)], hasMore: false, cursor: C1 }],
      pageParams: [undefined],
    });
    const { client } = thread;
    client.setQueryData(SESSION_KEY, { id: ME });
    const rooms = onScreen<ContractRoom[]>(roomKeys.rooms, [room(11, 0), room(10, 0)], { client });
    return { client, thread, rooms, refetch: vi.spyOn(client, 'invalidateQueries') };
  }

  it('a message: the room on screen asks since its cursor, the list takes the preview', async () => {
    const tab = roomTab();
    get.mockResolvedValue({ items: [msg(4, ANA, 0)], hasMore: false, cursor: C2, partial: true });
    const change: RealtimeChange = {
      type: RT_EVENTS.contractChatMessage,
      data: { chatId: 10, messageId: 4, from: ANA, preview: { ...preview, senderNome: 'Ana' } },
    };
    expect(effectsOf(change)).toEqual([]);
    await patchRoomOnMessage(tab.client, change);
    expect(get).toHaveBeenCalledWith('/contract-chat/messages/10', {
      params: { limit: CHAT_PAGE_SIZE, updated_since: C1 },
    });
    expect(tab.thread.data().pages[0]!.items.map((m) => m.id)).toEqual([3, 4]);
    expect(tab.rooms.data().map((r) => [r.chatId, r.unread, r.lastMessage?.senderNome])).toEqual([
      [10, 1, 'Ana'],
      [11, 0, undefined],
    ]);
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('read by this person: its unread count is 0, nothing asked', async () => {
    const tab = roomTab();
    tab.client.setQueryData<ContractRoom[]>(roomKeys.rooms, [room(10, 3)]);
    const change: RealtimeChange = { type: RT_EVENTS.contractChatRead, data: { chatId: 10 } };
    expect(effectsOf(change)).toEqual([]);
    await patchRoomOnRead(tab.client, change);
    expect(tab.rooms.data()[0]!.unread).toBe(0);
    expect(get).not.toHaveBeenCalled();
    expect(tab.refetch).not.toHaveBeenCalled();
  });
});
