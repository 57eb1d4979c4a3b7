import { expect, get, test } from './support/people.ts';
import { PHONE, screenshotThemes } from './support/devices.ts';

// Issue 32 point 4: the service type editor checks with the domain's serviceTypeBody and says
// each problem under its field (the name, an item's title), keeping what was typed; once right
// it saves. A coordinator on a touch phone, pt-BR.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('the coordinator sees what is wrong under each field, fixes it and saves a service type (390, light and dark)', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const nome = `Inspeção de quadro ${people.tag()}`;
  const page = await people.page(coord, PHONE);
  await page.goto('/tatico/agenda?aba=os');
  await page.getByText('Tipos de serviço', { exact: true }).tap();
  await page.getByRole('button', { name: 'Novo tipo de serviço' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Novo tipo de serviço' });
  await dialog.getByRole('button', { name: 'Salvar' }).tap();
  await expect(
    dialog.getByText('O nome do tipo de serviço: mínimo de 3 caracteres.'),
  ).toBeVisible();
  await expect(dialog.getByTestId('template-item').getByText(/O título do item/)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await screenshotThemes(page, (theme) => `${SHOTS}/service-type-errors-390-${theme}.png`);

  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  await dialog
    .getByTestId('template-item')
    .getByRole('textbox', { name: /^Título/ })
    .fill('Barramentos');
  await dialog.getByRole('button', { name: 'Salvar' }).tap();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const api = await people.api(coord);
  const tipos = await get<{ items: { nome: string }[] }>(api, '/api/tatico/os/tipos');
  expect(tipos.items.map((t) => t.nome)).toContain(nome);
});
