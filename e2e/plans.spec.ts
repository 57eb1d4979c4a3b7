import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';

import { PLAN_COLUMNS } from '../packages/domain/src/plans.ts';
import { expect, get, test } from './support/people.ts';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';
import { demand, team } from './support/work.ts';

// Issue 36 point 6: a gerente plans a demand offline in the template (one bad row is listed by
// line and refused whole, fixed, imported), exports it to MS Project XML and imports that into
// another demand; on a phone the same modal lists the bad line and keeps "Importar" off.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;
function sheet(header: readonly string[], rows: Cell[][]): Promise<Buffer> {
  return writeXlsxFile([
    header.map((value) => ({ value })),
    ...rows.map((r) => r.map((v) => (v === null ? null : { value: v }))),
  ]).toBuffer();
}

interface StoredTask {
  id: number;
  titulo: string;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  horas_estimadas: number | null;
  responsavel_id: number | null;
}
interface StoredLink {
  protocol_id: number;
  predecessor_id: number;
  lag_days: number;
}

async function openImport(page: Page, tap = false) {
  const plano = page.getByRole('button', { name: 'Plano' });
  if (tap) await plano.tap();
  else await plano.click();
  const item = page.getByRole('menuitem', { name: 'Importar plano' });
  if (tap) await item.tap();
  else await item.click();
  return page.getByRole('dialog', { name: 'Importar plano' });
}

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`gerente imports a plan from the template, exports MSPDI and re-imports it (1440, light and dark)`, async ({
  people,
}) => {
  // The flow once, with two pictures taken twice (light and dark): 60 s was too short on a
  // loaded machine.
  test.setTimeout(120_000);
  const t = await team(people, 'Gerente', ['Equipe']);
  const tecnico = t.members[0]!;
  const first = await demand(t, { titulo: `Reforma ${people.tag()}` });
  const second = await demand(t, { titulo: `Cópia ${people.tag()}` });
  const page = await people.page(t.gestor, DESKTOP);
  await page.goto(`/eproto/murals/${first.id}`);
  await expect(page.getByRole('heading', { name: first.titulo })).toBeVisible();

  let dialog = await openImport(page);
  const download = page.waitForEvent('download');
  await dialog.getByText('Baixar modelo (.xlsx)').click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('modelo-plano.xlsx');
  // The template's columns are checked in plans.routes.test.ts; the file is filled in them.
  const columns = [...PLAN_COLUMNS];

  const rows = (bad: string): Cell[][] => [
    [1, 'Vistoria do telhado', '02/03/2027', '04/03/2027', '12,5', tecnico.email, null, 'A fazer'],
    [2, 'Troca das telhas', bad, '12/03/2027', '40', null, '1FS+2', null],
    [3, 'Limpeza final', '15/03/2027', '15/03/2027', null, null, '2', null],
  ];
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'plano-reforma.xlsx',
    mimeType: XLSX,
    buffer: await sheet(columns, rows('2027-03-32')),
  });
  await expect(dialog.getByRole('alert')).toContainText('Linha 3: Início:');
  await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-import-errors-1440-${theme}.png`);

  await file.setInputFiles({
    name: 'plano-reforma.xlsx',
    mimeType: XLSX,
    buffer: await sheet(columns, rows('09/03/2027')),
  });
  const table = dialog.getByRole('table', { name: 'Tarefas do arquivo' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('Troca das telhas');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-import-preview-1440-${theme}.png`);
  await dialog.getByRole('button', { name: 'Importar 3 tarefas' }).click();
  await expect(page.getByText('3 tarefas importadas, 2 dependências.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog).toBeHidden();

  const stored = await get<StoredTask[]>(t.api, `/api/eproto/murals/${first.id}/tasks`);
  const byTitle = new Map(stored.map((s) => [s.titulo, s]));
  expect(byTitle.get('Vistoria do telhado')).toMatchObject({
    inicio_previsto: '2027-03-02',
    fim_previsto: '2027-03-04',
    horas_estimadas: 12.5,
    responsavel_id: tecnico.id,
  });
  const troca = byTitle.get('Troca das telhas')!;
  expect(troca).toMatchObject({ inicio_previsto: '2027-03-09', horas_estimadas: 40 });
  const links = await get<StoredLink[]>(t.api, `/api/eproto/protocols/${troca.id}/dependencies`);
  expect(links).toContainEqual(
    expect.objectContaining({
      protocol_id: troca.id,
      predecessor_id: byTitle.get('Vistoria do telhado')!.id,
      lag_days: 2,
    }),
  );

  await page.getByRole('button', { name: 'Plano' }).click();
  const exported = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'MS Project (.xml)' }).click();
  const xml = await exported;
  expect(xml.suggestedFilename()).toBe(`plano-demanda-${first.id}.xml`);

  await page.goto(`/eproto/murals/${second.id}`);
  await expect(page.getByRole('heading', { name: second.titulo })).toBeVisible();
  dialog = await openImport(page);
  // Chosen under the name it was saved with (the download's own path has no extension).
  await dialog.locator('input[type="file"]').setInputFiles({
    name: xml.suggestedFilename(),
    mimeType: 'application/xml',
    buffer: await readFile(await xml.path()),
  });
  await dialog.getByRole('button', { name: 'Importar 3 tarefas' }).click();
  await expect(page.getByText('3 tarefas importadas, 2 dependências.')).toBeVisible({
    timeout: 15_000,
  });
  const copy = await get<StoredTask[]>(t.api, `/api/eproto/murals/${second.id}/tasks`);
  const plan = (list: StoredTask[]) =>
    list
      .map((x) => [
        x.titulo,
        x.inicio_previsto,
        x.fim_previsto,
        x.horas_estimadas,
        x.responsavel_id,
      ])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  expect(plan(copy)).toEqual(plan(stored));
});

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`on a phone the import lists the bad line and keeps Importar off (390, light and dark)`, async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const mural = await demand(t, { titulo: `Obra ${people.tag()}` });
  const page = await people.page(t.gestor, PHONE);
  await page.goto(`/eproto/murals/${mural.id}`);
  await expect(page.getByRole('heading', { name: mural.titulo })).toBeVisible();
  const dialog = await openImport(page, true);
  // Nothing chosen, then a file of another kind: said under the field, nothing sent.
  await dialog.getByRole('button', { name: 'Importar' }).tap();
  await expect(dialog.getByText('Escolha o arquivo do plano (.xlsx ou .xml).')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'plano.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(
    dialog.getByText('Envie o plano em .xlsx (Excel, use o modelo) ou .xml do MS Project.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-import-choice-390-${theme}.png`);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'plano.xlsx',
    mimeType: XLSX,
    buffer: await sheet(PLAN_COLUMNS, [
      [1, 'Vistoria', '02/03/2027', '03/03/2027', null, null, null, null],
      [2, 'Reparo', '04/03/2027', '05/03/2027', null, 'ninguem@exemplo.com', '1+x', null],
    ]),
  });
  await expect(dialog.getByRole('alert')).toContainText('Linha 3:');
  await expect(dialog.getByRole('alert')).toContainText('não é um número inteiro de dias');
  await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await screenshotThemes(page, (theme) => `${SHOTS}/plans-import-errors-390-${theme}.png`);
  const tasks = await get<StoredTask[]>(t.api, `/api/eproto/murals/${mural.id}/tasks`);
  expect(tasks).toEqual([]);
});
