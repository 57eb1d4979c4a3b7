import { expect, test } from './support/people.ts';
import { post } from './support/people.ts';
import { DESKTOP } from './support/devices.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';

// Issue 37: the vehicle list takes a change as a delta. A vehicle edited in one tab reaches the
// other tab as one `/veiculos/changes` answer (that vehicle), and the tab that edited it asks
// nothing; a check-out made elsewhere reaches both the same way. Before, every fleet write made
// every open tab read the whole list, the alerts and every open vehicle again.

/** How long a pushed change may take to show, on a machine that may be busy. */
const PUSH = 10_000;

test('a vehicle edited in one tab: the other patches its list, the editing tab asks nothing', async ({
  people,
}) => {
  // Two tabs, a form and a check-out: more than one flow's 60 s on a busy machine.
  test.setTimeout(120_000);
  const coord = await people.person('Coordenador');
  const api = await people.api(coord);
  const tag = people.tag();
  // 'AAA…' sorts first: the row is on screen without a search (a search always asks).
  const digits = String(Date.now() % 10_000).padStart(4, '0');
  const placa = `AA${String.fromCharCode(65 + (Date.now() % 26))}${digits}`;
  const made = await post<{ vehicle: { id: number; placa_formatada: string } }>(
    api,
    '/api/tatico/frota/veiculos',
    { placa, modelo: `Strada ${tag}`, marca: 'Fiat', ano: 2022, odometro_km: 10_000 },
  );
  const { id, placa_formatada } = made.vehicle;

  const writer = await people.page(coord, DESKTOP);
  const context = writer.context();
  const streaming = pushStreamOpen(context);
  await writer.goto(`/tatico/frota?veiculo=${id}`);
  const other = await context.newPage();
  await other.goto('/tatico/frota');
  // The first paint of the screen, on a machine that may be busy.
  await expect(other.getByRole('button', { name: `Abrir veículo ${placa_formatada}` })).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(writer.getByRole('button', { name: 'Editar' })).toBeVisible({ timeout: 20_000 });
  await streaming;
  for (const page of [writer, other]) await page.waitForLoadState('networkidle');
  const [writerLog, otherLog] = [apiLog(writer), apiLog(other)];

  // Edited in the writer tab: the other tab's row follows.
  await writer.getByRole('button', { name: 'Editar' }).click();
  const form = writer.getByRole('dialog', { name: `Editar ${placa_formatada}` });
  await form.getByRole('textbox', { name: 'Modelo' }).fill(`Saveiro ${tag}`);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(writer.getByText('Veículo atualizado.')).toBeVisible();
  await expect(other.getByText(`Fiat Saveiro ${tag}`)).toBeVisible({ timeout: PUSH });

  // Checked out elsewhere (another session): both tabs show it in use.
  const driver = await people.person('Equipe');
  const out = await api.post(`/api/tatico/frota/veiculos/${id}/checkout`, {
    data: { condutor_id: driver.id, km_saida: 10_010 },
  });
  expect(out.status(), await out.text()).toBe(200);
  for (const page of [writer, other]) {
    await expect(page.getByText(driver.nome).first()).toBeVisible({ timeout: PUSH });
  }
  for (const page of [writer, other]) await page.waitForLoadState('networkidle');

  // The list was never read whole, in either tab.
  for (const log of [writerLog, otherLog]) {
    expect(callsTo(log, 'GET /api/tatico/frota/veiculos?')).toEqual([]);
    const asks = callsTo(log, 'GET /api/tatico/frota/veiculos/changes?');
    expect(asks.every((c) => c.includes('updated_since='))).toBe(true);
  }
  // The other tab: one small ask per change (2 when no other spec writes a vehicle meanwhile).
  // The writer: one fewer, its own edit was in its answer; its open vehicle read once, for the
  // check-out.
  const otherAsks = callsTo(otherLog, 'GET /api/tatico/frota/veiculos/changes?');
  const writerAsks = callsTo(writerLog, 'GET /api/tatico/frota/veiculos/changes?');
  expect(otherAsks.length).toBeGreaterThanOrEqual(2);
  expect(writerAsks.length).toBeLessThan(otherAsks.length);
  expect(callsTo(writerLog, `GET /api/tatico/frota/veiculos/${id}`)).toHaveLength(1);
  await other.screenshot({ path: test.info().outputPath('fleet-1440.png') });
});
