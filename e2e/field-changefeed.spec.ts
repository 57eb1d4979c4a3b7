import { DESKTOP, PHONE } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';
import { dayFromToday } from './support/work.ts';

// Issue 37 for the field lists: a technician's OS step on the phone reaches the coordinator's
// OS tab and week board as a patch (GET /tatico/os and /tatico/agenda with updated_since = the
// tab's cursor), never as a new read of the page or the week.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
/** The office tabs' first paint on a 2-core machine shared with other work. */
const FIRST_PAINT = { timeout: 30_000 };

test("an OS step on the technician's phone reaches the office OS tab and week board as a patch", async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Troca de reatores ${tag}`,
    itens: [{ titulo: 'Reator trocado', tipo: 'sim_nao', obrigatorio: true }],
  });
  const start = new Date(`${dayFromToday(0)}T10:00:00-03:00`);
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    local: `Galpão ${tag}`,
    ...SITE,
    pessoas: [tecnico.id],
    service_type_id: tipo.id,
    descricao: `Reatores do galpão ${tag}`,
    previsto_inicio: start.toISOString(),
    previsto_fim: new Date(start.getTime() + 3_600_000).toISOString(),
  });

  // The coordinator: the OS tab and the week board, two tabs of one browser.
  const office = await people.page(coord, DESKTOP);
  const streaming = pushStreamOpen(office.context());
  await office.goto('/tatico/agenda?aba=os');
  const row = office.getByTestId('os-row').filter({ hasText: os.codigo });
  await expect(row.getByTestId('os-status')).toHaveText('Aberta', FIRST_PAINT);
  const week = await office.context().newPage();
  await week.goto('/tatico/agenda');
  await expect(week.getByRole('table', { name: 'Agenda da semana por pessoa' })).toBeVisible(
    FIRST_PAINT,
  );
  await expect(week.locator(`[aria-label*="Galpão ${tag}"]`).first()).toBeVisible(FIRST_PAINT);
  await streaming;
  const osLog = apiLog(office);
  const weekLog = apiLog(week);

  // The technician, on the phone, taps "Estou a caminho".
  const phone = await people.page(tecnico, PHONE);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo, FIRST_PAINT);
  await phone.getByRole('button', { name: 'Estou a caminho' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em deslocamento');

  await expect(row.getByTestId('os-status')).toHaveText('Em deslocamento', { timeout: 10_000 });
  await expect
    .poll(() => callsTo(weekLog, 'GET /api/tatico/agenda?').length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  for (const tab of [office, week]) await tab.waitForLoadState('networkidle');

  // Each tab asked what changed since its cursor, and read nothing whole.
  const pages = callsTo(osLog, 'GET /api/tatico/os?');
  expect(pages.length).toBeGreaterThan(0);
  for (const call of pages) expect(call).toContain('updated_since=');
  expect(callsTo(osLog, 'GET /api/tatico/os/tipos')).toEqual([]);
  const weeks = callsTo(weekLog, 'GET /api/tatico/agenda?');
  for (const call of weeks) expect(call).toContain('updated_since=');
});
