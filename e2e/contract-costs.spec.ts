import { todayIn, weekStartOf, type ContractCost, type CostRate } from '@eproto/domain';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

import { DESKTOP, PHONE, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';

// Issue 36 point 5: a gerente on the desktop types a person's hourly rate "85,50" key by key,
// sees the contract's cost with the hand-computed total (2 h approved × R$ 85,50 = R$ 171,00 of
// a R$ 1.000,00 budget) and downloads the XLSX; on a phone the dashboard still reads. People,
// contract and rate are this spec's own (the rate is the technician's, nobody else's).

const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-contract-costs';
const TZ = 'America/Sao_Paulo';

async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    await shot(page, {
      path: `${SHOTS}/${name}-${scheme}.png`,
      animations: 'disabled',
      fullPage: true,
    });
  }
}

test('a gerente sets a rate typed 85,50, sees the contract cost and downloads the XLSX', async ({
  people,
}) => {
  test.setTimeout(240_000);
  const contract = await people.contract();
  const ti = await people.person('TI');
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const today = todayIn(TZ);

  // The budget, 2 h typed by the technician today and the week approved by the coordinator.
  const tiApi = await people.api(ti);
  const patched = await tiApi.patch(`/api/eproto/contracts/${contract.id}`, {
    data: { valor: 1000 },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await post(await people.api(tecnico), '/api/eproto/horas/lancamentos', {
    data: today,
    horas: '2',
    contract_id: contract.id,
  });
  const coordApi = await people.api(coord);
  const approved = await coordApi.post('/api/eproto/horas/semanas/aprovar', {
    data: { user_id: tecnico.id, semana: weekStartOf(today) },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // 1. Desktop: Contratos → "Ver custos" of the contract → Custos tab.
  const office = await people.page(gerente, DESKTOP);
  await office.goto(`/eproto/contracts?busca=${encodeURIComponent(contract.codigo)}`);
  await office
    .getByRole('article', { name: `Contrato ${contract.codigo}` })
    .getByRole('link', { name: 'Ver custos' })
    .click();
  await expect(office.getByRole('tab', { name: 'Custos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Without a rate the approved hours cost nothing yet, and the page says so.
  await expect(office.getByText(/2:00 h aprovadas sem taxa de custo/)).toBeVisible();
  await expect(office.getByTestId('cost-total')).toHaveText('R$ 0,00');

  // 2. The rate of the technician, typed as a Brazilian types it.
  await office.getByRole('button', { name: 'Taxas de custo' }).click();
  const drawer = office.getByRole('dialog', { name: 'Taxas de custo' });
  await drawer.getByText('Por pessoa').click();
  const pessoa = drawer.getByRole('combobox', { name: 'Pessoa' });
  await pessoa.click();
  await pessoa.pressSequentially(tecnico.nome.split(' ').slice(-1)[0]!, { delay: 40 });
  await office.getByRole('option', { name: tecnico.nome }).click();
  const valor = drawer.getByRole('textbox', { name: /Valor da hora/ });
  await valor.click();
  await valor.pressSequentially('85,50', { delay: 60 });
  await expect(valor).toHaveValue('85,50');
  await drawer.getByRole('button', { name: 'Salvar taxa' }).click();
  await expect(drawer.getByRole('cell', { name: tecnico.nome, exact: true })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'R$ 85,50', exact: true })).toBeVisible();

  // What was stored: 85.5 an hour for the technician, from today.
  const gerenteApi = await people.api(gerente);
  const rates = await get<{ items: CostRate[] }>(gerenteApi, '/api/eproto/custos/taxas');
  expect(rates.items.find((r) => r.pessoa?.id === tecnico.id)).toMatchObject({
    valor_hora: 85.5,
    vigente_desde: today,
    funcao: null,
  });
  await shoot(office, 'custos-taxas-1440');
  await office.keyboard.press('Escape');

  // 3. The cost by hand: 2 h × R$ 85,50 = R$ 171,00; saldo R$ 829,00 of R$ 1.000,00.
  await expect(office.getByTestId('cost-total')).toHaveText('R$ 171,00');
  await expect(office.getByText('R$ 829,00')).toBeVisible();
  await expect(office.getByText('17% do orçamento usado')).toBeVisible();
  await expect(office.getByTestId('cost-charts')).toBeVisible();
  const report = await get<ContractCost>(gerenteApi, `/api/eproto/custos/contratos/${contract.id}`);
  expect(report.totais).toMatchObject({ mao_de_obra: 171, total: 171, saldo: 829 });
  await shoot(office, 'custos-1440');

  // 4. The XLSX it downloads.
  const download = office.waitForEvent('download');
  await office.getByRole('link', { name: 'Exportar XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`custos-${contract.codigo}.xlsx`);
  // An XLSX (a zip); its cells are read back in costs.routes.test.ts.
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.length).toBeGreaterThan(1000);

  // 5. A phone (390 px, touch): the dashboard reads, nothing wider than the screen but charts.
  const phone = await people.page(gerente, PHONE);
  await phone.goto(`/eproto/contracts?aba=custos&contrato=${contract.id}`);
  await expect(phone.getByTestId('cost-total')).toHaveText('R$ 171,00');
  await expect(phone.getByText('Custo real', { exact: true })).toBeVisible();
  await expect(phone.getByTestId('cost-charts')).toBeVisible();
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.getByRole('button', { name: 'Taxas de custo' }).tap();
  await expect(phone.getByRole('dialog', { name: 'Taxas de custo' })).toBeVisible();
  await shoot(phone, 'custos-taxas-390');
  await phone
    .getByRole('dialog', { name: 'Taxas de custo' })
    .getByRole('button', { name: /fechar|close/i })
    .tap();
  await shoot(phone, 'custos-390');
});
