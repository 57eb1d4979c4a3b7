import '../../../test/setup-dom.ts';

import type { Notification } from '@eproto/domain';
import { MSG } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';

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
    ...over,
  };
}

function renderBell() {
  return renderUi(
    <Routes>
      <Route path="/eproto/protocols/:id" element={<p>página da tarefa</p>} />
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
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos: 1 não lidos' }));
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
});
