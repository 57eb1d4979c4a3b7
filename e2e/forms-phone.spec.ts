import type { Page } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { PHONE } from './support/devices.ts';
import { drawSignature } from './support/signature.ts';

// Field forms filled on a touch phone as a Brazilian types: dd/mm/aaaa dates, comma decimals,
// selects opened and chosen by tapping, a signature drawn with the finger. What the API stored
// is checked, not what the screen showed. The people, contract and EPI are this spec's own.

/** Clears a field and types the text key by key, as on a phone keyboard. */
async function typeInto(page: Page, name: string | RegExp, text: string) {
  const box = page
    .getByRole('dialog')
    .getByRole('textbox', { name, exact: typeof name === 'string' });
  await box.tap();
  await box.fill('');
  await box.pressSequentially(text, { delay: 15 });
}

/** Opens a select by tapping it and taps the option. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).tap();
  await page.getByRole('option', { name: option }).tap();
}

test('Novo agendamento on a touch phone: typed dates, coordinates and tapped selects are stored', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const page = await people.page(coord, PHONE);
  await page.goto('/tatico/agenda');
  await page.getByRole('button', { name: 'Novo agendamento' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
  await expect(dialog).toBeVisible();

  await typeInto(page, 'Início', '10/12/2026');
  await typeInto(page, 'Fim', '10122026');
  const hours = dialog.getByLabel('Hora');
  await hours.first().fill('08:30');
  await hours.last().fill('17:00');
  await typeInto(page, 'Local', `Subestação Norte ${tag}`);
  const coords = dialog.getByRole('button', { name: 'Coordenadas (opcional)' });
  // A thumb's target (44 px), not the 20 px of its text.
  expect((await coords.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await coords.tap();
  await typeInto(page, 'Latitude', '-23,5505');
  await typeInto(page, 'Longitude', '-46,6333');
  await pick(page, 'Contrato', new RegExp(contract.codigo));
  await pick(page, 'Pessoas', equipe.nome);
  await dialog.getByRole('textbox', { name: 'Descrição' }).tap();
  await dialog.getByRole('textbox', { name: 'Descrição' }).pressSequentially('Troca de isoladores');
  await dialog.getByRole('button', { name: /^Salvar/ }).tap();
  await expect(dialog).toBeHidden();

  const api = await people.api(coord);
  const list = await get<{
    items: {
      local: string;
      inicio: string;
      fim: string;
      latitude: number | null;
      longitude: number | null;
      contrato: { id: number };
      pessoas: { id: number }[];
    }[];
  }>(api, `/api/tatico/agenda?de=2026-12-10&ate=2026-12-10&contract_id=${contract.id}`);
  const saved = list.items.find((e) => e.local === `Subestação Norte ${tag}`);
  expect(saved).toBeTruthy();
  expect(new Date(saved!.inicio).toISOString()).toBe('2026-12-10T11:30:00.000Z'); // 08:30 -03:00
  expect(new Date(saved!.fim).toISOString()).toBe('2026-12-10T20:00:00.000Z');
  expect(saved!.latitude).toBe(-23.5505);
  expect(saved!.longitude).toBe(-46.6333);
  expect(saved!.contrato.id).toBe(contract.id);
  expect(saved!.pessoas.map((p) => p.id)).toEqual([equipe.id]);
});

test('Entregar EPI on a touch phone: a tap is refused, a finger signature is stored with place and device', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const item = await post<{ id: number }>(api, '/api/tatico/epi/itens', {
    nome: `Capacete ${tag}`,
    ca_numero: '32145',
    ca_validade: dayFromToday(365),
    tamanho: 'U',
    vida_util_dias: 365,
    estoque_inicial: 10,
  });
  const page = await people.page(coord, {
    ...PHONE,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    permissions: ['geolocation'],
    geolocation: { latitude: -23.5505, longitude: -46.6333, accuracy: 15 },
  });
  await page.goto('/tatico/epi');
  await page.getByRole('button', { name: 'Entregar EPI' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Entregar EPI' });
  await expect(dialog).toBeVisible();

  await pick(page, 'Colaborador', equipe.nome);
  await pick(page, 'EPI', new RegExp(`Capacete ${tag}`));
  const today = dayFromToday(0);
  await typeInto(page, 'Data', `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
  await typeInto(page, 'Quantidade', '2');
  await pick(page, 'Motivo', 'Substituição');

  const pad = dialog.getByRole('img', { name: /Área para assinar/ });
  await pad.scrollIntoViewIfNeeded();
  await pad.tap({ position: { x: 60, y: 60 } });
  await expect(
    dialog.getByText('Assinatura muito curta. Assine com o dedo ou a caneta.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Registrar entrega' }).tap();
  await expect(dialog.getByText(/Peça ao colaborador para assinar/)).toBeVisible();

  await drawSignature(page, pad);
  await expect(dialog.getByText('Assinatura muito curta', { exact: false })).toBeHidden();
  await dialog.getByRole('button', { name: 'Registrar entrega' }).tap();
  await expect(dialog).toBeHidden();

  const list = await get<{
    items: {
      item: { id: number };
      data: string;
      quantidade: number;
      motivo: string;
      tem_assinatura: boolean;
      assinatura_registro: {
        em: string;
        dispositivo: string | null;
        latitude: number | null;
        longitude: number | null;
      } | null;
    }[];
  }>(api, `/api/tatico/epi/entregas?colaborador_id=${equipe.id}`);
  const saved = list.items.find((d) => d.item.id === item.id);
  expect(saved).toMatchObject({
    data: today,
    quantidade: 2,
    motivo: 'substituicao',
    tem_assinatura: true,
  });
  expect(saved!.assinatura_registro).toMatchObject({ latitude: -23.5505, longitude: -46.6333 });
  expect(saved!.assinatura_registro!.dispositivo).toMatch(/Android 14; Pixel 8/);
});

test('a date field’s calendar button is a 44 px target on a touch phone and picks a day', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const page = await people.page(coord, PHONE);
  await page.goto('/tatico/frota');
  await page.getByRole('button', { name: 'Novo veículo' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Novo veículo' });
  const field = dialog.getByRole('textbox', { name: 'Vencimento do licenciamento' });
  await typeInto(page, 'Vencimento do licenciamento', '10/12/2026');
  const button = field
    .locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]')
    .getByRole('button', { name: 'Abrir calendário' });

  // 44 × 44, inside the field's box and clear of the typed text (the text stops before it)
  const geometry = await button.evaluate((b) => {
    const input = b.closest('.mantine-Input-wrapper')!.querySelector('input')!;
    const r = b.getBoundingClientRect();
    const box = input.getBoundingClientRect();
    const textEnd = box.right - parseFloat(getComputedStyle(input).paddingRight);
    return { w: r.width, h: r.height, left: r.left, right: r.right, boxRight: box.right, textEnd };
  });
  expect(geometry.w).toBeGreaterThanOrEqual(44);
  expect(geometry.h).toBeGreaterThanOrEqual(44);
  expect(geometry.right).toBeLessThanOrEqual(geometry.boxRight + 0.5);
  expect(geometry.left).toBeGreaterThanOrEqual(geometry.textEnd - 0.5);

  await button.tap();
  await page.getByRole('button', { name: /^15 (de )?dezembro (de )?2026/ }).tap();
  await expect(field).toHaveValue('15/12/2026');
});
