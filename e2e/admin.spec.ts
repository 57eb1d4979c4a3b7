import { expect, PASSWORD, test } from './support/people.ts';
import { DESKTOP } from './support/devices.ts';

// The TI and the coordenador are this spec's own (support/people.ts).

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('ti invites a new person, who opens the link from the outbox and lands on their page', async ({
  browser,
  people,
}) => {
  const email = `nova.coordenadora.${people.tag()}@eproto.test`;
  const ti = { page: await people.page(await people.person('TI'), DESKTOP) };
  await ti.page.goto('/users/invite');
  const form = ti.page.getByRole('form', { name: 'Novo convite' });
  await form.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await form.getByRole('combobox', { name: 'Papel' }).click();
  await ti.page.getByRole('option', { name: 'Coordenador', exact: true }).click();
  await form.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(ti.page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  await expect(ti.page.getByRole('cell', { name: email, exact: true })).toBeVisible();

  const open = ti.page.getByRole('link', { name: `Abrir link do convite de ${email}` });
  const link = await open.getAttribute('href');
  expect(link).toMatch(/\/accept-invite\?token=/);

  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await guest.newPage();
  await page.goto(link!);
  await page.getByRole('textbox', { name: /Nome completo/ }).fill('Helena Coordenadora');
  await page.getByLabel(/^Senha/).fill(PASSWORD);
  await page.getByLabel(/Confirme a senha/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Criar minha conta' }).click();
  await expect(page).toHaveURL(/\/eproto\/quadros$/, { timeout: 15_000 });
  await guest.close();
});

test('a coordenador opens a ticket with a file and ti resolves it', async ({ people }) => {
  const coord = { page: await people.page(await people.person('Coordenador'), DESKTOP) };
  await coord.page.goto('/ti/help');
  await coord.page.getByRole('button', { name: 'Novo chamado' }).click();
  const dialog = coord.page.getByRole('dialog', { name: 'Novo chamado' });
  await dialog.getByRole('textbox', { name: /Assunto/ }).fill('Tablet da obra não sincroniza');
  await dialog
    .getByRole('textbox', { name: /Descrição/ })
    .fill('Desde ontem o tablet da obra não envia as fotos das medições.');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tela.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(dialog.getByText('tela.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abrir chamado' }).click();
  await expect(coord.page).toHaveURL(/\/ti\/help\/\d+$/);
  const url = coord.page.url();
  await expect(
    coord.page.getByRole('heading', { name: 'Tablet da obra não sincroniza' }),
  ).toBeVisible();
  await expect(coord.page.getByRole('link', { name: 'tela.png', exact: true })).toBeVisible();

  const ti = { page: await people.page(await people.person('TI'), DESKTOP) };
  await ti.page.goto(url);
  await ti.page.getByRole('textbox', { name: 'Novo comentário' }).fill('Vou verificar agora.');
  await ti.page.getByRole('button', { name: 'Comentar' }).click();
  // The comment shows in the thread and the box empties (both can be on screen for an instant).
  await expect(ti.page.getByRole('textbox', { name: 'Novo comentário' })).toHaveValue('');
  await expect(
    ti.page.getByRole('paragraph').filter({ hasText: 'Vou verificar agora.' }),
  ).toBeVisible();
  await ti.page.getByRole('button', { name: 'Iniciar atendimento' }).click();
  await expect(ti.page.getByRole('button', { name: 'Marcar como resolvido' })).toBeVisible();
  await ti.page.getByRole('button', { name: 'Marcar como resolvido' }).click();
  await expect(ti.page.getByRole('button', { name: 'Reabrir chamado' })).toBeVisible();

  await coord.page.reload();
  await expect(coord.page.getByText('Vou verificar agora.')).toBeVisible();
  await expect(coord.page.getByText(/mudou o status para\s*Resolvido/)).toBeVisible();
  await expect(coord.page.getByText('Resolvido em')).toBeVisible();
});
