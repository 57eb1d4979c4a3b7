import type { Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshotThemes, shot, tapOption } from './support/devices.ts';
import { expect, get, test } from './support/people.ts';
import { demand, task, team } from './support/work.ts';

// Issue 36: the working calendar in the web (days off typed as a Brazilian types them, the
// contract's place, shading, "Dias úteis") and baselines of a demand's plan.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** Types `text` key by key, as a person does (the field reformats while they type). */
async function typeSlowly(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: 30 });
}

/** Picks an option of a Mantine Select by typing part of its label. */
async function pick(page: Page, field: Locator, typed: string, option: string | RegExp) {
  await field.click();
  // a searchable one keeps the chosen label as its text: clear it, then type (the others are
  // read-only and only open their list)
  if (await field.isEditable()) {
    await field.fill('');
    await field.pressSequentially(typed, { delay: 30 });
  }
  await page.getByRole('option', { name: option }).click();
}

interface DayOff {
  id: number;
  nome: string;
  inicio: string;
  fim: string;
  tipo: string;
  contrato_id: number | null;
}

test.describe('desktop 1440', () => {
  test.use(DESKTOP);
  // Many steps typed key by key on a shared machine; each still waits at most 7 s (expect).
  test.describe.configure({ timeout: 180_000 });

  test('diretoria types days off and vacations; they are stored as typed', async ({ people }) => {
    const tag = people.tag();
    const contract = await people.contract(`Hospital ${tag}`);
    const diretoria = await people.person('Diretoria');
    const page = await people.page(diretoria);
    const api = await people.api(diretoria);
    await page.goto('/eproto/calendar?aba=folgas');
    const form = page.getByRole('form', { name: 'Cadastrar dia sem expediente' });

    // An impossible date stays on screen with the reason; nothing is sent.
    await form.getByLabel('Nome').fill(`Padroeira ${tag}`);
    await typeSlowly(form.getByRole('textbox', { name: /^Início/ }), '31/02/2026');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(form.getByText(/Data inválida|não existe|inválida/).first()).toBeVisible();

    // One day: 20/11/2026, end left blank, limited to the contract.
    const inicio = form.getByRole('textbox', { name: /^Início/ });
    await inicio.fill('');
    await typeSlowly(inicio, '20/11/2026');
    await pick(page, form.getByRole('combobox', { name: /^Tipo/ }), 'Feri', 'Feriado local');
    await pick(page, form.getByRole('combobox', { name: /^Contrato/ }), tag, new RegExp(tag));
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText(`"Padroeira ${tag}" cadastrado.`)).toBeVisible();
    // the form is cleared for the next one
    await expect(form.getByRole('textbox', { name: /^Início/ })).toHaveValue('');

    // A period typed without slashes: 21122026 → 02/01/2027.
    await form.getByLabel('Nome').fill(`Férias coletivas ${tag}`);
    await pick(page, form.getByRole('combobox', { name: /^Tipo/ }), 'Férias', 'Férias coletivas');
    await pick(page, form.getByRole('combobox', { name: /^Contrato/ }), tag, new RegExp(tag));
    await typeSlowly(form.getByRole('textbox', { name: /^Início/ }), '21122026');
    await typeSlowly(form.getByRole('textbox', { name: /^Fim/ }), '02/01/2027');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText(`"Férias coletivas ${tag}" cadastrado.`)).toBeVisible();

    const stored = (await get<DayOff[]>(api, '/api/calendario/folgas')).filter((d) =>
      d.nome.endsWith(tag),
    );
    expect(
      stored.map(({ nome, inicio, fim, tipo, contrato_id }) => ({
        nome,
        inicio,
        fim,
        tipo,
        contrato_id,
      })),
    ).toEqual([
      {
        nome: `Padroeira ${tag}`,
        inicio: '2026-11-20',
        fim: '2026-11-20',
        tipo: 'feriado_local',
        contrato_id: contract.id,
      },
      {
        nome: `Férias coletivas ${tag}`,
        inicio: '2026-12-21',
        fim: '2027-01-02',
        tipo: 'ferias_coletivas',
        contrato_id: contract.id,
      },
    ]);

    // The contract's year: national holidays and its own days off, each named.
    const year = page.getByRole('heading', { name: /Feriados e folgas de/ });
    while (!(await year.textContent())?.includes('2026')) {
      await page
        .getByRole('button', { name: /Ano anterior|Próximo ano/ })
        .first()
        .click();
    }
    await pick(page, page.getByRole('combobox', { name: 'Calendário de' }), tag, new RegExp(tag));
    await expect(page.getByRole('listitem').filter({ hasText: 'Natal' })).toContainText(
      '25/12/2026',
    );
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `Férias coletivas ${tag}` })
        .first(),
    ).toContainText('21/12/2026');
    await page.getByRole('heading', { name: /Feriados e folgas de/ }).waitFor();
    await screenshotThemes(page, (theme) => `${SHOTS}/calendar-folgas-1440-${theme}.png`, {
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'Calendário' }).click();
    await expect(page.locator('.eproto-dayoff').first()).toBeVisible();
    await screenshotThemes(page, (theme) => `${SHOTS}/calendar-month-1440-${theme}.png`, {
      fullPage: true,
    });
  });

  test('ti picks the contract’s state and city by name; they are stored', async ({ people }) => {
    const tag = people.tag();
    const contract = await people.contract(`Prefeitura ${tag}`);
    const ti = await people.person('TI');
    const page = await people.page(ti);
    // This contract only (the search a TI types, kept in the URL): the list is every contract
    // the run has made so far, hundreds near its end where this spec runs. Drawing 157–300 of
    // them again after the save held the toast 9 s and over 15 s on a loaded machine (the page
    // now asks 50 a page); this one alone, 1–3 s.
    await page.goto(`/contracts?busca=${contract.codigo}`);
    await page.getByRole('button', { name: `Editar contrato ${contract.codigo}` }).click();
    const dialog = page.getByRole('dialog');
    await pick(page, dialog.getByRole('combobox', { name: /^Estado \(UF\)/ }), 'RJ', 'RJ');
    await pick(
      page,
      dialog.getByRole('combobox', { name: /^Município/ }),
      'rio de',
      'Rio de Janeiro',
    );
    await shot(page, { path: `${SHOTS}/contract-place-1440-dark.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Contrato ${contract.codigo} atualizado.`)).toBeVisible({
      timeout: 15_000,
    });
    const list = await get<{ id: number; uf: string | null; municipio: string | null }[]>(
      await people.api(ti),
      '/api/eproto/contracts',
    );
    expect(list.find((c) => c.id === contract.id)).toMatchObject({ uf: 'RJ', municipio: 'RJ' });
    await page.evaluate(() => localStorage.setItem('eproto-theme', 'light'));
    await page.reload();
    await page.getByRole('button', { name: `Editar contrato ${contract.codigo}` }).click();
    await expect(dialog.getByRole('combobox', { name: /^Município/ })).toHaveValue(
      'Rio de Janeiro',
    );
    await shot(page, { path: `${SHOTS}/contract-place-1440-light.png` });
  });

  test('"Dias úteis" and a baseline: its bars, the variance per task and for the demand', async ({
    people,
  }) => {
    const tag = people.tag();
    const t = await team(people, 'Gerente');
    const mural = await demand(t, { titulo: `Reforma ${tag}` });
    // Before Carnaval 2027 (Mon 8, Tue 9 Feb): two tasks in a row.
    const a = await task(t, {
      mural_id: mural.id,
      titulo: `Vistoria ${tag}`,
      inicio_previsto: '2027-02-01',
      fim_previsto: '2027-02-05',
    });
    const b = await task(t, {
      mural_id: mural.id,
      titulo: `Reparo ${tag}`,
      inicio_previsto: '2027-02-10',
      fim_previsto: '2027-02-12',
    });
    const page = await people.page(t.gestor);
    await page.goto(`/eproto/murals/${mural.id}?aba=gantt`);
    // the first Gantt of the run loads SVAR's chunk
    await expect(page.locator('.wx-grid .wx-row', { hasText: `Reparo ${tag}` })).toBeVisible({
      timeout: 20_000,
    });
    // Carnaval is shaded, named in the day's header.
    await expect(page.locator('.wx-scale [title="Carnaval"]').first()).toBeAttached();
    await expect(page.getByTestId('dias-sem-expediente')).toContainText('08/02 Carnaval');

    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/eproto/murals/${mural.id}`),
    );
    await page.getByRole('switch', { name: 'Dias úteis' }).click({ force: true });
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(/Planejada em dias úteis/)).toBeVisible();
    expect(
      (await get<{ dias_uteis: boolean }>(t.api, `/api/eproto/murals/${mural.id}`)).dias_uteis,
    ).toBe(true);

    await page.getByRole('button', { name: 'Salvar linha de base' }).click();
    const name = page.getByRole('dialog').getByRole('textbox', { name: /^Nome/ });
    await name.fill('');
    await typeSlowly(name, `Plano aprovado ${tag}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Linha de base "Plano aprovado ${tag}" salva.`)).toBeVisible();
    const baselines = await get<{ nome: string; tarefas: number }[]>(
      t.api,
      `/api/eproto/baselines?mural_id=${mural.id}`,
    );
    expect(baselines).toEqual([
      expect.objectContaining({ nome: `Plano aprovado ${tag}`, tarefas: 2 }),
    ]);

    // The plan slips: Reparo ends on Tue 16 instead of Fri 12 (2 working days late).
    const moved = await t.api.patch(`/api/eproto/protocols/${b.id}`, {
      data: { fim_previsto: '2027-02-16' },
    });
    expect(moved.status()).toBe(200);
    await page.reload();
    await page.getByRole('combobox', { name: 'Linha de base' }).click();
    await page.getByRole('option', { name: new RegExp(`Plano aprovado ${tag}`) }).click();
    await expect(page.getByTestId(`base-${b.id}`)).toBeVisible();
    await expect(page.getByTestId(`base-${a.id}`)).toBeVisible();
    await expect(page.locator('.wx-grid .wx-row', { hasText: `Reparo ${tag}` })).toContainText(
      '+2',
    );
    await expect(page.locator('.wx-grid .wx-row', { hasText: `Vistoria ${tag}` })).toContainText(
      '0',
    );
    await expect(page.getByTestId('variacao-demanda')).toContainText(
      'término da demanda 2 dias úteis de atraso (previsto 12/02/2027, agora 16/02/2027)',
    );
    await expect(page.getByTestId('variacao-demanda')).toBeVisible();
    await expect(page.locator('.wx-scale [title="Carnaval"]').first()).toBeVisible();
    await screenshotThemes(page, (theme) => `${SHOTS}/gantt-baseline-1440-${theme}.png`, {
      fullPage: true,
    });

    // Deleting it leaves the Gantt without baseline bars.
    await page.getByRole('button', { name: `Excluir linha de base Plano aprovado ${tag}` }).click();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByTestId(`base-${b.id}`)).toHaveCount(0);
    expect(await get<unknown[]>(t.api, `/api/eproto/baselines?mural_id=${mural.id}`)).toEqual([]);
  });
});

test.describe('phone 390', () => {
  test.use(PHONE);
  test.describe.configure({ timeout: 120_000 });

  test('a demand’s Gantt with its baseline and "Dias úteis" on a phone', async ({ people }) => {
    const tag = people.tag();
    const t = await team(people, 'Gerente');
    const mural = await demand(t, { titulo: `Pintura ${tag}` });
    for (const [titulo, ini, fim] of [
      [`Raspagem ${tag}`, '2027-02-03', '2027-02-05'],
      [`Pintura ${tag}`, '2027-02-10', '2027-02-12'],
    ] as const) {
      await task(t, { mural_id: mural.id, titulo, inicio_previsto: ini, fim_previsto: fim });
    }
    const base = await t.api.post('/api/eproto/baselines', {
      data: { mural_id: mural.id, nome: `Plano ${tag}` },
    });
    expect(base.status()).toBe(201);
    const page = await people.page(t.gestor, PHONE);
    await page.goto(`/eproto/murals/${mural.id}?aba=gantt`);
    // The chart first: the list must not open while the tab's lazy parts still move the page
    // (a list opened then stayed below the screen, out of a finger's reach).
    await expect(page.getByText(`Raspagem ${tag}`)).toBeVisible({ timeout: 20_000 });
    const select = page.getByRole('combobox', { name: 'Linha de base' });
    await tapOption(page, select, new RegExp(`Plano ${tag}`));
    await expect(page.getByTestId('variacao-demanda')).toContainText('no prazo');
    await page.getByTestId('variacao-demanda').scrollIntoViewIfNeeded();
    await screenshotThemes(page, (theme) => `${SHOTS}/gantt-baseline-390-${theme}.png`, {
      fullPage: true,
    });
  });

  // One flow; the themes only change the pictures (screenshotThemes), not the flow.
  test(`the calendar shades and names the holidays (light and dark)`, async ({ people }) => {
    const diretoria = await people.person('Diretoria');
    const page = await people.page(diretoria, PHONE);
    await page.goto('/eproto/calendar');
    await page.locator('label', { hasText: /^Mês$/ }).tap();
    // A holiday of the month shown is a shaded cell that names it; a month without one
    // (rare) is passed with "Próximo".
    const shaded = page.locator('.eproto-dayoff--feriado');
    for (let i = 0; i < 12 && (await shaded.count()) === 0; i++) {
      await page.getByRole('button', { name: 'Próximo' }).tap();
    }
    await expect(shaded.first()).toBeVisible();
    expect(await shaded.first().getAttribute('title')).toBeTruthy();
    // the whole day is shaded, not only its name
    await expect(page.locator('.eproto-dayoff-cell--feriado').first()).toBeVisible();
    await expect(page.getByTestId('dias-sem-expediente')).toContainText('Sem expediente:');
    await screenshotThemes(page, (theme) => `${SHOTS}/calendar-shading-390-${theme}.png`, {
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'Folgas e feriados' }).tap();
    await expect(page.getByRole('heading', { name: /Feriados e folgas de/ })).toBeVisible();
    await screenshotThemes(page, (theme) => `${SHOTS}/calendar-folgas-390-${theme}.png`, {
      fullPage: true,
    });
  });
});
