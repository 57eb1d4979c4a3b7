import '../../../test/setup-dom.ts';

import { MSG, SSO_REFUSAL_MESSAGES } from '@eproto/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { hardRedirect } from '../../../lib/navigation.ts';
import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import type * as LoginFormModule from '../components/login-form.tsx';
import LoginPage from '../pages/login-page.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// Counts the form's renders (the session check's answer must not render it again).
const formRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/login-form.tsx', async (original) => {
  const real = await original<typeof LoginFormModule>();
  return {
    LoginForm: (props: Parameters<typeof real.LoginForm>[0]) => {
      formRenders.count++;
      return real.LoginForm(props);
    },
  };
});
vi.mock('../../../lib/navigation.ts', () => ({
  hardRedirect: vi.fn(),
  navigateTo: vi.fn(),
  setNavigator: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: string, init?: RequestInit) => Response;
let handler: Handler;

function toasts(): string[] {
  return vi.mocked(notifications.show).mock.calls.map(([n]) => n.message as string);
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('Usuário'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: password } });
}

beforeEach(() => {
  window.history.pushState({}, '', '/login');
  handler = (url) =>
    url === '/api/users/me' ? jsonResponse({ error: 'x' }, 401) : jsonResponse({});
  fetchMock.mockImplementation((input, init) => Promise.resolve(handler(urlOf(input), init)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.clearAllMocks();
  formRenders.count = 0;
  sessionStorage.clear();
});

describe('login screen', () => {
  it('shows the SPEC fields and texts', () => {
    renderUi(<LoginPage />, { route: '/login' });
    const email = screen.getByPlaceholderText('Usuário');
    expect(email).toHaveProperty('type', 'email');
    expect(email).toHaveProperty('required', true);
    expect(screen.getByLabelText(/Senha/)).toHaveProperty('required', true);
    expect(screen.getByRole('button', { name: 'ENTRAR' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esqueci minha senha' })).toBeTruthy();
  });

  it("the session check's answer renders neither the screen nor the form again", async () => {
    const { client } = renderUi(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(client.getQueryState(['auth', 'probe'])?.status).toBe('error'));
    await new Promise((r) => setTimeout(r, 50));
    expect(formRenders.count).toBe(1);
  });

  it('the e-mail takes the focus after the first frame, not while React commits', async () => {
    renderUi(<LoginPage />, { route: '/login' });
    const email = screen.getByPlaceholderText('Usuário');
    expect(document.activeElement).not.toBe(email);
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('toggles the password visibility', () => {
    renderUi(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText(/Senha/);
    expect(password).toHaveProperty('type', 'password');
    // Mantine toggles on mouse down so the input keeps its focus.
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Mostrar ou ocultar senha' }));
    expect(password).toHaveProperty('type', 'text');
  });

  it('requires both fields before calling the API', () => {
    renderUi(<LoginPage />, { route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    expect(screen.getByText('Informe o e-mail.')).toBeTruthy();
    expect(screen.getByText('Informe a senha.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/login')).toBe(false);
  });

  it('on 401 toasts the SPEC message and shows "Credenciais inválidas" under the form', async () => {
    handler = () => jsonResponse({ error: MSG.loginWrong, code: 'UNAUTHORIZED' }, 401);
    renderUi(<LoginPage />, { route: '/login' });
    fill('ana@eproto.test', 'errada');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    expect(await screen.findByText(MSG.loginInvalid)).toBeTruthy();
    expect(toasts()).toEqual([MSG.loginWrong]);
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it("on another error toasts the server's message", async () => {
    handler = (url) =>
      url === '/api/auth/login'
        ? jsonResponse({ error: 'Muitas tentativas. Aguarde 1 minuto.' }, 429)
        : jsonResponse({}, 401);
    renderUi(<LoginPage />, { route: '/login' });
    fill('ana@eproto.test', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(toasts()).toEqual(['Muitas tentativas. Aguarde 1 minuto.']));
    expect(screen.queryByText(MSG.loginInvalid)).toBeNull();
  });

  it('without a server message toasts "Não foi possível realizar o login"', async () => {
    handler = (url) =>
      url === '/api/auth/login' ? new Response('', { status: 502 }) : jsonResponse({}, 401);
    renderUi(<LoginPage />, { route: '/login' });
    fill('ana@eproto.test', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(toasts()).toEqual([MSG.loginFailed]));
  });

  it('a response without user toasts "Falha ao autenticar"', async () => {
    handler = (url) => (url === '/api/auth/login' ? jsonResponse({}) : jsonResponse({}, 401));
    renderUi(<LoginPage />, { route: '/login' });
    fill('ana@eproto.test', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(toasts()).toEqual([MSG.loginNoUser]));
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it('on success toasts and hard-redirects by role', async () => {
    const user = { id: 3, email: 'ti@x.y', nome: 'TI', type: 'ti', rawType: 'TI', avatar: null };
    handler = (url, init) => {
      if (url !== '/api/auth/login') return jsonResponse({}, 401);
      expect(JSON.parse(init?.body as string)).toEqual({ email: 'ti@x.y', password: 'segredo123' });
      return jsonResponse({ user });
    };
    renderUi(<LoginPage />, { route: '/login' });
    fill('  TI@x.y ', 'segredo123');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/users'));
    expect(toasts()).toEqual([MSG.loginOk]);
  });

  it('adopts the theme saved on the account before leaving (a new device opens in it)', async () => {
    window.localStorage.removeItem('eproto-theme');
    const user = { id: 3, email: 'ti@x.y', nome: 'TI', type: 'ti', rawType: 'TI', avatar: null };
    handler = (url) => {
      if (url === '/api/auth/login') return jsonResponse({ user });
      if (url === '/api/profile') return jsonResponse({ ...user, theme: 'light' });
      return jsonResponse({}, 401);
    };
    renderUi(<LoginPage />, { route: '/login' });
    fill('ti@x.y', 'segredo123');
    fireEvent.click(screen.getByRole('button', { name: 'ENTRAR' }));
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/users'));
    expect(window.localStorage.getItem('eproto-theme')).toBe('light');
  });

  it('someone already signed in is sent to their landing page', async () => {
    handler = () =>
      jsonResponse({
        id: 1,
        email: 'g@x.y',
        nome: 'G',
        type: 'gerente',
        rawType: 'Gerente',
        avatar: null,
      });
    renderUi(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/eproto/quadros'));
  });
});

describe('single sign-on (OIDC)', () => {
  it('without configuration shows nothing beyond the SPEC form', async () => {
    handler = (url) =>
      url === '/api/auth/sso' ? jsonResponse({ oidc: null }) : jsonResponse({}, 401);
    renderUi(<LoginPage />, { route: '/login' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => urlOf(u) === '/api/auth/sso')).toBe(true),
    );
    expect(screen.queryByText(/Entrar com/)).toBeNull();
    expect(screen.queryByText('ou')).toBeNull();
  });

  it('configured, offers "Entrar com {nome}" below ENTRAR, leading to the server', async () => {
    handler = (url) =>
      url === '/api/auth/sso'
        ? jsonResponse({ oidc: { nome: 'Microsoft' } })
        : jsonResponse({}, 401);
    renderUi(<LoginPage />, { route: '/login' });
    const link = await screen.findByRole('link', { name: 'Entrar com Microsoft' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    const enter = screen.getByRole('button', { name: 'ENTRAR' });
    expect(enter.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows why the provider sign-in was refused', async () => {
    window.history.pushState({}, '', '/login?sso=conta');
    renderUi(<LoginPage />, { route: '/login?sso=conta' });
    expect(await screen.findByText(SSO_REFUSAL_MESSAGES.conta)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SSO_REFUSAL_MESSAGES.conta);
  });

  it('back signed in from the provider: toasts and goes to the landing page', async () => {
    window.history.pushState({}, '', '/login?sso=ok');
    const user = {
      id: 4,
      email: 'g@x.y',
      nome: 'G',
      type: 'gerente',
      rawType: 'Gerente',
      avatar: null,
    };
    handler = (url) => (url === '/api/users/me' ? jsonResponse(user) : jsonResponse({}, 401));
    renderUi(<LoginPage />, { route: '/login?sso=ok' });
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/eproto/quadros'));
    expect(toasts()).toEqual([MSG.loginOk]);
  });
});

describe('"Recuperar acesso" modal', () => {
  async function openModal() {
    renderUi(<LoginPage />, { route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByText('Recuperar acesso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  }

  function send(email: string) {
    const dialog = screen.getByRole('dialog');
    const input = dialog.querySelector('input[type="email"]')!;
    fireEvent.change(input, { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
  }

  it('refuses an invalid e-mail without calling the API', async () => {
    await openModal();
    send('ana@eproto');
    await waitFor(() => expect(toasts()).toEqual([MSG.resetInvalidEmail]));
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('password-reset'))).toBe(false);
  });

  it.each([
    [200, MSG.resetOk],
    [404, MSG.resetNotFound],
    [500, MSG.resetFailed],
  ])('answer %i toasts the SPEC message', async (status, message) => {
    handler = (url) =>
      url === '/api/auth/password-reset-request'
        ? jsonResponse(status === 200 ? { message: 'ok' } : { error: 'x' }, status)
        : jsonResponse({}, 401);
    await openModal();
    send('ana@eproto.test');
    await waitFor(() => expect(toasts()).toEqual([message]));
  });

  it('"Cancelar" closes the modal', async () => {
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
