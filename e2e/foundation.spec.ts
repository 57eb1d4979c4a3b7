import { DEMO_USERS, login, sidebar } from './support/auth.ts';
import { expect, test } from './support/people.ts';

// Signing in per role only reads the demo accounts; every test that signs in wrongly, asks for a
// reset link, signs out or ends a session does it with a person of its own.

/** A menu link's name may carry its badge count after the label ("Chat 2"). */
const menuName = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+| 9\\+)?$`);

test.describe('sign-in per role', () => {
  for (const u of DEMO_USERS) {
    test(`${u.email} lands on ${u.landing} with its menu`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, u.email);
      await expect(page).toHaveURL(new RegExp(`${u.landing}$`));
      const nav = sidebar(page);
      for (const label of u.menu) {
        await expect(nav.getByRole('link', { name: menuName(label) }).first()).toBeVisible();
      }
      for (const label of u.notInMenu) {
        await expect(nav.getByRole('link', { name: menuName(label) })).toHaveCount(0);
      }
    });
  }
});

test('wrong password shows the SPEC toast', async ({ page, people }) => {
  const gerente = await people.person('Gerente');
  await page.goto('/login');
  await page.getByPlaceholder('Usuário').fill(gerente.email);
  await page.locator('input[name="password"]').fill('senha-errada');
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await expect(page.getByText('Email e/ou senha incorretos')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login page is dark, with no sidebar or top bar', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
});

test('reset modal validates and answers with the SPEC texts', async ({ page, people }) => {
  const gerente = await people.person('Gerente');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  const modal = page.getByRole('dialog', { name: 'Recuperar acesso' });
  await expect(modal).toBeVisible();
  const field = modal.getByRole('textbox');
  await field.fill('sem-arroba');
  await modal.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Informe um e-mail válido.').first()).toBeVisible();
  await field.fill(gerente.email);
  await modal.getByRole('button', { name: 'Enviar link' }).click();
  await expect(
    page.getByText('Se o e-mail existir, enviaremos instruções para redefinir a senha.').first(),
  ).toBeVisible();
});

test('reset modal closes with Cancelar', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  const modal = page.getByRole('dialog', { name: 'Recuperar acesso' });
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal).toHaveCount(0);
});

test('theme toggle survives a reload', async ({ people }) => {
  const page = await people.page(await people.person('Gerente'));
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Usar tema claro' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('unknown paths and forbidden routes go to /login', async ({ page, people }) => {
  const equipe = await people.person('Equipe');
  await page.goto('/nao-existe/de-jeito-nenhum');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, equipe.email, equipe.password);
  // The guard sends a forbidden route to /login, whose session probe then moves a signed-in
  // person on to their landing page: wait for the passage through /login, however short.
  const throughLogin = page.waitForURL(/\/login$/);
  await page.goto('/users/activity');
  await throughLogin;
  // …and on to their own landing page, whose full load (/login's hard redirect) is over before
  // the test ends: the context is then not closed in the middle of a navigation.
  await expect(page).toHaveURL(/\/eproto\/murals$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Demandas', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Atividade de Usuários' })).toHaveCount(0);
});

test('root redirects by role', async ({ people }) => {
  const page = await people.page(await people.person('TI'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/users$/);
});

test('a session ended on the server sends the open tab to /login with the expiry toast', async ({
  people,
  playwright,
  baseURL,
}) => {
  const page = await people.page(await people.person('Coordenador'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Avisos/ })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'eproto_session')!;
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `eproto_session=${session.value}`, 'x-requested-with': 'eproto' },
  });
  expect((await other.post('/api/auth/logout', { data: {} })).ok()).toBe(true);
  await other.dispose();
  // Any call the tab makes now is refused (the push stream notices first; opening the bell
  // makes a call too).
  await page
    .getByRole('button', { name: /^Avisos/ })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Sua sessão expirou. Faça login novamente.')).toBeVisible();
});

test('logout from the user menu', async ({ people }) => {
  const page = await people.page(await people.person('Gerente'));
  await page.goto('/');
  await page.getByRole('button', { name: /Conta de/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/eproto/quadros');
  await expect(page).toHaveURL(/\/login$/);
});
