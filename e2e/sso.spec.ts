import { expect, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { freePort, startOwnServer } from './support/own-server.ts';
import { shot } from './support/devices.ts';

// Issue 35 point 1: single sign-on through a real OpenID provider (oidc-provider on 127.0.0.1).
// The shared e2e server has no OIDC settings, so its /login stays exactly SPEC's; the sign-in runs
// against a server of this spec's own, started with OIDC_* pointing at the test provider.

const SHOTS = process.env.PW_OUTPUT ?? 'test-results';

test('without configuration /login is exactly SPEC’s: no single sign-on button', async ({
  page,
}) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Entrar no E-Proto' });
  await expect(form.getByPlaceholder('Usuário')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Esqueci minha senha' })).toBeVisible();
  expect((await page.request.get('/api/auth/sso')).ok()).toBe(true);
  await expect(page.getByText(/Entrar com/)).toHaveCount(0);
  await expect(page.getByText('ou', { exact: true })).toHaveCount(0);
  // The card holds the form and nothing else (no button or link of another sign-in).
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(3);
  for (const name of ['Mostrar ou ocultar senha', 'Esqueci minha senha', 'ENTRAR']) {
    await expect(page.getByRole('button', { name })).toHaveCount(1);
  }
});

test.describe('with an OpenID provider', () => {
  test.describe.configure({ timeout: 180_000 });
  let op: TestOidcProvider;
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    op = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/oidc/callback`] });
    // The demo TI, as the company's provider knows them (login "ti.empresa").
    op.accounts.set('ti.empresa', {
      email: 'ti@eproto.test',
      email_verified: true,
      name: 'TI da Empresa',
    });
    op.accounts.set('sem.conta', { email: 'ninguem@empresa.com.br', email_verified: true });
    server = await startOwnServer(port, {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_NOME: 'Empresa',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await op?.close();
  });

  for (const shape of [
    { name: 'phone', width: 390, height: 844, isMobile: true, hasTouch: true },
    { name: 'desktop', width: 1440, height: 900, isMobile: false, hasTouch: false },
  ]) {
    test(`signs in with "Entrar com Empresa" and signs out (${shape.name})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: shape.width, height: shape.height },
        isMobile: shape.isMobile,
        hasTouch: shape.hasTouch,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      const page = await context.newPage();
      const press = (l: ReturnType<typeof page.getByRole>) =>
        shape.hasTouch ? l.tap() : l.click();
      try {
        await page.goto('/login');
        const sso = page.getByRole('link', { name: 'Entrar com Empresa' });
        await expect(sso).toBeVisible();
        // Below ENTRAR.
        const enter = await page.getByRole('button', { name: 'ENTRAR' }).boundingBox();
        expect((await sso.boundingBox())!.y).toBeGreaterThan(enter!.y + enter!.height);
        await shot(page, { path: `${SHOTS}/sso-login-${shape.name}.png` });

        // Someone the provider knows but E-Proto does not: refused, told in Portuguese.
        await press(sso);
        await expect(page).toHaveURL(new RegExp(`^${op.issuer}/interaction/`));
        await page.getByLabel('Login').pressSequentially('sem.conta');
        await press(page.getByRole('button', { name: 'Continuar' }));
        await expect(page).toHaveURL(`${server.baseURL}/login?sso=conta`);
        await expect(page.getByRole('alert')).toHaveText(
          'Não há uma conta ativa no E-Proto para este e-mail. Fale com a TI.',
        );
        await shot(page, { path: `${SHOTS}/sso-refused-${shape.name}.png` });

        // The provider would keep the first person signed in; a new person signs in there.
        await context.clearCookies({ name: /^_session/ });
        await press(page.getByRole('link', { name: 'Entrar com Empresa' }));
        await page.getByLabel('Login').pressSequentially('ti.empresa');
        await press(page.getByRole('button', { name: 'Continuar' }));
        await expect(page).toHaveURL(`${server.baseURL}/users`);
        await expect(page.getByText('Login realizado com sucesso!').first()).toBeVisible();
        const me = await page.request.get('/api/users/me');
        expect(await me.json()).toMatchObject({ email: 'ti@eproto.test', type: 'ti' });

        await press(page.getByRole('button', { name: /Conta de/ }));
        await press(page.getByRole('menuitem', { name: 'Sair' }));
        await expect(page).toHaveURL(/\/login$/);
        expect((await page.request.get('/api/users/me')).status()).toBe(401);
        await page.goto('/users');
        await expect(page).toHaveURL(/\/login$/);
      } finally {
        await context.close();
      }
    });
  }
});
