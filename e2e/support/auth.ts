import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'eproto123';

/** The eight documented demo accounts, their landing page and menu (SPEC.md §2). */
export const DEMO_USERS = [
  {
    email: 'ti@eproto.test',
    landing: '/users',
    menu: [
      'Demandas',
      'Usuários',
      'Convites',
      'Atividade de Usuários',
      'Contratos (E-Proto)',
      'Suporte',
    ],
    notInMenu: ['Gestão de Demandas', 'Revisões'],
  },
  {
    email: 'administrador@eproto.test',
    landing: '/eproto/murals',
    menu: [],
    notInMenu: ['Usuários', 'Suporte', 'Chat'],
  },
  {
    email: 'financeiro@eproto.test',
    landing: '/eproto/murals',
    menu: ['Suporte'],
    notInMenu: ['Chat', 'Agenda'],
  },
  {
    email: 'cfo@eproto.test',
    landing: '/eproto/murals',
    menu: ['Demandas', 'Chat', 'Agenda', 'Solicitações'],
    notInMenu: ['Gestão de Demandas', 'Frota e Inventário'],
  },
  {
    email: 'coordenador@eproto.test',
    landing: '/eproto/quadros',
    menu: [
      'Gestão de Demandas',
      'Demandas',
      'Tarefas',
      'Revisões',
      'Equipe',
      'Chat',
      'Agenda',
      'Frota e Inventário',
      'EPI',
      'Solicitações',
      'Suporte',
    ],
    notInMenu: ['Usuários'],
  },
  {
    email: 'gerente@eproto.test',
    landing: '/eproto/quadros',
    menu: ['Gestão de Demandas', 'Tarefas', 'Revisões', 'Equipe', 'EPI'],
    notInMenu: ['Usuários'],
  },
  {
    email: 'diretor@eproto.test',
    landing: '/eproto/quadros',
    menu: ['Gestão de Demandas', 'Revisões', 'Frota e Inventário'],
    notInMenu: ['Convites'],
  },
  {
    email: 'equipe@eproto.test',
    landing: '/eproto/murals',
    menu: ['Demandas', 'Chat', 'Agenda'],
    notInMenu: ['Gestão de Demandas', 'Revisões', 'Suporte', 'Tarefas'],
  },
] as const;

/** Signs in through the login screen and waits for the landing page. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Usuário').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  // The welcome toast is shown once its library has loaded (lib/toast.ts): wait for it, so a
  // spec does not start while it is still sliding in (a contrast check would catch it mid-fade).
  // The URL changes when the landing page's document starts loading (a hard redirect); the toast
  // comes with that page's first render (lib/flash.ts), so it gets the same 15 s as the page:
  // under two busy workers it came 2–14 s after the new URL (docs/lab-notes.md, e2e watch list).
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible({ timeout: 15_000 });
}

/**
 * Signs the page's browser context in through the API, as the login form's call does, without
 * opening /login: for specs that walk signed-in pages, where signing in is not what is tested
 * (login() above is for those where it is). The page stays where it was: go to a page next.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-requested-with': 'eproto' },
  });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
}

/** The side navigation (desktop) of the app shell. */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}
