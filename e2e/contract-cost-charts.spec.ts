import { todayIn, weekStartOf } from '@eproto/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { DESKTOP, PHONE, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';

// Issue 36 point 5, the charts: a contract of 14 months with labour, fuel and maintenance in
// several of them. At 1440 px every kind of cost is in the "Custo por mês" legend, the value
// axis reads on one line and the planned burn is drawn against month names; on a phone the
// charts open on the latest month. People, contract, vehicle and rate are this spec's own.

const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-contract-cost-charts';
const TZ = 'America/Sao_Paulo';

/** The first day of the month `n` months from `day` (negative: before), as YYYY-MM-DD. */
function monthStart(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 10);
}

/** A Mercosul plate nobody else uses (ABC1D23). */
function plate(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digit = () => String(Math.floor(Math.random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

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

/** Fuel and maintenance named to the contract in 6 of its past months. */
async function fleetCosts(api: APIRequestContext, contractId: number, today: string) {
  const { vehicle } = await post<{ vehicle: { id: number } }>(api, '/api/tatico/frota/veiculos', {
    placa: plate(),
    marca: 'Fiat',
    modelo: 'Strada',
    ano: 2022,
    odometro_km: 40_000,
  });
  const url = `/api/tatico/frota/veiculos/${vehicle.id}`;
  for (let i = 6; i >= 1; i--) {
    const day = monthStart(today, -i).slice(0, 8) + '10';
    await post(api, `${url}/abastecimentos`, {
      data: day,
      combustivel: 'diesel',
      litros: 40,
      valor_total: 1200 + i * 150,
      km: 40_000 + (7 - i) * 900,
      contract_id: contractId,
    });
    if (i % 2 === 0) {
      await post(api, `${url}/manutencoes`, {
        tipo: 'corretiva',
        descricao: `Troca de pastilhas ${i}`,
        prevista_data: day,
        custo: 2350.5,
        contract_id: contractId,
      });
    }
  }
}

/** The chart's horizontal scroller (the Mantine ScrollArea viewport around it). */
const scroller = (chart: Locator) => chart.locator('.mantine-ScrollArea-viewport').first();

const dmy = (day: string) => day.split('-').reverse().join('/');

/** Every item lies inside the card, none clipped by it. */
async function expectWhole(card: Locator, items: Locator) {
  const box = (await card.boundingBox())!;
  for (const item of await items.all()) {
    const b = (await item.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
  }
}

/** Each tick of the value axis is one line (recharts breaks a long label into several). */
async function expectOneLineTicks(card: Locator) {
  const ticks = card.locator('.recharts-cartesian-axis-tick-value', { hasText: /^R\$/ });
  await expect(ticks.first()).toBeVisible();
  for (const tick of await ticks.all()) {
    expect(
      await tick.locator('tspan').count(),
      (await tick.textContent()) ?? '',
    ).toBeLessThanOrEqual(1);
  }
}

test('the cost charts show every kind, read on one line and open on the latest month', async ({
  people,
}) => {
  test.setTimeout(240_000);
  const contract = await people.contract();
  const bare = await people.contract();
  const ti = await people.person('TI');
  const gerente = await people.person('Gerente', { contracts: [contract.id, bare.id] });
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const today = todayIn(TZ);

  // A term of 14 months (10 behind, 3 ahead) and a budget of R$ 250.000,00.
  const tiApi = await people.api(ti);
  const patched = await tiApi.patch(`/api/eproto/contracts/${contract.id}`, {
    data: { valor: 250_000, inicio: monthStart(today, -10), fim: monthStart(today, 4) },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const gerenteApi = await people.api(gerente);
  await fleetCosts(gerenteApi, contract.id, today);
  // Labour this month: 6 h approved at R$ 95,00.
  await post(gerenteApi, '/api/eproto/custos/taxas', {
    user_id: tecnico.id,
    valor_hora: 95,
    vigente_desde: monthStart(today, -10),
  });
  await post(await people.api(tecnico), '/api/eproto/horas/lancamentos', {
    data: today,
    horas: '6',
    contract_id: contract.id,
  });
  const approved = await (
    await people.api(coord)
  ).post('/api/eproto/horas/semanas/aprovar', {
    data: { user_id: tecnico.id, semana: weekStartOf(today) },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // 1. Desktop at 1440: every kind in the legend, whole; the value axis on one line a tick; the
  // planned burn drawn over the contract's term, which the card names.
  const office = await people.page(gerente, DESKTOP);
  await office.goto(`/eproto/contracts?aba=custos&contrato=${contract.id}`);
  await expect(office.getByTestId('cost-total')).toHaveText('R$ 17.971,50', { timeout: 20_000 });
  const perMonth = office.getByTestId('cost-per-month');
  await expect(perMonth.locator('.recharts-surface')).toBeVisible();
  const legend = perMonth.getByRole('list', { name: 'Legenda do custo por mês' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'Mão de obra',
    'Materiais',
    'Combustível',
    'Manutenção',
    'EPI',
  ]);
  await expectWhole(perMonth, legend.getByRole('listitem'));
  await expectOneLineTicks(perMonth);
  const burn = office.getByTestId('cost-burn');
  await expectOneLineTicks(burn);
  await expect(
    burn.getByRole('list', { name: 'Legenda do consumo do orçamento' }).getByRole('listitem'),
  ).toHaveText(['Custo real acumulado', 'Planejado acumulado', 'Orçamento']);
  await expect(burn).toContainText(
    `orçamento distribuído pela vigência (${dmy(monthStart(today, -10))} a ${dmy(monthStart(today, 4))})`,
  );
  await shoot(office, 'charts-1440');

  // 2. Phone, 390 px touch: the charts open on the latest month (scrolled to the right end).
  const phone = await people.page(gerente, PHONE);
  await phone.goto(`/eproto/contracts?aba=custos&contrato=${contract.id}`);
  await expect(phone.getByTestId('cost-total')).toHaveText('R$ 17.971,50', { timeout: 20_000 });
  for (const id of ['cost-burn', 'cost-per-month', 'cost-os']) {
    const card = phone.getByTestId(id);
    await expect(card.locator('.recharts-surface')).toBeVisible();
    const { left, width, client } = await scroller(card).evaluate((el) => ({
      left: el.scrollLeft,
      width: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(width, `${id} is wider than the phone`).toBeGreaterThan(client);
    expect(left + client, `${id} opens on the latest month`).toBeGreaterThanOrEqual(width - 1);
  }
  await expectWhole(
    phone.getByTestId('cost-per-month'),
    phone.getByRole('list', { name: 'Legenda do custo por mês' }).getByRole('listitem'),
  );
  await shoot(phone, 'charts-390');

  // 3. A contract with a budget but no term: no planned line to name, and the card says why.
  const patchedBare = await tiApi.patch(`/api/eproto/contracts/${bare.id}`, {
    data: { valor: 50_000 },
  });
  expect(patchedBare.status(), await patchedBare.text()).toBe(200);
  await office.goto(`/eproto/contracts?aba=custos&contrato=${bare.id}`);
  const bareBurn = office.getByTestId('cost-burn');
  await expect(
    bareBurn.getByRole('list', { name: 'Legenda do consumo do orçamento' }).getByRole('listitem'),
  ).toHaveText(['Custo real acumulado', 'Orçamento']);
  await expect(bareBurn).toContainText('Sem início e fim da vigência no contrato');
});
