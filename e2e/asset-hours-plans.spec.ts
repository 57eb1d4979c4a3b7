import { expect, get, post, test } from './support/people.ts';
import type { Page } from '@playwright/test';

import { DESKTOP, PHONE, shot, TAKE_SHOTS } from './support/devices.ts';
import { fillPlanForm } from './support/plan-form.ts';

// Issue 34, plans "a cada N horas de uso": the coordinator types the hours the Brazilian way
// ("1.000") in the plan form at 1440 px; what was stored is read back, and the list shows
// "A cada 1.000 h" with the date projected from the generator's hour meter. Screenshots of
// the form and the list at 1440 and 390 px, light and dark.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Plan {
  id: number;
  ativo_alvo: { id: number } | null;
  periodicidade: string;
  intervalo_dias: number | null;
  intervalo_horas: number | null;
  inicio: string;
  proxima: string | null;
  aviso: string | null;
}

/** Today in São Paulo, `days` away, as YYYY-MM-DD. */
function dayInSp(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
}

const br = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The same screen in light and dark without closing the open dialog: the theme is stored and
 * announced as another tab's toggle would (the storage event Mantine's manager listens to).
 */
async function shots(page: Page, name: string, fullPage = false) {
  if (!TAKE_SHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('eproto-theme', t);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'eproto-theme',
          newValue: t,
          storageArea: localStorage,
        }),
      );
    }, theme);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await shot(page, { path: `${SHOTS}/${name}-${theme}.png`, fullPage });
  }
}

test('coordenador types a plan every 1.000 h of use at 1440 px; the list shows the projection', async ({
  people,
}) => {
  // Typed key by key through four fields and two selects, plus four screenshots.
  test.slow();
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const gerador = types.items.find((x) => x.nome === 'Gerador')!;
  const tag = `GMG-${people.tag()}`.toUpperCase();
  const { asset } = await post<{ asset: { id: number } }>(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: gerador.id,
    tag,
    predio: 'Central de utilidades',
    dados: { potencia_kva: 450 },
  });
  // 12,5 h a day over the last 8 days: 2.000 h is 900 h (72 days) after the last reading.
  await post(api, `/api/tatico/ativos/${asset.id}/horimetro`, { horas: 1000, data: dayInSp(-10) });
  await post(api, `/api/tatico/ativos/${asset.id}/horimetro`, { horas: 1100, data: dayInSp(-2) });
  const checklist = await post<{ id: number; nome: string }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva de gerador ${people.tag()}`,
    itens: [{ titulo: 'Óleo trocado', tipo: 'sim_nao', obrigatorio: true }],
  });

  const page = await people.page(coord, DESKTOP);
  await page.goto(`/tatico/agenda?aba=ativos&vista=planos&contract_id=${contract.id}`);
  // The plans view is its own lazy chunk: on a loaded machine it takes a while.
  await expect(page.getByText('Nenhum plano neste contrato')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Novo plano' }).click();
  const form = page.getByRole('dialog', { name: 'Novo plano de manutenção' });
  await fillPlanForm(page, 'desktop', form, {
    ativo: new RegExp(tag),
    checklist: checklist.nome,
    periodicidade: 'A cada N horas de uso',
    intervalo: '1.000',
    primeira: br(dayInSp(0)),
  });
  await shots(page, 'plans-hours-form-1440');
  await form.getByRole('button', { name: 'Criar plano' }).click();
  await expect(form).toBeHidden();

  // What was stored, read back through the API: 1.000 typed is 1000 hours.
  const stored = await get<{ items: Plan[] }>(
    api,
    `/api/tatico/ativos/planos?contract_id=${contract.id}`,
  );
  expect(stored.items).toHaveLength(1);
  const plan = stored.items[0]!;
  expect(plan).toMatchObject({
    ativo_alvo: { id: asset.id },
    periodicidade: 'horas',
    intervalo_horas: 1000,
    intervalo_dias: null,
    inicio: dayInSp(0),
    aviso: null,
  });
  // 72 days after the last reading, or the next working day of the contract.
  expect(plan.proxima! >= dayInSp(70)).toBe(true);
  expect(plan.proxima! <= dayInSp(75)).toBe(true);
  const row = page.getByTestId('plan-row').filter({ hasText: `Ativo ${tag}` });
  await expect(row).toContainText('A cada 1.000 h');
  await expect(row).toContainText(br(plan.proxima!));
  await shots(page, 'plans-hours-list-1440', true);
});

test('a plan by hours on a phone: the warning without readings, the form at 390 px', async ({
  people,
}) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const gerador = types.items.find((x) => x.nome === 'Gerador')!;
  const tag = `GMG-${people.tag()}`.toUpperCase();
  const { asset } = await post<{ asset: { id: number } }>(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: gerador.id,
    tag,
    dados: { potencia_kva: 250 },
  });
  const checklist = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva ${people.tag()}`,
    itens: [{ titulo: 'Óleo trocado', tipo: 'sim_nao' }],
  });
  const plan = await post<Plan>(api, '/api/tatico/ativos/planos', {
    contract_id: contract.id,
    asset_id: asset.id,
    service_type_id: checklist.id,
    periodicidade: 'horas',
    intervalo_horas: 250,
    inicio: dayInSp(0),
  });
  expect(plan.aviso).toBe(`Sem leituras do horímetro: ${tag}.`);

  const page = await people.page(coord, PHONE);
  await page.goto(`/tatico/agenda?aba=ativos&vista=planos&contract_id=${contract.id}`);
  const card = page.getByTestId('plan-row').filter({ hasText: `Ativo ${tag}` });
  // The plans view is its own lazy chunk: on a loaded machine it takes a while.
  await expect(card).toContainText('A cada 250 h · próxima —', { timeout: 30_000 });
  await expect(card).toContainText(`Sem leituras do horímetro: ${tag}.`);
  await shots(page, 'plans-hours-list-390', true);
  await card.getByRole('button', { name: /Editar plano/ }).tap();
  const form = page.getByRole('dialog', { name: /Editar plano/ });
  await expect(form.getByRole('textbox', { name: 'A cada quantas horas de uso' })).toHaveValue(
    '250',
  );
  await shots(page, 'plans-hours-form-390');
});
