import { DESKTOP, PHONE } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';
import { dayFromToday } from './support/work.ts';

// Issue 37 for the agenda itself: agenda.changed reaches who sees the entry, and the week board
// and the technician's Minha agenda ask only what changed since their cursor (updated_since),
// never the period whole, also when a new booking moves the conflicts of another entry.

/** The office tabs' first paint on a 2-core machine shared with other work. */
const FIRST_PAINT = { timeout: 30_000 };

test('a booking and a start on the phone reach the week board and Minha agenda as a patch', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const today = dayFromToday(0);
  const book = (local: string, from: string, to: string) =>
    post<{ id: number }>(api, '/api/tatico/agenda', {
      inicio: `${today}T${from}:00-03:00`,
      fim: `${today}T${to}:00-03:00`,
      local,
      contract_id: contract.id,
      pessoas: [tecnico.id],
      descricao: `Inspeção ${local}`,
      confirmar_conflitos: true,
    });
  await book(`Subestação A ${tag}`, '10:00', '11:00');

  // The coordinator's week board.
  const office = await people.page(coord, DESKTOP);
  const officeStream = pushStreamOpen(office.context());
  await office.goto('/tatico/agenda');
  await expect(office.getByRole('table', { name: 'Agenda da semana por pessoa' })).toBeVisible(
    FIRST_PAINT,
  );
  const first = office.getByRole('button', { name: `10:00–11:00 Subestação A ${tag}` });
  await expect(first).toBeVisible(FIRST_PAINT);
  await expect(first).not.toHaveAccessibleName(/conflito/);

  // The technician's Minha agenda, on the phone.
  const phone = await people.page(tecnico, PHONE);
  const phoneStream = pushStreamOpen(phone.context());
  await phone.goto('/tatico/agenda');
  const cards = phone.getByTestId('minha-agenda-entry');
  await expect(cards).toHaveCount(1, FIRST_PAINT);
  await Promise.all([officeStream, phoneStream]);
  const weekLog = apiLog(office);
  const phoneLog = apiLog(phone);

  // The technician taps "Iniciar": the coordinator's week asks what changed.
  await cards.first().getByRole('button', { name: 'Iniciar' }).tap();
  await expect(cards.first()).toContainText('Em execução');
  await expect
    .poll(() => callsTo(weekLog, 'GET /api/tatico/agenda?').length, { timeout: 10_000 })
    .toBeGreaterThan(0);

  // Another booking of the technician over the first: both cards change on both screens.
  await book(`Subestação B ${tag}`, '10:30', '11:30');
  await expect(cards).toHaveCount(2, { timeout: 10_000 });
  await expect(
    office.getByRole('button', { name: `10:00–11:00 Subestação A ${tag} (conflito de agenda)` }),
  ).toBeVisible({ timeout: 10_000 });
  await expect(
    office.getByRole('button', { name: `10:30–11:30 Subestação B ${tag} (conflito de agenda)` }),
  ).toBeVisible();
  for (const tab of [office, phone]) await tab.waitForLoadState('networkidle');

  // Each screen asked what changed since its cursor, and read nothing whole.
  const weeks = callsTo(weekLog, 'GET /api/tatico/agenda?');
  expect(weeks.length).toBeGreaterThan(0);
  for (const call of weeks) expect(call).toContain('updated_since=');
  const mine = callsTo(phoneLog, 'GET /api/tatico/agenda/minha?');
  expect(mine.length).toBeGreaterThan(0);
  for (const call of mine) expect(call).toContain('updated_since=');
});
