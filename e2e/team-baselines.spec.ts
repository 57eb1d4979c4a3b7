import type { Locator } from '@playwright/test';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';
import { expect, get, test } from './support/people.ts';
import { dayFromToday, demand, task, team, type Team } from './support/work.ts';

// Issue 36 point 2: baselines of the team Gantt (/eproto/gantt), saved by the coordenador for
// every demand of the team, compared task by task and demand by demand.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Types `text` key by key, as a person does. */
async function typeSlowly(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: 30 });
}

interface Summary {
  nome: string;
  tarefas: number;
  demandas: number;
}

/** A coordenador's team (the coordenador and one technician) with two demands of work. */
async function teamWork(people: Parameters<typeof team>[0], tag: string) {
  const t = await team(people, 'Coordenador', ['Equipe']);
  const tecnico = t.members[0]!;
  const obra = await demand(t, { titulo: `Obra ${tag}` });
  const pintura = await demand(t, { titulo: `Pintura ${tag}` });
  const vistoria = await task(t, {
    mural_id: obra.id,
    titulo: `Vistoria ${tag}`,
    responsavel_id: tecnico.id,
    inicio_previsto: dayFromToday(2),
    fim_previsto: dayFromToday(4),
  });
  const reparo = await task(t, {
    mural_id: obra.id,
    titulo: `Reparo ${tag}`,
    responsavel_id: t.gestor.id,
    inicio_previsto: dayFromToday(6),
    fim_previsto: dayFromToday(8),
  });
  const fachada = await task(t, {
    mural_id: pintura.id,
    titulo: `Fachada ${tag}`,
    responsavel_id: tecnico.id,
    inicio_previsto: dayFromToday(3),
    fim_previsto: dayFromToday(5),
  });
  return { t, obra, pintura, vistoria, reparo, fachada };
}

const list = (t: Team) =>
  get<Summary[]>(t.api, `/api/eproto/team/baselines?coordenador_id=${t.gestor.id}`);

test.describe('desktop 1440', () => {
  test.use(DESKTOP);
  test.describe.configure({ timeout: 180_000 });

  test("the coordenador saves the team's plan; bars, variance per task and per demand", async ({
    people,
  }) => {
    const tag = people.tag();
    const w = await teamWork(people, tag);
    const page = await people.page(w.t.gestor);
    await page.goto('/eproto/gantt?grupo=demanda');
    const row = (text: string) => page.locator('.wx-grid .wx-row', { hasText: text });
    // the first Gantt of the run loads SVAR's chunk
    await expect(row(`Reparo ${tag}`)).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Salvar linha de base' }).click();
    const name = page.getByRole('dialog').getByRole('textbox', { name: /^Nome/ });
    await name.fill('');
    await typeSlowly(name, `Plano da equipe ${tag}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Linha de base "Plano da equipe ${tag}" salva.`)).toBeVisible();
    // Stored: the three tasks of the team's two demands, under the name typed.
    expect(await list(w.t)).toEqual([
      expect.objectContaining({ nome: `Plano da equipe ${tag}`, tarefas: 3, demandas: 2 }),
    ]);

    // The plan slips: Reparo ends two days later.
    const moved = await w.t.api.patch(`/api/eproto/protocols/${w.reparo.id}`, {
      data: { fim_previsto: dayFromToday(10) },
    });
    expect(moved.status()).toBe(200);
    await page.reload();
    await expect(row(`Reparo ${tag}`)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Linha de base' }).click();
    await page.getByRole('option', { name: new RegExp(`Plano da equipe ${tag}`) }).click();
    for (const id of [w.vistoria.id, w.reparo.id, w.fachada.id]) {
      await expect(page.getByTestId(`base-${id}`)).toBeVisible();
    }
    await expect(row(`Reparo ${tag}`)).toContainText('+2');
    await expect(row(`Vistoria ${tag}`)).toContainText('0');
    // The demand's group row carries its finish variance.
    await expect(row(`Obra ${tag}`)).toContainText('+2');
    await expect(page.getByTestId(`variacao-demanda-${w.obra.id}`)).toHaveText(
      `Obra ${tag}: término 2 dias de atraso (previsto ${br(dayFromToday(8))}, agora ${br(dayFromToday(10))})`,
    );
    await expect(page.getByTestId(`variacao-demanda-${w.pintura.id}`)).toHaveText(
      `Pintura ${tag}: término no prazo da linha de base (previsto ${br(dayFromToday(5))}, agora ${br(dayFromToday(5))})`,
    );
    await expect(page.getByTestId('variacao-demandas')).toContainText('2 demandas, 1 com atraso');
    await page.getByTestId('variacao-demandas').scrollIntoViewIfNeeded();
    await screenshotThemes(page, (theme) => `${SHOTS}/team-baseline-1440-${theme}.png`, {
      fullPage: true,
    });

    // Deleting it leaves the chart without baseline bars.
    await page
      .getByRole('button', { name: `Excluir linha de base Plano da equipe ${tag}` })
      .click();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByTestId(`base-${w.reparo.id}`)).toHaveCount(0);
    expect(await list(w.t)).toEqual([]);
  });
});

test.describe('phone 390', () => {
  test.use(PHONE);
  test.describe.configure({ timeout: 120_000 });

  test("the team's baseline on a phone: picked with a finger, variance per demand", async ({
    people,
  }) => {
    const tag = people.tag();
    const w = await teamWork(people, tag);
    const saved = await w.t.api.post('/api/eproto/team/baselines', {
      data: { coordenador_id: w.t.gestor.id, nome: `Plano ${tag}` },
    });
    expect(saved.status()).toBe(201);
    const moved = await w.t.api.patch(`/api/eproto/protocols/${w.fachada.id}`, {
      data: { fim_previsto: dayFromToday(6) },
    });
    expect(moved.status()).toBe(200);
    const page = await people.page(w.t.gestor, PHONE);
    await page.goto('/eproto/gantt?grupo=demanda');
    await expect(page.getByText(`Fachada ${tag}`)).toBeVisible({ timeout: 20_000 });
    const select = page.getByRole('combobox', { name: 'Linha de base' });
    await select.scrollIntoViewIfNeeded();
    await select.tap();
    await page.getByRole('option', { name: new RegExp(`Plano ${tag}`) }).tap();
    await expect(page.getByTestId(`variacao-demanda-${w.pintura.id}`)).toContainText(
      'término 1 dia de atraso',
    );
    await expect(page.getByTestId(`base-${w.fachada.id}`)).toBeAttached();
    await page.getByTestId('variacao-demandas').scrollIntoViewIfNeeded();
    await screenshotThemes(page, (theme) => `${SHOTS}/team-baseline-390-${theme}.png`, {
      fullPage: true,
    });
  });
});
