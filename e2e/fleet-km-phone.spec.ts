import type { Locator } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';

// A check-in typo on a touch phone (50.300 typed as 950.300), confirmed past the warning, then
// corrected by a gerente with a reason: what the API stored is checked at each step. The
// vehicle, driver and gerente are this spec's own.

interface Detail {
  vehicle: { id: number; odometro_km: number; status: string };
  checkouts: {
    id: number;
    km_saida: number;
    km_retorno: number | null;
    km_alto_confirmado: boolean;
  }[];
  correcoes_km: {
    leitura: string;
    ref_id: number | null;
    km_anterior: number;
    km_corrigido: number;
    motivo: string;
    odometro_anterior: number;
    odometro_novo: number;
    created_by: { id: number } | null;
  }[];
}

/** A Mercosul plate nobody else uses (ABC1D23). */
function plate(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digit = () => String(Math.floor(Math.random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

/** Clears a field of the dialog and types the text key by key, as on a phone keyboard. */
async function typeInto(dialog: Locator, name: string, text: string) {
  const box = dialog.getByRole('textbox', { name, exact: true });
  await box.tap();
  await box.fill('');
  await box.pressSequentially(text, { delay: 15 });
}

test('a check-in typo is confirmed, then corrected with a reason, by tapping on a phone', async ({
  people,
}) => {
  const contract = await people.contract();
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const driver = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(gerente);
  const placa = plate();
  const { vehicle } = await post<Detail>(api, '/api/tatico/frota/veiculos', {
    placa,
    marca: 'Fiat',
    modelo: 'Strada',
    ano: 2022,
    odometro_km: 50_000,
  });
  const url = `/api/tatico/frota/veiculos/${vehicle.id}`;
  await post(api, `${url}/checkout`, { condutor_id: driver.id, km_saida: 50_100 }, 200);

  const page = await people.page(gerente, PHONE);
  await page.goto('/tatico/frota');
  await page.getByRole('textbox', { name: 'Buscar veículos' }).tap();
  await page.getByRole('textbox', { name: 'Buscar veículos' }).pressSequentially(placa);
  await page.getByRole('button', { name: new RegExp(`^Abrir veículo ${placa}`) }).tap();
  const drawer = page.getByRole('dialog', { name: new RegExp(placa) });
  await drawer.getByRole('button', { name: 'Check-in' }).tap();

  // The typo: 950.300 instead of 50.300 — a jump of 900.200 km asks to be confirmed.
  const checkin = page.getByRole('dialog', { name: /^Check-in de/ });
  await typeInto(checkin, 'Km de retorno', '950.300');
  await checkin.getByRole('button', { name: 'Registrar retorno' }).tap();
  await expect(checkin.getByRole('alert')).toContainText('Quilometragem improvável');
  await checkin.getByText('O valor está certo: registrar mesmo assim').tap();
  await checkin.getByRole('button', { name: 'Registrar retorno' }).tap();
  await expect(checkin).toBeHidden();

  const typed = await get<Detail>(api, url);
  expect(typed.vehicle.odometro_km).toBe(950_300);
  expect(typed.checkouts[0]).toMatchObject({
    km_saida: 50_100,
    km_retorno: 950_300,
    km_alto_confirmado: true,
  });

  // The gerente corrects the check-in reading (offered first) with a reason.
  await drawer.getByRole('button', { name: 'Corrigir km' }).tap();
  const fix = page.getByRole('dialog', { name: 'Corrigir quilometragem' });
  await expect(fix.getByText('Valor registrado: 950.300 km')).toBeVisible();
  await typeInto(fix, 'Km correto', '50.300');
  await fix.getByRole('textbox', { name: 'Motivo da correção' }).tap();
  await fix
    .getByRole('textbox', { name: 'Motivo da correção' })
    .pressSequentially('Digitado 950.300 em vez de 50.300', { delay: 10 });
  await fix.getByRole('button', { name: 'Corrigir' }).tap();
  await expect(fix).toBeHidden();

  const fixed = await get<Detail>(api, url);
  expect(fixed.vehicle.odometro_km).toBe(50_300);
  expect(fixed.checkouts[0]!.km_retorno).toBe(50_300);
  expect(fixed.correcoes_km).toEqual([
    expect.objectContaining({
      leitura: 'retorno',
      ref_id: typed.checkouts[0]!.id,
      km_anterior: 950_300,
      km_corrigido: 50_300,
      motivo: 'Digitado 950.300 em vez de 50.300',
      odometro_anterior: 950_300,
      odometro_novo: 50_300,
      created_by: expect.objectContaining({ id: gerente.id }),
    }),
  ]);

  // The vehicle's history shows both values and the reason.
  await drawer.getByRole('tab', { name: 'Uso' }).tap();
  const history = drawer.getByLabel('Correções de km');
  await expect(history).toContainText('Km de retorno: 950.300 km → 50.300 km');
  await expect(history).toContainText('Digitado 950.300 em vez de 50.300');
});

test("on a phone the vehicle's action buttons fill each line they take", async ({ people }) => {
  const contract = await people.contract();
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const api = await people.api(gerente);
  const placa = plate();
  await post(api, '/api/tatico/frota/veiculos', {
    placa,
    marca: 'Fiat',
    modelo: 'Strada',
    ano: 2022,
    odometro_km: 50_000,
  });
  const page = await people.page(gerente, PHONE);
  await page.goto('/tatico/frota');
  await page.getByRole('textbox', { name: 'Buscar veículos' }).tap();
  await page.getByRole('textbox', { name: 'Buscar veículos' }).pressSequentially(placa);
  await page.getByRole('button', { name: new RegExp(`^Abrir veículo ${placa}`) }).tap();
  const drawer = page.getByRole('dialog', { name: new RegExp(placa) });
  const edit = drawer.getByRole('button', { name: 'Editar' });
  await expect(edit).toBeVisible();
  // Each line of buttons runs from the left edge of the row to its right edge (no ragged end).
  const gaps = await edit.evaluate((button) => {
    const row = button.parentElement!.getBoundingClientRect();
    const lines = new Map<number, { left: number; right: number }>();
    for (const b of Array.from(button.parentElement!.children)) {
      const r = b.getBoundingClientRect();
      const line = lines.get(Math.round(r.top)) ?? { left: r.left, right: r.right };
      lines.set(Math.round(r.top), {
        left: Math.min(line.left, r.left),
        right: Math.max(line.right, r.right),
      });
    }
    return [...lines.values()].map((l) => Math.round(row.right - l.right + (l.left - row.left)));
  });
  expect(gaps.length).toBeGreaterThan(1);
  expect(gaps.every((g) => g === 0)).toBe(true);
});
