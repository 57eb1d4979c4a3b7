import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

import { DESKTOP, PHONE, press, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';

// Issue 35, point 6 (LGPD): a technician downloads "Meus dados" on the phone; ti anonymises a
// deactivated person in /users.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** Light and dark screenshots of what is on screen now (the scheme is CSS variables only). */
async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    await shot(page, { path: `${SHOTS}/${name}-${scheme}.png`, animations: 'disabled' });
  }
}

for (const [device, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`"Meus dados" downloads a ZIP with the person's JSON (${device})`, async ({ people }) => {
    const tecnico = await people.person('Equipe');
    const page = await people.page(tecnico, options);
    await page.goto('/profile');
    const button = page.getByRole('button', { name: 'Baixar meus dados' });
    await button.scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Meus dados' })).toBeVisible();
    await shoot(page, `lgpd-meus-dados-${device === 'phone' ? 390 : 1440}`);

    const downloading = page.waitForEvent('download');
    await press(device, button);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^meus-dados-eproto-\d{4}-\d{2}-\d{2}\.zip$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['LEIAME.txt', 'perfil.json', 'sessoes-e-dispositivos.json']),
    );
    const perfil = JSON.parse(strFromU8(files['perfil.json']!)) as {
      conta: { id: number; email: string; nome: string };
    };
    expect(perfil.conta).toMatchObject({
      id: tecnico.id,
      email: tecnico.email,
      nome: tecnico.nome,
    });
    const atividade = JSON.parse(strFromU8(files['atividade.json']!)) as {
      activity_log: Array<{ action: string }>;
    };
    expect(Array.isArray(atividade.activity_log)).toBe(true);
    await expect(page.getByText('Seus dados foram baixados (arquivo ZIP).')).toBeVisible();
  });
}

test('ti anonymises a deactivated person and the list shows "Pessoa removida #id"', async ({
  people,
}) => {
  const ti = await people.person('TI');
  const saida = await people.person('Equipe');
  const api = await people.api(ti);
  await post(api, `/api/users/${saida.id}/deactivate`, {}, 200);

  // On the phone: the same menu and modal, cancelled (screenshots at 390 px).
  const phone = await people.page(ti, PHONE);
  await phone.goto(`/users?busca=${encodeURIComponent(saida.nome)}`);
  await phone.getByRole('radiogroup', { name: 'Filtrar por status' }).getByText('Inativos').tap();
  await phone.getByRole('button', { name: `Ações para ${saida.nome}` }).tap();
  await phone.getByRole('menuitem', { name: 'Anonimizar (LGPD)' }).tap();
  const phoneDialog = phone.getByRole('dialog', { name: 'Anonimizar dados pessoais' });
  await phoneDialog.getByRole('textbox').pressSequentially(saida.nome, { delay: 15 });
  await expect(phoneDialog.getByRole('button', { name: 'Anonimizar' })).toBeEnabled();
  await shoot(phone, 'lgpd-anonimizar-390');
  await phoneDialog.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(phoneDialog).toBeHidden();

  const page = await people.page(ti, DESKTOP);
  await page.goto(`/users?busca=${encodeURIComponent(saida.nome)}`);
  await page.getByRole('radiogroup', { name: 'Filtrar por status' }).getByText('Inativos').click();
  await page.getByRole('button', { name: `Ações para ${saida.nome}` }).click();
  await page.getByRole('menuitem', { name: 'Anonimizar (LGPD)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizar dados pessoais' });
  const confirm = dialog.getByRole('button', { name: 'Anonimizar' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').pressSequentially(saida.nome, { delay: 15 });
  await expect(confirm).toBeEnabled();
  await shoot(page, 'lgpd-anonimizar-1440');
  await confirm.click();

  await page.getByRole('radiogroup', { name: 'Filtrar por status' }).getByText('Todos').click();
  await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(`Pessoa removida #${saida.id}`);
  await expect(page.getByText(`Pessoa removida #${saida.id}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Dados pessoais removidos (LGPD)')).toBeVisible();
  await expect(page.getByText('Anonimizado')).toBeVisible();
  await shoot(page, 'lgpd-lista-1440');

  await phone.goto(`/users?busca=${encodeURIComponent(`Pessoa removida #${saida.id}`)}`);
  await phone.getByRole('radiogroup', { name: 'Filtrar por status' }).getByText('Todos').tap();
  await expect(phone.getByText(`Pessoa removida #${saida.id}`, { exact: true })).toBeVisible();
  await shoot(phone, 'lgpd-lista-390');
});
