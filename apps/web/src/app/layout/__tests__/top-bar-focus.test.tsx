import '../../../test/setup-dom.ts';

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { TopBar } from '../top-bar.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).includes('/notifications')
        ? jsonResponse({ unread: 3, items: [] })
        : jsonResponse({}, 404),
    ),
  );
});
afterEach(() => vi.clearAllMocks());

function renderBar() {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 1,
    email: 'ana@eproto.test',
    nome: 'Ana Lima',
    type: 'gerente',
    rawType: 'gerente',
    avatar: null,
  });
  return renderUi(
    <TopBar
      drawerOpened={false}
      onBurger={() => undefined}
      sidebarCollapsed={false}
      onToggleSidebar={() => undefined}
    />,
    { client },
  );
}

// Its own file: the full buttons, once loaded, stay loaded for the module's lifetime.
describe('TopBar swapping its bare buttons for the full ones', () => {
  it('keeps keyboard focus on the button it replaces when the bar is focused', async () => {
    renderBar();
    const theme = screen.getByRole('button', { name: 'Usar tema claro' });
    act(() => theme.focus());
    // The full buttons replace the bare ones; the focused one keeps the focus.
    await waitFor(() => {
      const now = screen.getByRole('button', { name: 'Usar tema claro' });
      expect(now).not.toBe(theme);
      expect(document.activeElement).toBe(now);
    });
    // The full button (inside its tooltip) still switches the theme.
    fireEvent.click(screen.getByRole('button', { name: 'Usar tema claro' }));
    expect(await screen.findByRole('button', { name: 'Usar tema escuro' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar tema escuro' }));
    expect(await screen.findByRole('button', { name: 'Usar tema claro' })).toBeTruthy();
  });
});
