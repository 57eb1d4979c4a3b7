import '../../../test/setup-dom.ts';

import { menuFor } from '@eproto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, urlOf, testQueryClient } from '../../../test/render.tsx';
import { Sidebar } from '../sidebar.tsx';
import { SidebarNav } from '../sidebar-nav.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

function itemLink(label: string): HTMLElement {
  return screen.getByRole('link', { name: new RegExp(`^${label}`) });
}

describe('SidebarNav badges', () => {
  it('shows "9+" above 9 and the number otherwise', () => {
    renderUi(
      <SidebarNav
        sections={menuFor('gerente')}
        pathname="/eproto/quadros"
        counts={{ reviews: 12, chat: 3 }}
      />,
    );
    expect(within(itemLink('Revisões')).getByText('9+')).toBeTruthy();
    expect(within(itemLink('Chat')).getByText('3')).toBeTruthy();
  });

  it('shows 9 as 9 and no badge at zero', () => {
    renderUi(
      <SidebarNav sections={menuFor('gerente')} pathname="/" counts={{ reviews: 9, chat: 0 }} />,
    );
    expect(within(itemLink('Revisões')).getByText('9')).toBeTruthy();
    expect(itemLink('Chat').textContent).toBe('Chat');
  });

  it('keeps the badge in the collapsed 50 px mode', () => {
    renderUi(
      <SidebarNav sections={menuFor('equipe')} pathname="/" counts={{ chat: 27 }} collapsed />,
    );
    expect(within(screen.getByRole('link', { name: 'Chat' })).getByText('9+')).toBeTruthy();
  });

  it('marks the best matching item active, detail pages included', () => {
    renderUi(<SidebarNav sections={menuFor('ti')} pathname="/users/invite" counts={{}} />);
    expect(itemLink('Convites').getAttribute('aria-current')).toBe('page');
    expect(itemLink('Usuários').getAttribute('aria-current')).toBeNull();
  });

  it('does not render hidden items (administrador menu is all hidden)', () => {
    renderUi(<SidebarNav sections={menuFor('administrador')} pathname="/" counts={{}} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Pagamentos de hoje')).toBeNull();
  });
});

describe('Sidebar badge polling', () => {
  function renderFor(rawType: string) {
    const client = testQueryClient();
    client.setQueryData(SESSION_KEY, {
      id: 1,
      email: 'x@y.z',
      nome: 'X',
      type: rawType,
      rawType,
      avatar: null,
    });
    return renderUi(<Sidebar />, { client, route: '/eproto/murals' });
  }

  it('sums chat unread and shows the review count for a gestor', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url === '/api/chat/contacts')
        return Promise.resolve(jsonResponse([{ unread: 2 }, { unread: 5 }, {}]));
      if (url === '/api/eproto/reviews/count') return Promise.resolve(jsonResponse({ count: 4 }));
      return Promise.resolve(jsonResponse({}, 404));
    });
    renderFor('Coordenador');
    await waitFor(() => expect(within(itemLink('Chat')).getByText('7')).toBeTruthy());
    expect(within(itemLink('Revisões')).getByText('4')).toBeTruthy();
  });

  it('never asks the review count for equipe', async () => {
    fetchMock.mockResolvedValue(jsonResponse([{ unread: 1 }]));
    renderFor('Equipe de Campo');
    await waitFor(() => expect(within(itemLink('Chat')).getByText('1')).toBeTruthy());
    const urls = fetchMock.mock.calls.map(([u]) => urlOf(u));
    expect(urls).toContain('/api/chat/contacts');
    expect(urls.some((u) => u.includes('/reviews'))).toBe(false);
  });

  it('counts a failing call (404 until the area exists) as zero', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Não encontrado' }, 404));
    renderFor('gerente');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(itemLink('Chat').textContent).toBe('Chat');
    expect(itemLink('Revisões').textContent).toBe('Revisões');
  });
});
