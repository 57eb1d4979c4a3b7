import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

import { DESKTOP, PHONE, screenshotThemes, shot, type Theme } from './support/devices.ts';
import { FAKE_CAMERA_LAUNCH, pointCameraAtFirstLabel } from './support/fake-camera.ts';
import { expect, get, post, test, type People, type Person } from './support/people.ts';

// Issue 34, the asset page and "Ler etiqueta": a technician on a phone points the camera at an
// asset's printed QR label (Chromium's fake camera plays the label rendered from the labels
// PDF), the asset's page opens with its open OS, next maintenance and year, and the OS opens
// from there. Without the camera, the tag typed from the label does the same; a label of a
// contract that is not the person's, or a QR that is not ours, says so and opens nothing.

test.use({ launchOptions: FAKE_CAMERA_LAUNCH });

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Asset {
  id: number;
  tag: string;
}

/** The labels PDF of these assets, as the office downloads it. */
async function labelsPdf(api: Awaited<ReturnType<People['api']>>, ids: number[]) {
  const res = await api.get(`/api/tatico/ativos/etiquetas?ids=${ids.join(',')}`);
  expect(res.status(), await res.text().catch(() => '')).toBe(200);
  return Buffer.from(await res.body());
}

/** The URL the first label's QR holds (MuPDF + jsQR, as a camera reads it). */
function firstQrUrl(pdf: Buffer): string {
  const pix = mupdf.Document.openDocument(pdf, 'application/pdf')
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
  const rgb = pix.getPixels();
  const rgba = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
    rgba.set([rgb[p]!, rgb[p + 1]!, rgb[p + 2]!, 255], q);
  }
  const qr = jsQR(rgba, pix.getWidth(), pix.getHeight());
  expect(qr, 'QR lido do PDF de etiquetas').not.toBeNull();
  return qr!.data;
}

/** Two contracts, an asset in each, a plan and an open OS for the first one's asset. */
async function setup(people: People) {
  const hospital = await people.contract(`Hospital ${people.tag()}`);
  const other = await people.contract(`Shopping ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [hospital.id, other.id] });
  const tecnico = await people.person('Equipe', { contracts: [hospital.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const tag = `AC-${people.tag()}`.toUpperCase();
  const { asset } = await post<{ asset: Asset }>(api, '/api/tatico/ativos', {
    contract_id: hospital.id,
    type_id: split.id,
    tag,
    predio: 'Bloco C',
    andar: '3º andar',
    sala: 'Sala 301',
  });
  const { asset: foreign } = await post<{ asset: Asset }>(api, '/api/tatico/ativos', {
    contract_id: other.id,
    type_id: split.id,
    tag: `${tag}-S`,
    predio: 'Torre 2',
  });
  const servico = `Limpeza de filtros ${people.tag()}`;
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: servico,
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true }],
  });
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  await post(api, '/api/tatico/ativos/planos', {
    contract_id: hospital.id,
    asset_id: asset.id,
    service_type_id: tipo.id,
    periodicidade: 'mensal',
    inicio: today,
  });
  const start = Date.now() - 10 * 60_000;
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: hospital.id,
    service_type_id: tipo.id,
    local: 'Bloco C · 3º andar · Sala 301',
    pessoas: [tecnico.id],
    previsto_inicio: new Date(start).toISOString(),
    previsto_fim: new Date(start + 2 * 3600_000).toISOString(),
    ativos: [asset.id],
  });
  return { hospital, coord, tecnico, api, asset, foreign, tipo, servico, os };
}

async function phoneOf(people: People, who: Person, theme: Theme, camera: boolean) {
  const page = await people.page(who, { ...PHONE, permissions: camera ? ['camera'] : [] });
  return page;
}

test('a technician scans an asset label with the phone camera and opens its open OS', async ({
  people,
}) => {
  test.setTimeout(150_000);
  const s = await setup(people);
  // First the label of an asset of a contract that is not the technician's.
  pointCameraAtFirstLabel(await labelsPdf(s.api, [s.foreign.id]));

  const phone = await phoneOf(people, s.tecnico, 'light', true);
  await phone.goto('/tatico/agenda?aba=ativos');
  await phone.getByRole('button', { name: 'Ler etiqueta' }).tap();
  const dialog = phone.getByRole('dialog', { name: 'Ler etiqueta' });
  await expect(dialog.getByText('Aponte para o QR da etiqueta do equipamento.')).toBeVisible();
  await expect(dialog.getByTestId('scan-message')).toHaveText(
    'Etiqueta não encontrada nos seus contratos: o equipamento não está mais cadastrado ou é de um contrato que não é seu.',
    { timeout: 20_000 },
  );
  await expect(phone).toHaveURL(/\/tatico\/agenda\?aba=ativos$/);
  await shot(phone, { path: `${SHOTS}/asset-scan-390-light.png` });
  await dialog.getByRole('button', { name: 'Fechar' }).tap();
  await expect(dialog).toHaveCount(0);

  // Then the right label: the camera opens again and reads it.
  pointCameraAtFirstLabel(await labelsPdf(s.api, [s.asset.id]));
  await phone.getByRole('button', { name: 'Ler etiqueta' }).tap();
  // The camera reads the label: the asset's own page opens, no tap needed.
  await expect(phone).toHaveURL(new RegExp(`/tatico/agenda/ativos/${s.asset.id}$`), {
    timeout: 20_000,
  });
  await expect(phone.getByRole('heading', { name: s.asset.tag, level: 1 })).toBeVisible();
  await expect(
    phone.getByText('Ar-condicionado split · Bloco C · 3º andar · Sala 301'),
  ).toBeVisible();
  await expect(phone.getByText(`${s.hospital.codigo} — ${s.hospital.nome}`)).toHaveCount(1);
  const open = phone.getByTestId('asset-open-orders');
  await expect(open.getByRole('heading')).toHaveText('OSs abertas (1)');
  await expect(open.getByRole('link', { name: `Abrir ${s.os.codigo}` })).toContainText(s.servico);
  await expect(phone.getByTestId('asset-next')).toContainText(s.servico);
  await expect(phone.getByTestId('asset-year-plan')).toContainText(s.servico);
  await expect(phone.getByTestId('asset-year-plan')).toContainText('Mensal');
  await expect(phone.getByTestId('asset-os-history')).toContainText(
    'Nenhuma OS concluída para este ativo ainda.',
  );
  // Equipe reads: no "Abrir OS" on the page.
  await expect(phone.getByRole('button', { name: 'Ler etiqueta' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Abrir OS' })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone, { path: `${SHOTS}/asset-page-390-light.png`, fullPage: true });

  // The open preventive OS opens from the page.
  await open.getByRole('link', { name: `Abrir ${s.os.codigo}` }).tap();
  await expect(phone).toHaveURL(new RegExp(`/tatico/agenda/os/${s.os.id}$`));
  await expect(phone.getByTestId('os-codigo')).toHaveText(s.os.codigo);
});

test('without the camera the tag typed from the label opens the asset; foreign labels do not', async ({
  people,
}) => {
  test.setTimeout(150_000);
  const s = await setup(people);
  const foreignUrl = firstQrUrl(await labelsPdf(s.api, [s.foreign.id]));
  // A camera the phone has but this browser may not use (no permission granted).
  pointCameraAtFirstLabel(await labelsPdf(s.api, [s.asset.id]));

  const phone = await phoneOf(people, s.tecnico, 'dark', false);
  // Minha agenda, the technician's first screen, has "Ler etiqueta" too.
  await phone.goto('/tatico/agenda');
  await expect(phone.getByTestId('minhas-os-abertas')).toContainText(s.os.codigo);
  await shot(phone, { path: `${SHOTS}/minha-agenda-390-dark.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Ler etiqueta' }).tap();
  const dialog = phone.getByRole('dialog', { name: 'Ler etiqueta' });
  await expect(dialog.getByText('Não foi possível abrir a câmera')).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Tag da etiqueta' });
  await expect(field).toBeVisible();

  // A label of a contract that is not the technician's: said so, nothing opens.
  await field.fill(foreignUrl);
  await dialog.getByRole('button', { name: 'Abrir' }).tap();
  await expect(dialog.getByTestId('scan-message')).toHaveText(
    'Etiqueta não encontrada nos seus contratos: o equipamento não está mais cadastrado ou é de um contrato que não é seu.',
  );
  // A QR of something else entirely.
  await field.fill('https://exemplo.com.br/produto/123');
  await dialog.getByRole('button', { name: 'Abrir' }).tap();
  await expect(dialog.getByTestId('scan-message')).toHaveText(
    'Este QR não é uma etiqueta de ativo do E-Proto.',
  );
  // The foreign asset's tag is unknown in the technician's contracts.
  await field.fill('');
  await field.pressSequentially(s.foreign.tag.toLowerCase());
  await dialog.getByRole('button', { name: 'Abrir' }).tap();
  await expect(dialog.getByTestId('scan-message')).toHaveText(
    `Nenhum ativo com a tag ${s.foreign.tag} nos seus contratos.`,
  );
  await expect(phone).toHaveURL(/\/tatico\/agenda$/);
  await shot(phone, { path: `${SHOTS}/asset-scan-refused-390-dark.png` });

  // The tag printed in bold on the label, typed letter by letter in lower case.
  await field.fill('');
  await field.pressSequentially(s.asset.tag.toLowerCase());
  await dialog.getByRole('button', { name: 'Abrir' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/tatico/agenda/ativos/${s.asset.id}$`));
  await expect(phone.getByRole('heading', { name: s.asset.tag, level: 1 })).toBeVisible();
  await expect(phone.getByTestId('asset-open-orders')).toContainText(s.os.codigo);
  await expect(phone.getByTestId('asset-year-plan')).toContainText(s.servico);
  await shot(phone, { path: `${SHOTS}/asset-page-390-dark.png`, fullPage: true });

  // Hostile or foreign ids in the address: "não encontrado", never a crash.
  for (const id of ['0x10', '2147483648', '0', 'abc', String(s.foreign.id)]) {
    await phone.goto(`/tatico/agenda/ativos/${id}`);
    await expect(phone.getByText('Ativo não encontrado'), id).toBeVisible();
  }
});

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`the office opens an OS for the asset from its page at 1440 px (light and dark)`, async ({
  people,
}) => {
  test.setTimeout(150_000);
  const s = await setup(people);
  const page = await people.page(s.coord, DESKTOP);
  await page.goto(`/tatico/agenda?aba=ativos&ativo=${s.asset.id}`);
  const drawer = page.getByRole('dialog', { name: `Ativo ${s.asset.tag}` });
  await drawer.getByRole('link', { name: 'Abrir página do ativo' }).click();
  await expect(page).toHaveURL(new RegExp(`/tatico/agenda/ativos/${s.asset.id}$`));
  await expect(page.getByRole('heading', { name: s.asset.tag, level: 1 })).toBeVisible();
  await expect(page.getByTestId('asset-open-orders')).toContainText(s.os.codigo);
  await expect(page.getByTestId('asset-year-plan')).toContainText(s.servico);
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-page-1440-${theme}.png`, {
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Abrir OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova ordem de serviço' });
  const contrato = dialog.getByRole('combobox', { name: 'Contrato' });
  await expect(contrato).toHaveValue(`${s.hospital.codigo} — ${s.hospital.nome}`);
  await expect(contrato).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Local' })).toHaveValue(
    'Bloco C · 3º andar · Sala 301',
  );
  await expect(dialog.getByTestId('os-create-assets')).toContainText(s.asset.tag);
  await dialog.getByRole('combobox', { name: 'Tipo de serviço' }).click();
  await page.getByRole('option', { name: s.servico }).click();
  await dialog.getByRole('textbox', { name: 'Início previsto' }).pressSequentially('10/12/2026');
  await dialog.getByLabel('Hora').nth(0).fill('08:00');
  await dialog.getByRole('textbox', { name: 'Fim previsto' }).pressSequentially('10/12/2026');
  await dialog.getByLabel('Hora').nth(1).fill('10:00');
  await dialog.getByRole('combobox', { name: 'Equipe' }).click();
  await page.getByRole('option', { name: s.tecnico.nome }).click();
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-open-os-1440-${theme}.png`);
  await dialog.getByRole('button', { name: 'Criar OS' }).click();
  await expect(page.getByTestId('os-codigo')).toHaveText(/^OS-\d{4}-\d{6,}$/);
  const osId = Number(/\/os\/(\d+)$/.exec(page.url())![1]);
  const served = await get<{ ativos: { id: number; tag: string }[] }>(
    s.api,
    `/api/tatico/os/${osId}/ativos`,
  );
  expect(served.ativos.map((a) => a.tag)).toEqual([s.asset.tag]);
});
