import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';

import { SESSION_KEY } from '../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient } from '../../test/render.tsx';
import { RootRedirect } from '../root-redirect.tsx';
import { RouteGuard } from '../route-guard.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

function user(rawType: string) {
  return { id: 1, email: 'x@y.z', nome: 'X', type: rawType, rawType, avatar: null };
}

function renderAt(path: string, session?: ReturnType<typeof user> | null) {
  const client = testQueryClient();
  if (session !== undefined) client.setQueryData(SESSION_KEY, session);
  return renderUi(
    <Routes>
      <Route path="/login" element={<p>tela de login</p>} />
      <Route path="/" element={<RootRedirect />} />
      <Route path="/eproto/quadros" element={<p>landing gestor</p>} />
      <Route path="/users" element={<p>landing ti</p>} />
      <Route
        path="*"
        element={
          <RouteGuard>
            <p>conteúdo protegido</p>
          </RouteGuard>
        }
      />
    </Routes>,
    { client, route: path },
  );
}

describe('RouteGuard', () => {
  it('renders nothing while the session is not ready', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderAt('/eproto/murals');
    expect(screen.queryByText('conteúdo protegido')).toBeNull();
    expect(screen.queryByText('tela de login')).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/me');
  });

  it('sends a visitor without session to /login', () => {
    renderAt('/eproto/murals', null);
    expect(screen.getByText('tela de login')).toBeTruthy();
  });

  it('sends a role not allowed on the route to /login', () => {
    renderAt('/users/activity', user('Gerente'));
    expect(screen.getByText('tela de login')).toBeTruthy();
  });

  it('shows the page to an allowed role (accents and case ignored)', () => {
    renderAt('/tatico/frota', user('Diretor de Operações'));
    expect(screen.getByText('conteúdo protegido')).toBeTruthy();
  });

  it('checks parameterised routes', () => {
    renderAt('/eproto/protocols/42', user('equipe'));
    expect(screen.getByText('conteúdo protegido')).toBeTruthy();
  });

  it('loads the profile once and opens the page when it answers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(user('ti')));
    renderAt('/users/activity');
    expect(await screen.findByText('conteúdo protegido')).toBeTruthy();
  });

  it('opens the page in a render of its own once the profile answers (issue 33)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(user('ti')));
    // Whether the page is on screen at each commit of the guard's tree.
    const shown: boolean[] = [];
    renderUi(
      <Profiler
        id="guard"
        onRender={() => shown.push(!!document.body.textContent?.includes('conteúdo protegido'))}
      >
        <RouteGuard>
          <p>conteúdo protegido</p>
        </RouteGuard>
      </Profiler>,
      { client: testQueryClient(), route: '/users/activity' },
    );
    expect(await screen.findByText('conteúdo protegido')).toBeTruthy();
    // Nothing at first; the answer renders the guard alone (the session's external-store update
    // is one uninterrupted task), then the shell and page in a deferred, sliced render.
    expect(shown).toEqual([false, false, true]);
  });
});

describe('RootRedirect', () => {
  it.each([
    ['TI', 'landing ti'],
    ['Coordenador', 'landing gestor'],
  ])('sends %s to the landing page of the role', (role, text) => {
    renderAt('/', user(role));
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('sends an unknown user to /login', () => {
    renderAt('/', null);
    expect(screen.getByText('tela de login')).toBeTruthy();
  });
});
