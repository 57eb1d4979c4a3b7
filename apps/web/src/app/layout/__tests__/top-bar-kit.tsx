import { afterEach, beforeEach, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { TopBar } from '../top-bar.tsx';

/** fetch answers 3 unread notifications and 404 to anything else, for each test of the file. */
export function stubNotificationsFetch() {
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
  return fetchMock;
}

/** The top bar of a signed-in gerente, sidebar open, drawer closed. */
export function renderBar() {
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
