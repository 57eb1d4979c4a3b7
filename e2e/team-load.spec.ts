import type { Page } from '@playwright/test';
import type { TeamLoadResponse } from '@eproto/domain';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';
import { expect, get, post, test, type People, type Person } from './support/people.ts';

// Issue 36 point 3: the "Carga" tab of Equipe. A gerente on two contracts; on contract A Bruno
// has 60 h of tasks next week (over any capacity: at most 44 h) and Ana 12,5 h; Diego is on B.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** Monday of next week and its Friday, 'YYYY-MM-DD' in São Paulo. */
function nextWeek(): { monday: string; friday: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const d = new Date(`${today}T12:00:00Z`);
  const toMonday = (8 - d.getUTCDay()) % 7 || 7;
  d.setUTCDate(d.getUTCDate() + toMonday);
  const monday = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 4);
  return { monday, friday: d.toISOString().slice(0, 10) };
}

interface World {
  gerente: Person;
  ana: Person;
  bruno: Person;
  diego: Person;
  contractA: { id: number; nome: string };
  contractB: { id: number; nome: string };
  load: TeamLoadResponse;
}

async function world(people: People): Promise<World> {
  const tag = people.tag();
  const contractA = await people.contract(`Clima ${tag}`);
  const contractB = await people.contract(`Rede ${tag}`);
  const gerente = await people.person('Gerente', { contracts: [contractA.id, contractB.id] });
  const ana = await people.person('Equipe', { contracts: [contractA.id] });
  const bruno = await people.person('Equipe', { contracts: [contractA.id] });
  const diego = await people.person('Equipe', { contracts: [contractB.id] });
  const api = await people.api(gerente);
  const board = await post<{ id: number }>(api, '/api/eproto/boards', {
    nome: `Quadro ${tag}`,
    contract_id: contractA.id,
    participants: [ana.id, bruno.id],
  });
  const mural = await post<{ id: number }>(api, '/api/eproto/murals', {
    titulo: `Retrofit ${tag}`,
    board_id: board.id,
    contract_id: contractA.id,
  });
  const { monday, friday } = nextWeek();
  for (const [who, horas] of [
    [bruno, 60],
    [ana, 12.5],
  ] as const) {
    await post(api, '/api/eproto/protocols', {
      mural_id: mural.id,
      titulo: `Levantamento ${who.nome}`,
      responsavel_id: who.id,
      inicio_previsto: monday,
      fim_previsto: friday,
      horas_estimadas: horas,
    });
  }
  const load = await get<TeamLoadResponse>(api, '/api/eproto/team/load');
  return { gerente, ana, bruno, diego, contractA, contractB, load };
}

const weekOf = (w: World, p: Person) => w.load.pessoas.find((x) => x.id === p.id)!.semanas[1]!;
const hours = (h: number) => `${h.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} h`;

/** Light and dark screenshots of the tab as it is (the theme switched in place, no reload). */
async function shoot(page: Page, name: string) {
  await expect(page.getByTestId('load-summary')).toContainText('acima da capacidade');
  await screenshotThemes(page, (theme) => `${SHOTS}/team-load-${name}-${theme}.png`, {
    fullPage: true,
  });
}

test.describe('desktop 1440', () => {
  test.use(DESKTOP);
  test.describe.configure({ timeout: 180_000 });

  test('gerente sees Bruno over capacity, as the API says; the contract filter changes the people', async ({
    people,
  }) => {
    const w = await world(people);
    // The API: next week Bruno's 60 h are over his capacity, Ana's 12,5 h are not.
    const bruno = weekOf(w, w.bruno);
    const ana = weekOf(w, w.ana);
    expect(bruno).toMatchObject({ horas: 60, tarefas: 60, acima: true });
    expect(ana).toMatchObject({ horas: 12.5, acima: false });
    expect(w.load.pessoas.map((p) => p.nome).sort()).toEqual(
      [w.ana.nome, w.bruno.nome, w.diego.nome].sort(),
    );

    const page = await people.page(w.gerente, DESKTOP);
    await page.goto('/eproto/gantt');
    await page.getByRole('tab', { name: 'Carga' }).click();
    await expect(page).toHaveURL(/aba=carga/);
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    // Next week in the chart, from the table's head.
    const week = w.load.semanas[1]!;
    const show = () =>
      table.getByRole('button', { name: new RegExp(`Semana ${week.numero} `) }).click();
    await show();
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Semana ${week.numero} `) }),
    ).toBeVisible();
    await expect(page.getByTestId('load-summary')).toHaveText(
      `1 pessoa acima da capacidade: ${w.bruno.nome}.`,
    );

    // The table: Bruno's cell of that week is flagged with the API's figures, Ana's is not.
    const cell = (p: Person) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: p.nome }) })
        .getByRole('cell')
        .nth(1);
    await expect(cell(w.bruno)).toHaveAttribute('data-acima', 'true');
    await expect(cell(w.bruno)).toContainText(`${hours(bruno.horas)}de ${hours(bruno.capacidade)}`);
    await expect(cell(w.bruno)).toContainText('acima da capacidade');
    await expect(cell(w.ana)).not.toHaveAttribute('data-acima');
    await expect(cell(w.ana)).toContainText(hours(12.5));
    await expect(cell(w.ana)).toContainText('12,5 h');

    // The chart: one red bar (Bruno's), blue ones for the others, the capacity line.
    const chart = page.getByTestId('load-chart');
    await expect(chart.locator('path.recharts-rectangle[fill*="red"]')).toHaveCount(1);
    // (Ana's; a person with 0 h has no bar to draw)
    await expect(chart.locator('path.recharts-rectangle[fill*="blue"]')).toHaveCount(1);
    await expect(chart.getByText('Acima da capacidade')).toBeVisible();
    await chart.locator('path.recharts-rectangle[fill*="red"]').hover();
    await expect(page.locator('.recharts-tooltip-wrapper')).toContainText(hours(bruno.horas));

    // Contract B: only Diego; contract A: Ana and Bruno.
    const contrato = page.getByRole('combobox', { name: 'Contrato' });
    await contrato.click();
    await contrato.fill('');
    await contrato.pressSequentially(w.contractB.nome.slice(0, 8), { delay: 30 });
    await page.getByRole('option', { name: w.contractB.nome }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toContainText(w.diego.nome);
    await contrato.click();
    await contrato.fill('');
    await contrato.pressSequentially(w.contractA.nome.slice(0, 8), { delay: 30 });
    await page.getByRole('option', { name: w.contractA.nome }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(2);
    await expect(table).not.toContainText(w.diego.nome);

    // Vehicles: the switch shows the vehicles view (none booked for contract A).
    await page.getByText('Veículos', { exact: true }).click();
    await expect(page.getByText('Nenhum veículo para mostrar')).toBeVisible();
    await page.getByText('Pessoas', { exact: true }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(2);

    await shoot(page, '1440');
  });
});

test.describe('phone 390', () => {
  test.use(PHONE);
  test.describe.configure({ timeout: 180_000 });

  test('the week as a list with Bruno flagged, nothing wider than the phone', async ({
    people,
  }) => {
    const w = await world(people);
    const bruno = weekOf(w, w.bruno);
    const page = await people.page(w.gerente, PHONE);
    await page.goto('/eproto/gantt?aba=carga');
    const week = w.load.semanas[1]!;
    const show = async () => {
      await page.getByRole('combobox', { name: 'Semana do gráfico' }).tap();
      await page.getByRole('option', { name: new RegExp(`^Semana ${week.numero} `) }).tap();
    };
    await show();
    const list = page.getByRole('list', { name: /Horas planejadas na semana/ });
    const item = list.getByRole('listitem').filter({ hasText: w.bruno.nome });
    await expect(item).toContainText(`${hours(bruno.horas)} de ${hours(bruno.capacidade)}`);
    await expect(item.getByText('Acima da capacidade')).toBeVisible();
    await expect(
      list.getByRole('listitem').filter({ hasText: w.ana.nome }).getByText('Acima da capacidade'),
    ).toHaveCount(0);
    // The table is the desktop's; the chart scrolls inside its box, the page does not.
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByTestId('load-chart')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, '390');
  });
});
