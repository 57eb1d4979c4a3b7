import { readFile } from 'node:fs/promises';

import type { APIRequestContext, Locator } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, PHONE, shot, useTheme } from './support/devices.ts';

// Issue 30 point 8: the office sees hours and materials without opening each OS. A coordinator
// types a consumable's unit cost the Brazilian way ("1.234,50", key by key) in "Novo item do
// inventário"; the technician uses it on an OS (check-in, pause, resume, pause, a helper who
// joined earlier); the OS list at 1440 px shows Horas, Materiais and Custo. People, contract,
// items and OS are this spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565, precisao_m: 10 };
const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-os-costs';
/** The phone's time of a step `min` minutes ago. */
const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();

interface Item {
  id: number;
  codigo: string;
  custo_unitario: number | null;
}

/** Whether an element's text is cut by its box (an ellipsis or a clipped word). */
const textIsCut = (el: Locator) =>
  el.evaluate((node) => {
    const label = (node.querySelector('.mantine-Badge-label') ?? node) as HTMLElement;
    return label.scrollWidth > label.clientWidth + 1;
  });

async function step(api: APIRequestContext, id: number, data: object) {
  await post(api, `/api/tatico/os/${id}/etapas`, data, 200);
}

test('the unit cost typed as 1.234,50 reaches the OS list with the hours worked', async ({
  people,
}) => {
  test.setTimeout(180_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const ajudante = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const code = `GAS-${tag}`.toUpperCase().replace(/[^A-Z0-9-]/g, '');
  const office = await people.page(coord, DESKTOP);

  // 1. The unit cost, typed key by key in the new item's form.
  await office.goto('/tatico/frota?aba=inventario');
  await office.getByRole('button', { name: 'Novo item' }).click();
  const dialog = office.getByRole('dialog', { name: 'Novo item do inventário' });
  await dialog
    .getByRole('radiogroup', { name: 'Natureza do item' })
    .getByText('Consumível')
    .click();
  await dialog.getByRole('textbox', { name: 'Código' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(`Gás R-410A ${tag}`);
  await dialog.getByRole('textbox', { name: 'Categoria' }).fill('Climatização');
  await dialog.getByRole('textbox', { name: /Quantidade inicial/ }).fill('20');
  const cost = dialog.getByRole('textbox', { name: /Custo unitário/ });
  await cost.pressSequentially('1.234,50', { delay: 40 });
  await expect(cost).toHaveValue('1.234,50');
  await shot(office, { path: `${SHOTS}/inventory-form-1440-light.png` });
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog).toBeHidden();

  const api = await people.api(coord);
  const stored = (
    await get<{ items: Item[] }>(api, `/api/tatico/inventario/itens?q=${encodeURIComponent(code)}`)
  ).items.find((i) => i.codigo === code);
  expect(stored?.custo_unitario).toBe(1234.5);
  // The list shows it.
  await expect(office.getByRole('row').filter({ hasText: code })).toContainText('R$ 1.234,50');

  const unpriced = await post<{ item: Item }>(api, '/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: `FITA-${tag}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
    nome: `Fita isolante ${tag}`,
    categoria: 'Elétrica',
    localizacao: 'Almoxarifado',
    unidade: 'rolo',
    quantidade_inicial: 5,
  });

  // 2. An OS worked: the helper joined 120 min ago (on the phone's time), check-in 90 min ago,
  // pause at 60, resume at 45, pause at 15: 60 minutes of work inside the helper's period.
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Carga de gás ${tag}`,
    itens: [{ titulo: 'Pressão verificada', tipo: 'sim_nao' }],
  });
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Shopping Norte, casa de máquinas ${tag}`,
    latitude: SITE.latitude,
    longitude: SITE.longitude,
    previsto_inicio: ago(150),
    previsto_fim: ago(-120),
    pessoas: [tecnico.id],
  });
  const tech = await people.api(tecnico);
  await step(tech, os.id, { acao: 'a_caminho', device_time: ago(100) });
  await post(
    tech,
    `/api/tatico/os/${os.id}/equipe`,
    {
      user_id: ajudante.id,
      device_time: ago(120),
    },
    200,
  );
  await step(tech, os.id, { acao: 'check_in', device_time: ago(90), ...SITE });
  await post(tech, `/api/tatico/os/${os.id}/materiais`, {
    item_id: stored!.id,
    quantidade: 2,
    device_time: ago(80),
  });
  await post(tech, `/api/tatico/os/${os.id}/materiais`, {
    item_id: unpriced.item.id,
    quantidade: 1,
    device_time: ago(75),
  });
  await step(tech, os.id, { acao: 'pausar', device_time: ago(60) });
  await step(tech, os.id, { acao: 'retomar', device_time: ago(45) });
  await step(tech, os.id, { acao: 'pausar', device_time: ago(15) });

  // 3. The OS list at 1440 px: Horas, Materiais, Custo in the row.
  await office.goto(`/tatico/agenda?aba=os&contract_id=${contract.id}`);
  const row = office.getByTestId('os-row').filter({ hasText: os.codigo });
  await expect(row).toHaveCount(1);
  const headers = await office.getByRole('table').getByRole('columnheader').allTextContents();
  expect(headers).toEqual(expect.arrayContaining(['Horas', 'Materiais', 'Custo']));
  const cell = async (header: string) => row.getByRole('cell').nth(headers.indexOf(header));
  await expect(await cell('Horas')).toHaveText('1 h 00 min');
  await expect(await cell('Materiais')).toHaveText('2 itens');
  // 2 × R$ 1.234,50; the tape has no cost: marked, with the reason on hover.
  await expect(await cell('Custo')).toHaveText(/^R\$\s2\.469,00\s\*$/);
  await (await cell('Custo')).getByText('R$').hover();
  await expect(office.getByRole('tooltip')).toHaveText('1 material sem custo unitário');
  // The row fits the page: no horizontal scroll at 1440 px.
  const overflow = await office.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The status badge shows its whole word at 1440 px ("Pausada", once cut to "PAUS…").
  const badge = row.getByTestId('os-status');
  await expect(badge).toHaveText('Pausada');
  expect(await textIsCut(badge)).toBe(false);
  // So does the inventory's "Consumível" (once "CONS…").
  await office.goto(`/tatico/frota?aba=inventario&busca=${encodeURIComponent(tag)}`);
  const natureza = office.getByRole('row').filter({ hasText: `Gás R-410A ${tag}` });
  await expect(natureza.getByText('Consumível')).toBeVisible();
  expect(await textIsCut(natureza.getByText('Consumível'))).toBe(false);

  // 4. The export the office downloads, with the list's "Exportar CSV", has the same figures.
  await office.goto(`/tatico/agenda?aba=os&contract_id=${contract.id}`);
  const download = office.waitForEvent('download');
  await office.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toContain(
    'Horas trabalhadas;Materiais;Custo dos materiais (R$);Materiais sem custo',
  );
  expect(line).toContain(
    `;1;"2 un de Gás R-410A ${tag}; 1 rolo de Fita isolante ${tag}";2469,00;1`,
  );

  // Screens looked at: the OS list and the inventory form, 1440 and 390 px, light and dark.
  for (const [device, options] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const page = await people.page(coord, options);
      await useTheme(page, theme);
      await page.goto(`/tatico/agenda?aba=os&contract_id=${contract.id}`);
      await expect(page.getByTestId('os-row').filter({ hasText: os.codigo })).toContainText(
        'R$ 2.469,00',
      );
      await shot(page, {
        path: `${SHOTS}/os-list-${device}-${theme}.png`,
        fullPage: device === '390',
      });
      await page.goto(`/tatico/frota?aba=inventario&item=${stored!.id}`);
      await expect(page.getByRole('textbox', { name: /Custo unitário/ })).toHaveValue('1.234,50');
      await shot(page, { path: `${SHOTS}/inventory-drawer-${device}-${theme}.png` });
      await page.goto('/tatico/frota?aba=inventario');
      const open = page.getByRole('button', { name: 'Novo item' });
      if (device === '390') await open.tap();
      else await open.click();
      const form = page.getByRole('dialog', { name: 'Novo item do inventário' });
      const consumable = form
        .getByRole('radiogroup', { name: 'Natureza do item' })
        .getByText('Consumível');
      if (device === '390') await consumable.tap();
      else await consumable.click();
      await form.getByRole('textbox', { name: /Custo unitário/ }).pressSequentially('1.234,50');
      await shot(page, { path: `${SHOTS}/inventory-form-${device}-${theme}.png` });
      await page.close();
    }
  }
});
