import { assetCodeFromScan, type Asset } from '@eproto/domain';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfViewerText } from '../../../test/pdf-render.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let splitId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'HSL', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  await t.database.db
    .insert(userContracts)
    .values(
      (['coordenador', 'equipe'] as const).map((r) => ({ userId: s[r].id, contractId: contractA })),
    );
  coord = client(t, s.coordenador.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  splitId = types.find((x) => x.nome === 'Ar-condicionado split')!.id;
});
afterAll(async () => t.close());

async function asset(extra: Record<string, unknown> = {}, c = coord): Promise<Asset> {
  seq += 1;
  const res = await c.post('/api/tatico/ativos', {
    contract_id: contractA,
    type_id: splitId,
    tag: `AC-${seq}`,
    predio: 'Bloco C',
    andar: '3º andar',
    sala: `Sala 30${seq}`,
    fabricante: 'Daikin',
    numero_serie: `SN-SECRETO-${seq}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ asset: Asset }>().asset;
}

const MM = 72 / 25.4;
const SCALE = 3;
/** Each label slot of a page rendered to pixels and decoded on its own (14 per A4 page). */
function labelQrs(pdf: Buffer): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const out: string[] = [];
  for (let p = 0; p < doc.countPages(); p++) {
    const pix = doc
      .loadPage(p)
      .toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, false);
    const w = pix.getWidth();
    const rgb = pix.getPixels();
    const [lw, lh] = [99 * MM * SCALE, 38.1 * MM * SCALE];
    const left = ((210 - 2 * 99 - 2.5) / 2) * MM * SCALE;
    const top = ((297 - 7 * 38.1) / 2) * MM * SCALE;
    for (let slot = 0; slot < 14; slot++) {
      const x0 = Math.round(left + (slot % 2) * (lw + 2.5 * MM * SCALE));
      const y0 = Math.round(top + Math.floor(slot / 2) * lh);
      const [cw, ch] = [Math.round(lh), Math.round(lh)]; // the QR sits in the label's left square
      const rgba = new Uint8ClampedArray(cw * ch * 4);
      for (let y = 0; y < ch; y++) {
        for (let x = 0; x < cw; x++) {
          const i = ((y0 + y) * w + x0 + x) * 3;
          const o = (y * cw + x) * 4;
          rgba[o] = rgb[i]!;
          rgba[o + 1] = rgb[i + 1]!;
          rgba[o + 2] = rgb[i + 2]!;
          rgba[o + 3] = 255;
        }
      }
      const qr = jsQR(rgba, cw, ch);
      if (qr) out.push(qr.data);
    }
  }
  return out;
}

function labels(ids: number[], cookie = s.coordenador.cookie) {
  return t.app.inject({
    method: 'GET',
    url: `/api/tatico/ativos/etiquetas?ids=${ids.join(',')}`,
    headers: { cookie },
  });
}

const publicView = (codigo: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/ativos/${codigo}`,
    headers: cookie ? { cookie } : {},
  });

describe('QR labels: PDF → decode → the asset', () => {
  it('prints tag, type, site and a QR per asset whose URL opens that asset, publicly and inside', async () => {
    const a = await asset();
    const b = await asset({ predio: 'Centro cirúrgico', andar: null, sala: 'Sala 2 💧' });
    const res = await labels([a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('etiquetas-ativos.pdf');
    const pdf = res.rawPayload;
    const text = pdfViewerText(pdf).join('\n');
    for (const x of [
      a.tag,
      b.tag,
      'Ar-condicionado split',
      'Bloco C · 3º andar · Sala 30',
      'Centro cirúrgico · Sala 2',
      'HSL — Hospital São Lucas',
    ]) {
      expect(text).toContain(x);
    }
    const urls = labelQrs(pdf);
    expect(urls).toHaveLength(2);
    for (const [i, url] of urls.entries()) {
      expect(url).toMatch(/^http:\/\/localhost:\d+\/ativo\/[A-Za-z0-9_-]{16}$/);
      const codigo = assetCodeFromScan(url)!;
      // Without a session: tag, type and site only.
      const open = await publicView(codigo);
      expect(open.statusCode, open.body).toBe(200);
      const want = i === 0 ? a : b;
      expect(open.json()).toEqual({
        codigo,
        tag: want.tag,
        tipo: 'Ar-condicionado split',
        local: i === 0 ? `Bloco C · 3º andar · ${want.sala}` : 'Centro cirúrgico · Sala 2 💧',
        relatos: true,
        interno_id: null,
      });
      expect(open.body).not.toContain('Daikin');
      expect(open.body).not.toContain('SECRETO');
      expect(open.body).not.toContain('Hospital');
      expect(open.headers['cache-control']).toBe('private, no-store');
      // Signed in and in scope: the internal id, and the in-app lookup of the scanner.
      expect((await publicView(codigo, s.equipe.cookie)).json()).toMatchObject({
        interno_id: want.id,
      });
      const inApp = await client(t, s.equipe.cookie).get(`/api/tatico/ativos/codigo/${codigo}`);
      expect(inApp.statusCode, inApp.body).toBe(200);
      expect(inApp.json()).toEqual({ id: want.id });
    }
    // Printed again (another order), the same codes: labels already stuck keep working.
    const again = labelQrs((await labels([b.id, a.id])).rawPayload);
    expect(again).toEqual([...urls].reverse());
  });

  it('fills 14 labels per A4 page and keeps the order given', async () => {
    const many: Asset[] = [];
    for (let i = 0; i < 15; i++) many.push(await asset());
    const pdf = (await labels(many.map((x) => x.id))).rawPayload;
    const pages = pdfViewerText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain(many[14]!.tag);
    expect(pages[1]).not.toContain(`${many[0]!.tag}\n`);
    const urls = labelQrs(pdf);
    expect(urls).toHaveLength(15);
    const ids = [];
    for (const url of urls) {
      const r = await coord.get(`/api/tatico/ativos/codigo/${assetCodeFromScan(url)}`);
      ids.push(r.json<{ id: number }>().id);
    }
    expect(ids).toEqual(many.map((x) => x.id));
  });
});

describe('QR labels: who, scope and bad input', () => {
  it('is gestão only; equipe is 403, another contract is 404 and prints nothing', async () => {
    const a = await asset();
    expect((await labels([a.id], s.equipe.cookie)).statusCode).toBe(403);
    expect((await labels([a.id], s.ti.cookie)).statusCode).toBe(403);
    const foreign = await asset({ contract_id: contractB }, client(t, s.diretoria.cookie));
    const res = await labels([a.id, foreign.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Ativo não encontrado.');
    expect((await labels([a.id, 999_999])).statusCode).toBe(404);
    // The foreign asset's label, printed by diretoria, is not opened in the app by equipe of A.
    const url = labelQrs((await labels([foreign.id], s.diretoria.cookie)).rawPayload)[0]!;
    const codigo = assetCodeFromScan(url)!;
    const scan = await client(t, s.equipe.cookie).get(`/api/tatico/ativos/codigo/${codigo}`);
    expect(scan.statusCode).toBe(404);
    expect(scan.json().error).toMatch(/^Etiqueta não encontrada/);
    expect((await publicView(codigo, s.equipe.cookie)).json()).toMatchObject({ interno_id: null });
  });

  it('answers 400 in Portuguese for hostile lists and codes, 404 for a code that names nothing', async () => {
    const cases: [string, RegExp][] = [
      ['', /inválida/],
      ['2147483648', /inválido/],
      ['0x10', /inválida/],
      ['1,,2', /inválida/],
      ['-1', /inválida/],
      ['1%00', /inválid/],
      [Array.from({ length: 501 }, (_, i) => i + 1).join(','), /No máximo 500/],
    ];
    for (const [ids, msg] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tatico/ativos/etiquetas?ids=${ids}`,
        headers: { cookie: s.coordenador.cookie },
      });
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().error, ids).toMatch(msg);
    }
    for (const bad of ['curto', 'A'.repeat(17), 'AAAAAAAAAAAAAAA%00', 'AAAAAAAA.AAAAAAA']) {
      const res = await publicView(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/inválid/);
    }
    const gone = await publicView('AAAAAAAAAAAAAAAA');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(
      'Etiqueta não encontrada: este equipamento não está mais cadastrado.',
    );
  });
});
