import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { ChatContact, ChatMessage } from '@eproto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import ChatPage from '../pages/chat-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ME = {
  id: 1,
  email: 'eu@x.y',
  nome: 'Marcos Ribeiro',
  type: 'coordenador',
  rawType: 'Coordenador',
  avatar: null,
};

const contact = (over: Partial<ChatContact>): ChatContact => ({
  id: 5,
  nome: 'João Pereira',
  email: 'joao@x.y',
  type: 'equipe',
  rawType: 'Equipe de Campo',
  avatar: null,
  unread: 0,
  lastMessage: null,
  ...over,
});

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  senderId: 5,
  recipientId: 1,
  content: 'Oi',
  fileUrl: null,
  fileName: null,
  mimeType: null,
  fileSize: null,
  createdAt: new Date().toISOString(),
  readAt: null,
  ...over,
});

function render(route: string) {
  const client = testQueryClient();
  client.setQueryData(['session'], ME);
  return renderUi(<ChatPage />, { route, client });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ChatPage', () => {
  it('lists contacts with unread badges and opens a conversation, marking it read', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.startsWith('/api/chat/contacts')) {
        return Promise.resolve(
          jsonResponse([
            contact({
              unread: 12,
              lastMessage: {
                content: 'Chegou?',
                fileName: null,
                createdAt: new Date().toISOString(),
                fromMe: false,
                senderNome: null,
              },
            }),
            contact({ id: 6, nome: 'Ana Souza' }),
          ]),
        );
      }
      if (url.startsWith('/api/chat/messages/5')) {
        return Promise.resolve(
          jsonResponse({
            items: [
              message({
                id: 10,
                content: 'Bom dia',
                createdAt: '2026-01-05T12:00:00Z',
                readAt: '2026-01-05T12:01:00Z',
              }),
              message({ id: 11, content: 'Chegou?' }),
              message({ id: 12, senderId: 1, recipientId: 5, content: 'Ainda não' }),
            ],
            hasMore: false,
          }),
        );
      }
      if (url.startsWith('/api/chat/read/5'))
        return Promise.resolve(jsonResponse({ ok: true, updated: 1 }));
      return Promise.resolve(jsonResponse({}, 404));
    });
    render('/operacional/chat?com=5');

    const list = await screen.findByRole('navigation', { name: 'Chat' });
    expect(within(list).getByLabelText('12 não lidas').textContent).toBe('9+');
    const log = await screen.findByRole('log', { name: 'Mensagens' });
    await waitFor(() => expect(log.textContent).toContain('Bom dia'));
    expect(log.textContent).toContain('05/01/2026');
    expect(log.textContent).toContain('Hoje');
    expect(screen.getByLabelText('Enviada')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => urlOf(u) === '/api/chat/read/5' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('shows the error state with a retry when contacts fail', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: 'x' }, 500)));
    render('/operacional/chat');
    expect(await screen.findByText('Não foi possível carregar as conversas.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(screen.getByText('Suas conversas')).toBeTruthy();
  });
});
