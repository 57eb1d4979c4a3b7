import { MIN_TARGET } from './support/touch-targets.ts';
import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

// Issue 33: the Demandas list paints without its pickers (Select, MultiSelect: their own chunk,
// fetched on a phone at the first tap on "Filtros", or when idle if the URL sets one of them)
// and a phone never downloads the wide screen's table.

test('on a phone the Demandas list shows cards and its folded filters open under "Filtros"', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  await demand(t, { titulo: `Vistoria do telhado ${people.tag()}` });
  await demand(t, { titulo: `Troca de luminárias ${people.tag()}` });
  const phone = await people.page(t.gestor, PHONE);
  const chunks: string[] = [];
  phone.on('request', (r) => {
    if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
  });
  const fieldsChunk = () => chunks.some((c) => c.includes('murals-filter-fields'));
  const filters = phone.getByRole('button', { name: 'Filtros', exact: true });
  const sort = phone.getByRole('combobox', { name: 'Ordenar por' });

  // No filter in the URL: the pickers' chunk waits for the tap, even once the page is idle.
  await phone.goto('/eproto/murals');
  await expect(phone.locator('[class*="Card-root"]').first()).toBeVisible();
  await phone.evaluate(
    () => new Promise((done) => requestIdleCallback(() => setTimeout(done, 1_500))),
  );
  expect(fieldsChunk()).toBe(false);
  await filters.tap();
  await expect(sort).toBeVisible({ timeout: 20_000 });
  expect(fieldsChunk()).toBe(true);

  await phone.goto(`/eproto/murals?quadro=${t.board.id}`);
  await expect(phone.getByText('Vistoria do telhado', { exact: false })).toBeVisible();
  await expect(phone.locator('table')).toHaveCount(0);

  // One filter on (the quadro): its count sits on the button, as Mantine's Indicator drew it.
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  const box = (await filters.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(MIN_TARGET);
  await expect(phone.getByText('1', { exact: true })).toBeVisible();
  await filters.tap();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(sort).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByRole('combobox', { name: 'Quadro' })).toBeVisible();
  await sort.tap();
  await phone.getByRole('option', { name: 'Título (A–Z)' }).tap();
  await expect(phone).toHaveURL(/ordem=titulo/);
  await expect(phone.locator('[class*="Card-root"]').first()).toContainText('Troca de luminárias');
  await screenshotThemes(phone, (theme) => `${SHOTS}/demands-list-phone-${theme}.png`);
  expect(chunks.some((c) => c.includes('murals-wide-table'))).toBe(false);
});

test('on a wide screen the Demandas table sorts by its headers and filters by its pickers', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  await demand(t, { titulo: `Vistoria do telhado ${people.tag()}` });
  await demand(t, { titulo: `Troca de luminárias ${people.tag()}` });
  const page = await people.page(t.gestor, DESKTOP);
  await page.goto(`/eproto/murals?quadro=${t.board.id}`);
  const rows = page.locator('tbody tr');
  // The table's own chunk after the list: slow on a busy machine.
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Quadro' })).toHaveValue(t.board.nome);
  await page.getByRole('button', { name: 'Ordenar por Título' }).click();
  await expect(page).toHaveURL(/ordem=titulo/);
  await expect(rows.first()).toContainText('Troca de luminárias');
  await page.getByRole('combobox', { name: 'Etapa' }).click();
  await page.getByRole('option', { name: 'Concluído' }).click();
  await expect(page).toHaveURL(/etapa=concluido/);
  await expect(page.getByText('Nenhuma demanda encontrada')).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshotThemes(page, (theme) => `${SHOTS}/demands-list-1440-${theme}.png`);
});
