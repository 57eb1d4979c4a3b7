import { expect, post, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';
import { dayFromToday } from './support/work.ts';

// The agenda's month view on a 390 px touch phone (issue 30 point 10): each event chip is a
// 44 px target, and a tap on it opens the entry.

test('month-view events are 44 px targets on a phone', async ({ people }) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const tag = people.tag();
  const day = dayFromToday(0);
  await post(api, '/api/tatico/agenda', {
    inicio: `${day}T12:00:00.000Z`,
    fim: `${day}T14:00:00.000Z`,
    local: `Subestação ${tag}`,
    contract_id: contract.id,
    pessoas: [equipe.id],
    descricao: 'Inspeção',
    confirmar_conflitos: true,
  });
  const page = await people.page(coord, PHONE);
  await page.goto('/tatico/agenda');
  await page.getByRole('tab', { name: 'Mês', exact: true }).tap();
  const chip = page.locator('.agenda-event').filter({ hasText: `Subestação ${tag}` });
  await expect(chip).toBeVisible();
  expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});
