import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import {
  CHANGES_HEADER,
  RT_EVENTS,
  type ContractChatMessage,
  type ContractRoom,
} from '@eproto/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { patchChange } from '../../../app/realtime/change-patches.ts';
import { applyChange } from '../../../lib/changes/change-effects.ts';
import { onLocalChanges } from '../../../lib/changes/local-changes.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import ContractChatPage from '../pages/contract-chat-page.tsx';
import { appendToNewestPage } from '../utils/message-pages.ts';

const fetchMock = vi.fn<typeof fetch>();
const ME = {
  id: 1,
  email: 'eu@x.y',
  nome: 'Marcos Ribeiro',
  type: 'coordenador',
  rawType: 'Coordenador',
  avatar: null,
};

const room = (over: Partial<ContractRoom>): ContractRoom => ({
  id: 7,
  chatId: 7,
  codigo: 'HSL-014',
  nome: 'Manutenção predial',
  cliente: 'Hospital São Lucas',
  status: 'ativo',
  unread: 0,
  lastMessage: null,
  ...over,
});

const message = (over: Partial<ContractChatMessage>): ContractChatMessage => ({
  id: 20,
  chatId: 7,
  senderId: 5,
  senderNome: 'Fernanda Lima',
  senderAvatar: null,
  content: 'Bom dia, pessoal',
  fileUrl: null,
  fileName: null,
  mimeType: null,
  fileSize: null,
  createdAt: new Date().toISOString(),
  ...over,
});

const reads = () =>
  fetchMock.mock.calls.filter(
    ([u, init]) => urlOf(u) === '/api/contract-chat/read/7' && init?.method === 'POST',
  ).length;

/** A room with two unread messages until it is read. */
function serveRoom() {
  let unread = 2;
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/contract-chat/contracts')) {
      return Promise.resolve(
        jsonResponse([room({ unread }), room({ id: 8, chatId: 8, codigo: 'PMS-031' })]),
      );
    }
    if (url.startsWith('/api/contract-chat/messages/7')) {
      return Promise.resolve(
        jsonResponse({
          items: [
            message({}),
            message({ id: 21, senderId: 6, senderNome: 'João Pereira', content: 'Chegamos' }),
          ],
          hasMore: false,
        }),
      );
    }
    if (url.startsWith('/api/contract-chat/members/7')) {
      return Promise.resolve(
        jsonResponse([
          { id: 1, nome: 'Marcos Ribeiro', avatar: null },
          { id: 5, nome: 'Fernanda Lima', avatar: null },
          { id: 6, nome: 'João Pereira', avatar: null },
        ]),
      );
    }
    if (url.startsWith('/api/contract-chat/read/7')) {
      const updated = unread;
      unread = 0;
      // The write's own change (X-Changes), as the server lists it for the tab that read.
      const answer = jsonResponse({ ok: true, updated });
      const read = [{ type: RT_EVENTS.contractChatRead, data: { chatId: 7 } }];
      answer.headers.set(CHANGES_HEADER, JSON.stringify(read));
      return Promise.resolve(answer);
    }
    return Promise.resolve(jsonResponse({}, 404));
  });
}

function render(route: string) {
  const client = testQueryClient();
  client.setQueryData(['session'], ME);
  return renderUi(<ContractChatPage />, { route, client });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ContractChatPage', () => {
  it('opens the room a mention names by contract code, with senders and members', async () => {
    serveRoom();
    render('/operacional/chat-contrato?contrato=HSL-014');

    const log = await screen.findByRole('log', { name: 'Mensagens' });
    await waitFor(() => expect(log.textContent).toContain('Chegamos'));
    expect(within(log).getByText('Fernanda Lima')).toBeTruthy();
    expect(within(log).getByText('João Pereira')).toBeTruthy();
    const pane = screen.getByRole('region', { name: 'Sala do contrato' });
    expect(within(pane).getByText('HSL-014 — Manutenção predial')).toBeTruthy();
    const subtitle = 'Hospital São Lucas · Ativo · 3 participantes';
    expect(await within(pane).findByText(subtitle)).toBeTruthy();
  });

  it('marks the open room read once, and again when a newer message arrives', async () => {
    serveRoom();
    const { client } = render('/operacional/chat-contrato?sala=7');
    // The app applies a write's X-Changes through the change map and patches (app/realtime).
    const stop = onLocalChanges((changes) =>
      changes.forEach((c) => {
        applyChange(client, c);
        patchChange(client, c);
      }),
    );

    await waitFor(() => expect(reads()).toBe(1));
    // The read's event zeroed the room's badge in place: the list was not read again.
    const list = await screen.findByRole('navigation', { name: 'Chat' });
    await waitFor(() => expect(within(list).queryByLabelText('2 não lidas')).toBeNull());
    expect(reads()).toBe(1);
    const listReads = fetchMock.mock.calls.filter(([u]) =>
      urlOf(u).startsWith('/api/contract-chat/contracts'),
    );
    expect(listReads).toHaveLength(1);
    stop();

    act(() => {
      client.setQueryData<InfiniteData<{ items: ContractChatMessage[]; hasMore: boolean }>>(
        ['contract-chat', 'messages', 7],
        (data) => appendToNewestPage(data, message({ id: 22, content: 'Tudo certo' })),
      );
    });
    await waitFor(() => expect(reads()).toBe(2));
  });
});
