import { todayIn, weekStartOf, type ContractCostList } from '@eproto/domain';
import { readFile } from 'node:fs/promises';

import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';

// Issue 36 point 5: the financeiro lands on /eproto/murals (SPEC) and reaches the contracts'
// cost from its "Custos" tab: its contracts with budget, actual cost and share used, each opening
// the cost dashboard or downloading the XLSX. By hand: 2 h approved × R$ 50,00 = R$ 100,00 of a
// R$ 1.000,00 budget, 10% used, saldo R$ 900,00. Contract, people and rate are this spec's own.

const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-finance-costs';
const TZ = 'America/Sao_Paulo';

test('financeiro opens Custos, sees its contract at 10% and opens its dashboard and XLSX', async ({
  people,
}) => {
  test.setTimeout(240_000);
  const contract = await people.contract();
  const ti = await people.person('TI');
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const fin = await people.person('Financeiro', { contracts: [contract.id] });
  const today = todayIn(TZ);

  const patched = await (
    await people.api(ti)
  ).patch(`/api/eproto/contracts/${contract.id}`, { data: { valor: 1000 } });
  expect(patched.status(), await patched.text()).toBe(200);
  await post(await people.api(gerente), '/api/eproto/custos/taxas', {
    user_id: tecnico.id,
    valor_hora: 50,
    vigente_desde: '2020-01-01',
  });
  await post(await people.api(tecnico), '/api/eproto/horas/lancamentos', {
    data: today,
    horas: '2',
    contract_id: contract.id,
  });
  const approved = await (
    await people.api(coord)
  ).post('/api/eproto/horas/semanas/aprovar', {
    data: { user_id: tecnico.id, semana: weekStartOf(today) },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // What the list reads for the financeiro: only its contract, with the figures by hand.
  const finApi = await people.api(fin);
  const listed = await get<ContractCostList>(finApi, '/api/eproto/custos/contratos');
  expect(listed.total).toBe(1);
  expect(listed.items[0]).toMatchObject({
    contrato: { id: contract.id, valor: 1000 },
    custo: 100,
    saldo: 900,
    usado: 0.1,
  });

  // 1. Desktop 1440: the landing page, tab Custos, the contract's row.
  const page = await people.page(fin, DESKTOP);
  await page.goto('/');
  await expect(page).toHaveURL(/\/eproto\/murals$/);
  await page.getByRole('tab', { name: 'Custos' }).click();
  await expect(page).toHaveURL(/visao=custos/);
  const row = page.getByTestId('cost-contract');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(contract.codigo);
  await expect(row.getByRole('cell', { name: 'R$ 1.000,00', exact: true })).toBeVisible();
  await expect(row.getByText('R$ 100,00', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'R$ 900,00', exact: true })).toBeVisible();
  await expect(row.getByText('10%', { exact: true })).toBeVisible();
  await expect(page.getByText('1 contrato', { exact: true })).toBeVisible();
  await screenshotThemes(page, (t) => `${SHOTS}/financeiro-custos-lista-1440-${t}.png`, {
    fullPage: true,
  });

  // 2. The XLSX straight from the row.
  const fromRow = page.waitForEvent('download');
  await row.getByRole('link', { name: `Exportar XLSX de ${contract.codigo}` }).click();
  expect((await fromRow).suggestedFilename()).toBe(`custos-${contract.codigo}.xlsx`);

  // 3. "Ver custos": the contract's dashboard, its XLSX, and back to the list.
  await row.getByRole('button', { name: `Ver custos de ${contract.codigo}` }).click();
  await expect(page).toHaveURL(new RegExp(`visao=custos&contrato=${contract.id}`));
  await expect(page.getByTestId('cost-total')).toHaveText('R$ 100,00');
  await expect(page.getByText('10% do orçamento usado')).toBeVisible();
  await expect(page.getByTestId('cost-charts')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`custos-${contract.codigo}.xlsx`);
  expect((await readFile(await file.path())).subarray(0, 2).toString()).toBe('PK');
  await screenshotThemes(page, (t) => `${SHOTS}/financeiro-custos-painel-1440-${t}.png`, {
    fullPage: true,
  });
  await page.goBack();
  await expect(page.getByTestId('cost-contract')).toHaveCount(1);
  await row.getByRole('button', { name: `Ver custos de ${contract.codigo}` }).click();
  await page.getByRole('button', { name: 'Todos os contratos' }).click();
  await expect(page.getByTestId('cost-contract')).toHaveCount(1);

  // 4. A phone (390, touch): the row is a card with its figures and both actions.
  const phone = await people.page(fin, PHONE);
  await phone.goto('/eproto/murals?visao=custos');
  const card = phone.getByTestId('cost-contract');
  await expect(card.getByText('R$ 100,00', { exact: true })).toBeVisible();
  await expect(card.getByText('10%', { exact: true })).toBeVisible();
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshotThemes(phone, (t) => `${SHOTS}/financeiro-custos-lista-390-${t}.png`, {
    fullPage: true,
  });
  await card.getByRole('button', { name: `Ver custos de ${contract.codigo}` }).tap();
  await expect(phone.getByTestId('cost-total')).toHaveText('R$ 100,00');
  await expect(phone.getByTestId('cost-charts')).toBeVisible();
  await screenshotThemes(phone, (t) => `${SHOTS}/financeiro-custos-painel-390-${t}.png`, {
    fullPage: true,
  });
});
