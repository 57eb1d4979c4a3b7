import type { Locator } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, screenshotThemes } from './support/devices.ts';

// What feeds a contract's actual cost from outside the OS (docs/planning-cost.md): a fuel stop
// and a maintenance named to the contract in the vehicle's forms ("Contrato (custo)"), and an
// EPI's unit cost typed as Brazilians type money. Typed key by key in the office at 1440 px;
// what the API stored is what is checked. The contract, vehicle and people are this spec's own.

const SHOTS = process.env.PW_OUTPUT ? `${process.env.PW_OUTPUT}/shots` : 'test-results/shots';

interface VehicleDetail {
  fuel: { litros: number; valor_total: number; km: number; contract_id: number | null }[];
  maintenances: { descricao: string; custo: number | null; contract_id: number | null }[];
}

/** A Mercosul plate nobody else uses (ABC1D23). */
function plate(): string {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digit = () => String(Math.floor(Math.random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

/** Types into a field of the dialog key by key, as a person does. */
async function typeInto(dialog: Locator, name: string, text: string) {
  const box = dialog.getByRole('textbox', { name, exact: true });
  await box.click();
  await box.fill('');
  await box.pressSequentially(text, { delay: 20 });
}

/** Picks the contract in "Contrato (custo)" ("E2E-… — Contrato E2E-…") by typing its code. */
async function costContract(dialog: Locator, contract: { codigo: string; nome: string }) {
  const name = `${contract.codigo} — ${contract.nome}`;
  const select = dialog.getByRole('combobox', { name: 'Contrato (custo)' });
  await select.click();
  await select.pressSequentially(contract.codigo.slice(-8), { delay: 20 });
  await dialog.page().getByRole('option', { name }).click();
  await expect(select).toHaveValue(name);
}

test('fuel and maintenance named to a contract, and an EPI unit cost in reais, are stored as typed', async ({
  people,
}) => {
  const contract = await people.contract();
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const api = await people.api(gerente);
  const placa = plate();
  const { vehicle } = await post<{ vehicle: { id: number } }>(api, '/api/tatico/frota/veiculos', {
    placa,
    marca: 'Fiat',
    modelo: 'Strada',
    ano: 2022,
    odometro_km: 40_000,
  });
  const url = `/api/tatico/frota/veiculos/${vehicle.id}`;

  const page = await people.page(gerente, DESKTOP);
  await page.goto('/tatico/frota');
  await page.getByRole('textbox', { name: 'Buscar veículos' }).pressSequentially(placa);
  await page.getByRole('button', { name: new RegExp(`^Abrir veículo ${placa}`) }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(placa) });

  // 1. A fuel stop: 45,5 litres for R$ 1.234,50, named to the contract.
  await drawer.getByRole('button', { name: 'Abastecimento' }).click();
  const fuel = page.getByRole('dialog', { name: 'Abastecimento', exact: true });
  await typeInto(fuel, 'Litros', '45,5');
  await typeInto(fuel, 'Valor total', '1.234,50');
  await typeInto(fuel, 'Quilometragem', '40.350');
  await costContract(fuel, contract);
  await screenshotThemes(page, (t) => `${SHOTS}/cost-attribution-fuel-1440-${t}.png`);
  await fuel.getByRole('button', { name: 'Salvar' }).click();
  await expect(fuel).toBeHidden();
  await expect
    .poll(async () => (await get<VehicleDetail>(api, url)).fuel)
    .toEqual([
      expect.objectContaining({
        litros: 45.5,
        valor_total: 1234.5,
        km: 40_350,
        contract_id: contract.id,
      }),
    ]);

  // 2. A maintenance with its cost, named to the same contract.
  await drawer.getByRole('button', { name: 'Manutenção' }).click();
  const maintenance = page.getByRole('dialog', { name: 'Manutenção', exact: true });
  await maintenance.getByText('Corretiva', { exact: true }).click();
  await maintenance
    .getByRole('textbox', { name: 'Descrição' })
    .pressSequentially('Troca de pastilhas', { delay: 10 });
  await typeInto(maintenance, 'Custo estimado', '2.350,75');
  await costContract(maintenance, contract);
  await maintenance.getByRole('button', { name: 'Salvar' }).click();
  await expect(maintenance).toBeHidden();
  await expect
    .poll(async () => (await get<VehicleDetail>(api, url)).maintenances)
    .toEqual([
      expect.objectContaining({
        descricao: 'Troca de pastilhas',
        custo: 2350.75,
        contract_id: contract.id,
      }),
    ]);

  // 3. An EPI of the catalogue whose unit cost is typed "1.234,50".
  const nome = `Luva isolante ${placa}`;
  await page.goto('/tatico/epi?aba=catalogo');
  await page.getByRole('button', { name: 'Novo EPI' }).click();
  const epi = page.getByRole('dialog', { name: 'Novo EPI' });
  await epi.getByRole('textbox', { name: 'Nome', exact: true }).pressSequentially(nome);
  await typeInto(epi, 'Tamanho', 'G');
  await typeInto(epi, 'Nº do CA', '12345');
  await typeInto(epi, 'Validade do CA', '10/12/2030');
  await typeInto(epi, 'Vida útil (dias)', '180');
  await typeInto(epi, 'Custo unitário', '1.234,50');
  await expect(epi.getByRole('textbox', { name: 'Custo unitário', exact: true })).toHaveValue(
    '1.234,50',
  );
  await screenshotThemes(page, (t) => `${SHOTS}/cost-attribution-epi-1440-${t}.png`);
  await epi.getByRole('button', { name: 'Salvar' }).click();
  await expect(epi).toBeHidden();
  const { items } = await get<{
    items: { nome: string; custo_unitario: number | null; ca_validade: string }[];
  }>(api, '/api/tatico/epi/itens?todos=true');
  expect(items.find((i) => i.nome === nome)).toMatchObject({
    custo_unitario: 1234.5,
    ca_validade: '2030-12-10',
  });
});
