import { readFile } from 'node:fs/promises';

import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

import { expect, get, post, test } from './support/people.ts';
import { screenshotThemes } from './support/devices.ts';

// Issue 34, QR labels and "Relatar problema": the office prints an asset's label at 1440 px and
// its QR opens the asset; someone without an account opens the same QR on a phone, is refused
// for hostile input in Portuguese, reports a problem with a photo and follows it by the link.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The QR of the first label of a labels PDF, as a phone camera would read it. */
function firstQr(pdf: Buffer): string {
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

interface Asset {
  id: number;
  tag: string;
}

// One flow; the themes only change the pictures (screenshotThemes), not the flow.
test(`coordenador prints QR labels and the QR opens the asset at 1440 px (light and dark)`, async ({
  people,
}) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const tag = `AC-${people.tag()}`.toUpperCase();
  const { asset } = await post<{ asset: Asset }>(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag,
    predio: 'Bloco C',
    andar: '3º andar',
    sala: 'Sala 301',
  });

  const page = await people.page(coord, DESKTOP);
  await page.goto('/tatico/agenda?aba=ativos');
  await page.getByRole('button', { name: 'Etiquetas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Imprimir etiquetas QR' });
  await dialog.getByRole('combobox', { name: 'Contrato' }).click();
  await page.getByRole('option', { name: new RegExp(contract.codigo) }).click();
  await expect(dialog.getByRole('checkbox', { name: tag })).toBeChecked();
  await expect(dialog.getByText('1 de 1 ativo')).toBeVisible();
  await expect(
    dialog.getByRole('switch', { name: 'Relatar problema pela etiqueta' }),
  ).toBeChecked();
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-labels-1440-${theme}.png`);
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Baixar PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('etiquetas-ativos.pdf');
  const url = firstQr(await readFile(await file.path()));
  expect(url).toMatch(/\/ativo\/[A-Za-z0-9_-]{16}$/);

  // Signed in, the QR's page offers the asset inside the app.
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('heading', { name: `Equipamento ${tag}` })).toBeVisible();
  await page.getByRole('link', { name: 'Abrir no E-Proto' }).click();
  await expect(page.getByRole('heading', { name: tag, level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/tatico/agenda/ativos/${asset.id}`);
});

test(`someone without an account reports a problem from the QR on a phone (light and dark)`, async ({
  people,
  browser,
}) => {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const tag = `AC-${people.tag()}`.toUpperCase();
  const { asset } = await post<{ asset: Asset }>(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag,
    predio: 'Centro cirúrgico',
    sala: 'Sala 2',
    fabricante: 'Fabricante Interno',
  });
  const pdf = await api.get(`/api/tatico/ativos/etiquetas?ids=${asset.id}`);
  const path = new URL(firstQr(await pdf.body())).pathname;

  // A browser with nobody signed in.
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: `Equipamento ${tag}` })).toBeVisible();
  await expect(page.getByText('Centro cirúrgico · Sala 2')).toBeVisible();
  await expect(page.getByText('Fabricante Interno')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Abrir no E-Proto' })).toHaveCount(0);

  // Hostile: 10 MB of emoji straight to the API, as a script would: a clear 413, nothing kept.
  const huge = await page.evaluate(async (codigo) => {
    const f = new FormData();
    f.append('nome', 'Robô');
    f.append('contato', 'robo@example.com');
    f.append('descricao', '💧'.repeat(2_621_440));
    const r = await fetch(`/api/public/ativos/${codigo}/relatos`, {
      method: 'POST',
      body: f,
      headers: { 'x-requested-with': 'eproto' },
    });
    return { status: r.status, body: (await r.json()) as { error: string } };
  }, path.split('/').pop()!);
  expect(huge).toEqual({
    status: 413,
    body: expect.objectContaining({
      error: 'Texto grande demais: a descrição aceita até 2.000 caracteres.',
    }),
  });

  const form = page.getByRole('form', { name: 'Relatar problema' });
  await form.getByLabel('Seu nome').pressSequentially('Joana Conceição');
  await form.getByLabel('Telefone ou e-mail').pressSequentially('0x10');
  await form
    .getByLabel('O que está acontecendo?')
    .pressSequentially('Pingando água 💧 no corredor');
  await form.getByRole('button', { name: 'Enviar relato' }).tap();
  await expect(form.getByText('Informe um telefone com DDD ou um e-mail válido.')).toBeVisible();
  await form.getByLabel('Telefone ou e-mail').fill('');
  await form.getByLabel('Telefone ou e-mail').pressSequentially('(11) 98765-4321');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'pingando.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-report-form-390-${theme}.png`, {
    fullPage: true,
  });
  await form.getByRole('button', { name: 'Enviar relato' }).tap();
  const done = page.getByTestId('report-done');
  await expect(done).toBeVisible();
  const protocolo = (await page.getByTestId('report-protocol').textContent())!;
  expect(protocolo).toMatch(/^\d{4}-\d{6}$/);
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-report-done-390-${theme}.png`);

  // What was stored: a manutenção request of the contract, as typed, with the photo.
  const list = await get<{ items: Array<Record<string, unknown>> }>(
    api,
    `/api/solicitacoes?contract_id=${contract.id}`,
  );
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({
    tipo: 'manutencao',
    status: 'aberta',
    descricao: `[${tag}] Pingando água 💧 no corredor`,
    solicitante: { id: null, nome: 'Joana Conceição · (11) 98765-4321' },
    anexos: 1,
  });

  await done.getByRole('link', { name: 'Acompanhar o andamento' }).tap();
  const status = page.getByTestId('report-status');
  await expect(status.getByText(`Protocolo ${protocolo}`)).toBeVisible();
  await expect(status.getByText('Recebido')).toBeVisible();
  await expect(status.getByText(`Equipamento ${tag}`)).toBeVisible();
  await screenshotThemes(page, (theme) => `${SHOTS}/asset-report-status-390-${theme}.png`);
  await context.close();
});
