import '../../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import AcceptInvitePage from '../pages/accept-invite-page.tsx';
import ResetPasswordPage from '../pages/reset-password-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('a link that does not open', () => {
  it('invitation: the server’s sentence and one way back to the login', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/auth/invite?token=xyz')
        ? jsonResponse({ error: 'Convite inválido ou expirado.', code: 'VALIDATION' }, 400)
        : jsonResponse({}, 404),
    );
    renderUi(<AcceptInvitePage />, { route: '/accept-invite?token=xyz' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Convite inválido ou expirado.',
    );
    expect(links()).toEqual([['Ir para o login', '/login']]);
  });

  it('invitation without a token: no call, the same sentence', () => {
    renderUi(<AcceptInvitePage />, { route: '/accept-invite' });
    expect(screen.getByRole('alert').textContent).toContain('Convite inválido ou expirado.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('password reset: ask for a new link, or go back to the login', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: 'Link inválido ou expirado.', code: 'VALIDATION' }, 400),
    );
    renderUi(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    expect((await screen.findByRole('alert')).textContent).toContain('Link inválido ou expirado.');
    expect(links()).toEqual([
      ['Solicitar novo link', '/reset'],
      ['Voltar para o login', '/login'],
    ]);
  });
});
