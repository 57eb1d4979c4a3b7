import { expect, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// Desktop layout details seen at 1440 px with the sidebar open. Each test uses people and data
// of its own.

test('at 1440 px the agenda week shows Monday to Sunday without scrolling sideways', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const day = dayFromToday(0);
  await post(api, '/api/tatico/agenda', {
    inicio: `${day}T08:00:00-03:00`,
    fim: `${day}T12:00:00-03:00`,
    local: `Subestação Oeste ${people.tag()}`,
    contract_id: contract.id,
    pessoas: [equipe.id],
    descricao: 'Inspeção termográfica',
  });
  const page = await people.page(coord, DESKTOP);
  await page.goto('/tatico/agenda');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  const board = page.getByRole('table', { name: 'Agenda da semana por pessoa' });
  await expect(board.getByRole('row', { name: new RegExp(equipe.nome) })).toBeVisible();
  const sunday = board.getByRole('columnheader', { name: /^dom / });
  await expect(sunday).toBeInViewport({ ratio: 1 });
  const viewport = board.locator('xpath=ancestor::*[contains(@class,"ScrollArea-viewport")][1]');
  const { scroll, client } = await viewport.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
});
