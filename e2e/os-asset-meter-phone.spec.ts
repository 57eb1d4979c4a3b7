import type { Page } from '@playwright/test';

import { expect, get, post, test } from './support/people.ts';
import { DESKTOP, phoneAt, shot, TAKE_SHOTS } from './support/devices.ts';

// Issue 34: the hour meter read in the OS checklist on a touch phone (390×844, pt-BR, São
// Paulo): a reading below the last one is refused in Portuguese and never stored; "1.234,5"
// typed key by key is stored as 1234.5, linked to the OS; typed again without signal it waits
// in the outbox and is sent once (one reading per OS and asset). Read back through the API.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 10);
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Meter {
  ultima: { horas: number; data: string } | null;
  desta_os: { horas: number; data: string } | null;
}

const br = (iso: string) => iso.split('-').reverse().join('/');
const daySp = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The same screen in light and dark (the theme as another tab's toggle announces it). */
async function shots(page: Page, name: string) {
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
    await shot(page, { path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
}

test('the technician types the hour meter in the OS checklist on a phone, offline too', async ({
  people,
}) => {
  test.setTimeout(240_000);
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
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
  const lastDay = daySp(-5);
  await post(api, `/api/tatico/ativos/${asset.id}/horimetro`, { horas: 1000, data: lastDay });
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva de gerador ${people.tag()}`,
    itens: [{ titulo: 'Óleo trocado', tipo: 'sim_nao', obrigatorio: true }],
  });
  const start = Date.now() - 10 * 60_000;
  const os = await post<{ id: number }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    local: 'Central de utilidades',
    ...SITE,
    pessoas: [tecnico.id],
    service_type_id: tipo.id,
    previsto_inicio: new Date(start).toISOString(),
    previsto_fim: new Date(start + 3 * 3600_000).toISOString(),
    ativos: [asset.id],
  });
  await post(
    await people.api(tecnico),
    `/api/tatico/os/${os.id}/etapas`,
    { acao: 'check_in', ...SITE },
    200,
  );
  const meter = async () =>
    (
      await get<{ ativos: { id: number; horimetro: Meter | null }[] }>(
        api,
        `/api/tatico/os/${os.id}/ativos`,
      )
    ).ativos[0]!.horimetro!;
  const readings = async () =>
    (
      await get<{ leituras: { horas: number }[] }>(api, `/api/tatico/ativos/${asset.id}/horimetro`)
    ).leituras.map((r) => r.horas);

  const phone = await people.page(tecnico, PHONE);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  const section = phone.locator(`[data-testid="os-asset"][data-asset="${tag}"]`);
  const field = section.getByRole('textbox', { name: 'Horímetro (h)' });
  await expect(field).toBeEnabled({ timeout: 30_000 });
  await expect(section).toContainText(`Última leitura: 1.000 h em ${br(lastDay)}.`);

  // Below the last reading: refused on the spot, in Portuguese, nothing stored.
  await field.tap();
  await field.pressSequentially('999', { delay: 120 });
  await section.getByText('Horímetro (h)').tap();
  await expect(section).toContainText(
    `Leitura menor que a anterior (1.000 h em ${br(lastDay)}): o horímetro não volta.`,
  );
  expect((await meter()).desta_os).toBeNull();

  // "1.234,5" key by key: stored as 1234.5, this OS's reading of the asset.
  await field.fill('');
  await field.tap();
  await field.pressSequentially('1.234,5', { delay: 120 });
  await section.getByText('Horímetro (h)').tap();
  await expect.poll(async () => (await meter()).desta_os?.horas).toBe(1234.5);
  expect(await readings()).toEqual([1234.5, 1000]);
  await shots(phone, 'os-meter-390');

  // Without signal: typed again, it waits in the outbox, then is sent once.
  await phone.context().setOffline(true);
  await field.fill('');
  await field.tap();
  await field.pressSequentially('1.240', { delay: 120 });
  await section.getByText('Horímetro (h)').tap();
  await expect(section).toContainText('Aguardando conexão.');
  await phone.context().setOffline(false);
  await expect.poll(async () => (await meter()).desta_os?.horas, { timeout: 30_000 }).toBe(1240);
  expect(await readings()).toEqual([1240, 1000]);

  // The same OS at 1440 px, for the screenshots.
  const desk = await people.page(tecnico, DESKTOP);
  await desk.goto(`/tatico/agenda/os/${os.id}`);
  await expect(
    desk
      .locator(`[data-testid="os-asset"][data-asset="${tag}"]`)
      .getByRole('textbox', { name: 'Horímetro (h)' }),
  ).toHaveValue('1.240', { timeout: 30_000 });
  await shots(desk, 'os-meter-1440');
});
