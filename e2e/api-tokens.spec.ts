import { addDaysTo, formatDateBr, todayIn, type ApiTokenList } from '@eproto/domain';
import type { Locator, Page } from '@playwright/test';

import { DESKTOP, type Device, PHONE, press, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, get, test } from './support/people.ts';

// Issue 35, point 2: ti makes a personal API token in /users → Integrações, copies it from the
// dialog that shows it once, an integration (a request with the token alone) calls /api as the
// person, and ti revokes it in the same screen.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const TZ = 'America/Sao_Paulo';

/** Light and dark screenshots of what is on screen now (the scheme is CSS variables only). */
async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    // animations: 'disabled' ends the colour transitions the switch of scheme starts.
    await shot(page, { path: `${SHOTS}/${name}-${scheme}.png`, animations: 'disabled' });
  }
}

/** A Mantine SegmentedControl option: its label (for= the hidden radio) is what a finger hits. */
const segment = (group: Locator, text: string) =>
  group.locator('label').filter({ hasText: new RegExp(`^${text}$`) });

async function fillForm(
  page: Page,
  device: Device,
  person: { email: string; nome: string },
  name: string,
) {
  const form = page.getByRole('form', { name: 'Novo token de API' });
  const who = form.getByRole('combobox', { name: 'Pessoa' });
  await press(device, who);
  await who.pressSequentially(person.email.split('@')[0]!, { delay: 20 });
  await press(device, page.getByRole('option', { name: new RegExp(person.email) }));
  await form.getByRole('textbox', { name: 'Nome do token' }).pressSequentially(name, { delay: 20 });
  await press(device, segment(form.getByRole('radiogroup', { name: 'Chamados de TI' }), 'Leitura'));
  return form;
}

test('ti creates a token in Integrações, the integration calls /api with it, ti revokes it', async ({
  people,
  playwright,
  baseURL,
}) => {
  const ti = await people.person('TI');
  const owner = await people.person('Gerente');
  const page = await people.page(ti, {
    ...DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.goto('/users?aba=integracoes');
  const section = page.getByRole('region', { name: 'Tokens de API' });
  await section.getByRole('button', { name: 'Novo token' }).click();
  const name = `ERP — chamados ${people.tag()}`;
  const form = await fillForm(page, 'desktop', owner, name);
  await segment(form.getByRole('radiogroup', { name: 'Validade' }), '30 dias').click();
  const expiry = addDaysTo(todayIn(TZ), 30);
  await expect(form.getByRole('textbox', { name: 'Último dia de uso' })).toHaveValue(
    formatDateBr(expiry),
  );
  await shoot(page, 'api-token-form-desktop');
  await form.getByRole('button', { name: 'Criar token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Token criado' });
  await expect(dialog.getByText('Copie o token agora')).toBeVisible();
  await expect(dialog.getByText(/não será mostrado de novo/)).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Token' });
  await expect(field).toHaveValue(/^ep_[A-Za-z0-9_-]{43}$/);
  const token = await field.inputValue();
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shoot(page, 'api-token-created-desktop');
  await dialog.getByRole('button', { name: 'Já copiei, fechar' }).click();
  await expect(dialog).toBeHidden();

  // What the server kept: the list (the only place tokens are read back) never holds the token,
  // only its first characters; the validity and scopes are the ones chosen.
  const tiApi = await people.api(ti);
  const stored = async () => {
    const list = await get<ApiTokenList>(tiApi, '/api/integrations/tokens?perPage=100');
    expect(JSON.stringify(list)).not.toContain(token.slice(9));
    return list.items.find((t) => t.usuario.id === owner.id)!;
  };
  const before = await stored();
  expect(before).toMatchObject({
    nome: name,
    prefixo: `${token.slice(0, 9)}…`,
    escopos: [{ area: 'suporte', acesso: 'leitura' }],
    expira_em: expiry,
    status: 'ativo',
    ultimo_uso_em: null,
  });

  // The integration: the token alone, no cookie and no SPA header.
  const integration = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const me = await integration.get('/api/users/me');
  expect(me.status(), await me.text()).toBe(200);
  expect(await me.json()).toMatchObject({ id: owner.id, email: owner.email });
  expect(me.headers()['set-cookie']).toBeUndefined();
  expect((await integration.get('/api/support/tickets')).status()).toBe(200);
  const write = await integration.post('/api/support/tickets', {
    data: {
      assunto: 'Impressora',
      descricao: 'Pela integração',
      categoria: 'sistema',
      prioridade: 'baixa',
    },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error).toBe('O token só tem leitura nesta área.');
  expect((await stored()).ultimo_uso_em).not.toBeNull();

  // The list shows the last use; "Revogar" asks first, then the same call answers 401.
  await page.reload();
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(owner.nome);
  await expect(row).toContainText('Chamados de TI · leitura');
  await expect(row).toContainText('Ativo');
  await expect(row).not.toContainText('Nunca usado');
  await row.getByRole('button', { name: `Revogar ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revogar token' });
  await expect(confirm).toContainText('deixa de funcionar na próxima chamada');
  await confirm.getByRole('button', { name: 'Revogar' }).click();
  await expect(row).toContainText('Revogado');
  await expect(row.getByRole('button', { name: /Revogar/ })).toHaveCount(0);
  await shoot(page, 'api-token-list-desktop');

  const after = await integration.get('/api/users/me');
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toBe('Token de API inválido, expirado ou revogado.');
  expect((await stored()).status).toBe('revogado');
  await integration.dispose();
});

test('on a 390 px phone ti types the validity and reads the token whole', async ({ people }) => {
  const ti = await people.person('TI');
  const owner = await people.person('Equipe');
  const page = await people.page(ti, PHONE);
  await page.goto('/users?aba=integracoes');
  const section = page.getByRole('region', { name: 'Tokens de API' });
  await press('phone', section.getByRole('button', { name: 'Novo token' }));
  const name = `BI ${people.tag()}`;
  const form = await fillForm(page, 'phone', owner, name);
  // The validity typed digit by digit as Brazilians write it: the preset follows the date.
  const expiry = addDaysTo(todayIn(TZ), 45);
  const date = form.getByRole('textbox', { name: 'Último dia de uso' });
  await date.fill('');
  await date.pressSequentially(formatDateBr(expiry), { delay: 40 });
  await expect(
    form.getByRole('radiogroup', { name: 'Validade' }).getByRole('radio', { name: 'Outra data' }),
  ).toBeChecked();
  const submit = form.getByRole('button', { name: 'Criar token' });
  await submit.scrollIntoViewIfNeeded();
  await shoot(page, 'api-token-form-phone');
  await press('phone', submit);

  const dialog = page.getByRole('dialog', { name: 'Token criado' });
  const field = dialog.getByRole('textbox', { name: 'Token' });
  await expect(field).toHaveValue(/^ep_[A-Za-z0-9_-]{43}$/);
  // Nothing of the dialog spills sideways: the field and "Copiar" sit inside the 390 px screen.
  for (const target of [field, dialog.getByRole('button', { name: 'Copiar' })]) {
    const box = (await target.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(36);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'api-token-created-phone');
  await press('phone', dialog.getByRole('button', { name: 'Já copiei, fechar' }));

  const list = await get<ApiTokenList>(
    await people.api(ti),
    '/api/integrations/tokens?perPage=100',
  );
  expect(list.items.find((t) => t.usuario.id === owner.id)).toMatchObject({
    expira_em: expiry,
    escopos: [{ area: 'suporte', acesso: 'leitura' }],
  });
  const card = page.getByTestId('api-token-row').filter({ hasText: name });
  await expect(card).toContainText(formatDateBr(expiry));
  await expect(card).toContainText('Nunca usado');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'api-token-list-phone');

  // "Sem expiração": no date at all, stored as null, with a warning before it is made.
  await press('phone', section.getByRole('button', { name: 'Novo token' }));
  const noEnd = `Automação ${people.tag()}`;
  const again = await fillForm(page, 'phone', owner, noEnd);
  await press('phone', again.getByRole('checkbox', { name: /Sem expiração/ }));
  await expect(again.getByText(/continua valendo se vazar/)).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Último dia de uso' })).toHaveCount(0);
  await press('phone', again.getByRole('button', { name: 'Criar token' }));
  const made = page.getByRole('dialog', { name: 'Token criado' });
  await expect(made).toContainText('sem data de validade, até ser revogado.');
  await press('phone', made.getByRole('button', { name: 'Já copiei, fechar' }));
  const all = await get<ApiTokenList>(await people.api(ti), '/api/integrations/tokens?perPage=100');
  expect(all.items.find((t) => t.nome === noEnd)).toMatchObject({
    expira_em: null,
    status: 'ativo',
  });
  await expect(page.getByTestId('api-token-row').filter({ hasText: noEnd })).toContainText(
    'Sem expiração',
  );
});
