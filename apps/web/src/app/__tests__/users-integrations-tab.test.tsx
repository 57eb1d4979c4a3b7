import '../../test/setup-dom.ts';

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../test/render.tsx';
import UsersPageRoute from '../pages/users-page-route.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), 'http://x');
    if (url.pathname === '/api/integrations/sso')
      return Promise.resolve(
        jsonResponse({
          configurado: true,
          emissor: 'https://login.empresa.com.br',
          client_id: 'eproto-web',
          botao: 'Entrar com Keycloak',
          criar_contas: false,
          papel_padrao: null,
          callback_url: 'https://eproto.empresa.com.br/api/auth/oidc/callback',
        }),
      );
    return Promise.resolve(jsonResponse({ items: [], total: 0, page: 1, perPage: 20 }));
  });
});
afterEach(() => vi.clearAllMocks());

function renderAs(rawType: string) {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 99,
    email: 'eu@x.y',
    nome: 'Eu',
    type: rawType.toLowerCase(),
    rawType,
    avatar: null,
  });
  return renderUi(<UsersPageRoute />, { client, route: '/users' });
}

describe('/users, tab "Integrações"', () => {
  it('ti opens it and sees the single sign-on set-up from the server', async () => {
    renderAs('TI');
    fireEvent.click(await screen.findByRole('tab', { name: 'Integrações' }));
    expect(await screen.findByText('Entrar com Keycloak')).toBeTruthy();
    expect(screen.getByText('Configurado')).toBeTruthy();
    expect(screen.getByText('https://login.empresa.com.br')).toBeTruthy();
  });

  it('an administrador gets the list alone, with no tabs (SPEC unchanged)', async () => {
    renderAs('Administrador');
    await screen.findByText('Nenhum usuário encontrado');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/integrations'))).toBe(false);
  });
});
