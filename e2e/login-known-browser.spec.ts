import { request, type Page } from '@playwright/test';
import { PHONE, shot } from './support/devices.ts';
import { expect, SPA, test } from './support/people.ts';

// Issue 38 point 2 in a real phone browser: someone guessing a person's password is slowed down,
// a new browser with the right password is told in Portuguese to wait, and the phone where the
// person already signed in keeps signing in (its device cookie, set when the invitation was
// accepted). All requests of a spec come from 127.0.0.1, so the stranger here trips the
// e-mail+address rule; many addresses are covered by login-device.routes.test.ts.

const SHOTS = process.env.PW_OUTPUT ?? 'test-results';

/** Types the e-mail and password key by key and taps ENTRAR. */
async function signInByTouch(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByPlaceholder('Usuário').tap();
  await page.getByPlaceholder('Usuário').pressSequentially(email);
  await page.locator('input[name="password"]').tap();
  await page.locator('input[name="password"]').pressSequentially(password);
  await page.getByRole('button', { name: 'ENTRAR' }).tap();
}

test('a stranger is slowed; a new phone is told to wait; the known phone signs in', async ({
  people,
  baseURL,
  browser,
}) => {
  const owner = await people.person('Gerente');
  const known = await people.page(owner, PHONE);
  const device = (await known.context().cookies()).find((c) => c.name.startsWith('eproto_device_'));
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
  // Signed out, as after "Sair": only the device cookie is left.
  expect((await known.request.post('/api/auth/logout', { headers: SPA })).status()).toBe(200);

  const stranger = await request.newContext({ baseURL, extraHTTPHeaders: SPA });
  for (let k = 1; k <= 5; k++) {
    const res = await stranger.post('/api/auth/login', {
      data: { email: owner.email, password: `Palpite-errado-${k}` },
    });
    expect(res.status()).toBe(401);
  }
  const slowed = await stranger.post('/api/auth/login', {
    data: { email: owner.email, password: 'Palpite-errado-6' },
  });
  expect(slowed.status()).toBe(429);
  expect(Number(slowed.headers()['retry-after'])).toBeGreaterThan(0);
  await stranger.dispose();

  // A phone that never signed in to this account waits, even with the right password.
  const fresh = await browser.newContext(PHONE);
  const freshPage = await fresh.newPage();
  await signInByTouch(freshPage, owner.email, owner.password);
  await expect(
    freshPage.getByText(
      /^Muitas tentativas de login com este e-mail\. Aguarde \d+ segundos e tente novamente\.$/,
    ),
  ).toBeVisible();
  await expect(freshPage).toHaveURL(/\/login/);
  await shot(freshPage, { path: `${SHOTS}/login-slowed-phone.png` });
  await fresh.close();

  // The known phone signs in at once.
  await signInByTouch(known, owner.email, owner.password);
  await expect(known).toHaveURL(/\/eproto\/quadros/, { timeout: 15_000 });
  await expect(known.getByText('Login realizado com sucesso!')).toBeVisible();
  const me = await known.request.get('/api/users/me');
  expect((await me.json()).email).toBe(owner.email);
});
