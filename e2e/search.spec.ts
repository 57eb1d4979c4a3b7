import { expect, test } from './support/people.ts';
import { MIN_TARGET } from './support/touch-targets.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

// Global search (Ctrl+K / the top bar button): typed without accents, scoped to what the person
// may open, and opening the result. Each test makes its own teams and demands; the tag keeps
// the search to this test's data.

test('Ctrl+K finds "Manutenção" typed as "manutencao" and opens the demand', async ({ people }) => {
  const tag = people.tag();
  const t = await team(people, 'Gerente');
  const mine = await demand(t, { titulo: `Manutenção da bomba ${tag}` });
  const other = await team(people, 'Gerente');
  await demand(other, { titulo: `Manutenção sigilosa ${tag}` });

  const page = await people.page(t.gestor, DESKTOP);
  await page.goto('/eproto/quadros');
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const input = page.getByPlaceholder('Buscar…');
  await expect(input).toBeFocused();
  await input.pressSequentially(`manutencao ${tag}`, { delay: 20 });

  const found = page.getByRole('group', { name: 'Demandas' }).getByRole('button');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`#${mine.id} Manutenção da bomba ${tag}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/eproto/murals/${mine.id}$`));
  await expect(page.getByText(mine.titulo).first()).toBeVisible();

  // The search is remembered on this device.
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('group', { name: 'Buscas recentes' })).toContainText(
    `manutencao ${tag}`,
  );
});

test('on a phone, equipe taps the search button and finds only their own demand', async ({
  people,
}) => {
  const tag = people.tag();
  const t = await team(people, 'Gerente', ['Equipe']);
  const equipe = t.members[0]!;
  const mine = await demand(t, { titulo: `Manutenção do portão ${tag}` });
  const other = await team(people, 'Gerente');
  await demand(other, { titulo: `Manutenção secreta ${tag}` });

  const page = await people.page(equipe, PHONE);
  await page.goto('/eproto/murals');
  const button = page.getByRole('button', { name: 'Buscar' });
  const box = await button.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box!.height).toBeGreaterThanOrEqual(MIN_TARGET);
  await button.tap();
  const input = page.getByPlaceholder('Buscar…');
  await input.tap();
  await input.pressSequentially(`manutencao ${tag}`, { delay: 20 });

  const found = page.getByRole('group', { name: 'Demandas' }).getByRole('button');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Manutenção do portão ${tag}`);
  await found.tap();
  await expect(page).toHaveURL(new RegExp(`/eproto/murals/${mine.id}$`));

  await button.tap();
  await page.getByPlaceholder('Buscar…').pressSequentially(`secreta ${tag}`, { delay: 20 });
  await expect(page.getByText('Nenhum resultado')).toBeVisible();
});
