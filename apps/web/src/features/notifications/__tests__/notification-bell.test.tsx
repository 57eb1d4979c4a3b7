import '../../../test/setup-dom.ts';

import type { Notification } from '@eproto/domain';
import { MSG } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useSearchParams } from 'react-router';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { NotificationBell } from '../components/notification-bell.tsx';

const fetchMock = vi.fn<typeof fetch>();

function note(over: Partial<Notification>): Notification {
  return {
    id: 1,
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    type: 'mention',
    mural_id: 3,
    protocol_id: null,
    custom_text: null,
    texto: 'Você foi mencionado',
    author_nome: 'Carlos Souza',
    author_email: 'carlos@x.y',
    author_id: 2,
    author_avatar: null,
    link: null,
    ...over,
  };
}

function RequestPage() {
  const [params] = useSearchParams();
  return <p>solicitação {params.get('id')}</p>;
}

function renderBell() {
  return renderUi(
    <Routes>
      <Route path="/eproto/protocols/:id" element={<p>página da tarefa</p>} />
      <Route path="/solicitacoes" element={<RequestPage />} />
      <Route path="*" element={<NotificationBell />} />
    </Routes>,
    { route: '/eproto/quadros' },
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

describe('NotificationBell', () => {
  it('shows the unread count as 9+ and lists items with type label, text and time', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          unread: 15,
          items: [
            note({ id: 1 }),
            note({ id: 2, type: 'task_assigned', custom_text: 'Nova vistoria', protocol_id: 11 }),
          ],
        }),
      ),
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Avisos: 9+ não lidos' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/eproto/notifications?limit=20');
    fireEvent.click(bell);
    expect(await screen.findByText('Menção no chat')).toBeTruthy();
    expect(screen.getByText('Nova tarefa')).toBeTruthy();
    expect(screen.getByText('Nova vistoria')).toBeTruthy();
    expect(screen.getAllByText('há 5 minutos')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ unread: 0, items: [] })));
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos' }));
    expect(await screen.findByText(MSG.notificationsEmpty)).toBeTruthy();
  });

  it('logs a load failure and shows an empty list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: 'Falhou' }, 500)));
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Avisos' }));
    expect(await screen.findByText(MSG.notificationsEmpty)).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it('marks an item read and opens its task', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('/read')
          ? jsonResponse({ ok: true })
          : jsonResponse({ unread: 1, items: [note({ id: 7, protocol_id: 11 })] }),
      ),
    );
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos: 1 não lido' }));
    fireEvent.click(await screen.findByText('Você foi mencionado'));
    expect(await screen.findByText('página da tarefa')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => u === '/api/eproto/notifications/7/read' && init?.method === 'PATCH',
        ),
      ).toBe(true),
    );
  });

  it('shows a long comment folded, whole on "Mostrar tudo", without leaving the page', async () => {
    const long = `Sua solicitação #12 (Material) foi aprovada por Gil. Comentário: ${'Compra autorizada no fornecedor de sempre. '.repeat(6)}Fim do comentário.`;
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ unread: 1, items: [note({ id: 8, custom_text: long })] })),
    );
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos: 1 não lido' }));
    const text = await screen.findByText(long);
    expect(text.hasAttribute('data-line-clamp')).toBe(true);
    const more = screen.getByRole('button', { name: 'Mostrar tudo' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText(long).hasAttribute('data-line-clamp')).toBe(false);
    expect(
      screen.getByRole('button', { name: 'Mostrar menos' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.queryByText(/solicitação 12/)).toBeNull();
    // A short text has nothing to unfold.
    expect(screen.getAllByRole('button', { name: /Mostrar/ })).toHaveLength(1);
  });

  it('opens the request (or ticket, EPI...) a notification without demand or task is about', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('/read')
          ? jsonResponse({ ok: true })
          : jsonResponse({
              unread: 1,
              items: [
                note({
                  id: 9,
                  type: 'other',
                  mural_id: null,
                  custom_text: 'Sua solicitação #12 (Material) foi aprovada por Gil.',
                  link: '/solicitacoes?id=12',
                }),
              ],
            }),
      ),
    );
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos: 1 não lido' }));
    fireEvent.click(await screen.findByText(/foi aprovada por Gil/));
    expect(await screen.findByText('solicitação 12')).toBeTruthy();
  });
});
