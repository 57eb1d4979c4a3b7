import { expect, test } from '@playwright/test';
import { login } from './support/auth.ts';

test('equipe on a phone sees today in Minha agenda and confirms an EPI delivery', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'equipe@eproto.test');

  await page.goto('/tatico/agenda');
  await expect(page.getByRole('heading', { name: 'Minha agenda' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Hoje, \d{2}\/\d{2}$/ })).toBeVisible();
  const entries = page.getByTestId('minha-agenda-entry');
  await expect(entries.first()).toBeVisible();
  await expect(entries.filter({ hasText: 'Em execução' })).toHaveCount(1);
  // Phone-first: nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Meus EPIs' }).click();
  await expect(page).toHaveURL(/\/tatico\/epi$/);
  await expect(page.getByRole('heading', { name: /Confirme o recebimento \(1\)/ })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => /\/api\/tatico\/epi\/entregas\/\d+\/confirmar$/.test(r.url()) && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await saved;
  await expect(page.getByText(/Recebimento de .* confirmado\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Confirme o recebimento/ })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Em uso' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar recebimento' })).toHaveCount(0);
});

test('a coordenador approves a request and the requester is told', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'coordenador@eproto.test');
  await page.goto('/solicitacoes');
  await page.getByRole('tab', { name: /Em análise/ }).click();
  await page.getByText('Ar-condicionado da Base Norte').first().click();
  const drawer = page.getByRole('dialog', { name: /Solicitação #\d+/ });
  await expect(drawer.getByText('Em análise').first()).toBeVisible();

  await drawer.getByRole('button', { name: 'Aprovar' }).click();
  const modal = page.getByRole('dialog', { name: /Aprovar a solicitação/ });
  await modal.getByLabel(/Comentário/).fill('Chamado aberto com a manutenção predial.');
  const saved = page.waitForResponse(
    (r) => /\/api\/solicitacoes\/\d+\/status$/.test(r.url()) && r.status() === 200,
  );
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await saved;
  await expect(page.getByText(/foi avisado/)).toBeVisible();
  await expect(drawer.getByText('Chamado aberto com a manutenção predial.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Marcar como atendida' })).toBeVisible();

  // Ana (the requester) finds the approval in her notifications.
  const ana = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const res = await ana.request.post('/api/auth/login', {
    headers: { 'x-requested-with': 'eproto' },
    data: { email: 'ana.souza@eproto.test', password: 'eproto123' },
  });
  expect(res.ok()).toBe(true);
  const notes = await (await ana.request.get('/api/eproto/notifications')).json();
  expect(JSON.stringify(notes.items)).toMatch(
    /foi aprovada por Marcos Ribeiro\. Comentário: Chamado aberto com a manutenção predial\./,
  );
  await ana.close();
});
