import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ASSET_FILE_MAX_BYTES, type AssetFile, type AssetFiles } from '@eproto/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetFiles, assetTypes, contracts, userContracts } from '../../db/schema/index.ts';
import { localStorage } from '../../lib/storage.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../chat/chat-test-kit.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let root: string;
let assetA: number;
let assetA2: number;
let assetB: number;
let jpeg: Buffer;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-files-'));
  t = await createTestApp({}, { storage: localStorage(root) });
  s = await sessionsByRole(t);
  const db = t.database.db;
  const [a, b] = await db
    .insert(contracts)
    .values([
      { codigo: 'HSL', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  await db
    .insert(userContracts)
    .values(
      (['coordenador', 'equipe'] as const).map((r) => ({ userId: s[r].id, contractId: a!.id })),
    );
  const [tipo] = await db.select().from(assetTypes).limit(1);
  const coord = client(t, s.coordenador.cookie);
  const diretoria = client(t, s.diretoria.cookie);
  const create = async (c: typeof coord, contractId: number, tag: string) => {
    const res = await c.post('/api/tatico/ativos', {
      contract_id: contractId,
      type_id: tipo!.id,
      tag,
      dados:
        tipo!.categoria === 'climatizacao'
          ? { capacidade: 12000, unidade_capacidade: 'BTU/h' }
          : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ asset: { id: number } }>().asset.id;
  };
  assetA = await create(coord, a!.id, 'AC-01');
  assetA2 = await create(coord, a!.id, 'AC-02');
  assetB = await create(diretoria, b!.id, 'OUT-01');
  jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function upload(assetId: number, name: string, data: Buffer, cookie = s.coordenador.cookie) {
  const body = multipart(name, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/tatico/ativos/${assetId}/arquivos`,
    payload: body.payload,
    headers: { ...spa, ...body.headers, cookie },
  });
}

const get = (url: string, cookie = s.coordenador.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function list(assetId: number, cookie = s.coordenador.cookie) {
  const res = await get(`/api/tatico/ativos/${assetId}/arquivos`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AssetFiles>();
}

/** Files (not folders) in the storage. */
const storedFiles = () =>
  fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;

async function rowsOf(assetId: number) {
  const all = await t.database.db.select().from(assetFiles);
  return all.filter((r) => r.assetId === assetId);
}

describe('asset photos and documents', () => {
  it('uploads a photo (with its thumbnail) and a PDF, lists and downloads them', async () => {
    const photo = await upload(assetA, 'placa do equipamento.jpg', jpeg);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json<AssetFile>()).toMatchObject({
      tipo: 'foto',
      nome: 'placa do equipamento.jpg',
      mime: 'image/jpeg',
      tamanho: jpeg.length,
      enviado_por: { id: s.coordenador.id, nome: expect.any(String) },
    });
    // The bytes decide: a PDF named .jpg is a document.
    const doc = await upload(assetA, 'manual técnico.jpg', PDF);
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json<AssetFile>()).toMatchObject({
      tipo: 'documento',
      mime: 'application/pdf',
      tamanho: PDF.length,
    });

    const files = await list(assetA);
    expect(files.pode_editar).toBe(true);
    expect(files.items.map((f) => [f.tipo, f.nome])).toEqual([
      ['foto', 'placa do equipamento.jpg'],
      ['documento', 'manual técnico.jpg'],
    ]);
    expect(files.historico.map((h) => h.acao)).toEqual(['adicionado', 'adicionado']);

    const photoId = photo.json<AssetFile>().id;
    const down = await get(`/api/tatico/ativos/${assetA}/arquivos/${photoId}`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(jpeg)).toBe(true);
    expect(down.headers['content-disposition']).toMatch(/^attachment;/);
    expect(down.headers['x-content-type-options']).toBe('nosniff');

    const thumb = await get(`/api/tatico/ativos/${assetA}/arquivos/${photoId}/miniatura`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);

    const docId = doc.json<AssetFile>().id;
    const pdf = await get(`/api/tatico/ativos/${assetA}/arquivos/${docId}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    // A document has no thumbnail.
    expect((await get(`/api/tatico/ativos/${assetA}/arquivos/${docId}/miniatura`)).statusCode).toBe(
      404,
    );
  });

  it('equipe lists and downloads, but neither uploads nor removes', async () => {
    const files = await list(assetA, s.equipe.cookie);
    expect(files.pode_editar).toBe(false);
    expect(files.items.length).toBeGreaterThan(0);
    const id = files.items[0]!.id;
    expect(
      (await get(`/api/tatico/ativos/${assetA}/arquivos/${id}`, s.equipe.cookie)).statusCode,
    ).toBe(200);
    const up = await upload(assetA, 'foto.jpg', jpeg, s.equipe.cookie);
    expect(up.statusCode).toBe(403);
    const del = await client(t, s.equipe.cookie).delete(
      `/api/tatico/ativos/${assetA}/arquivos/${id}`,
    );
    expect(del.statusCode).toBe(403);
    // ti does not see the agenda at all.
    expect((await get(`/api/tatico/ativos/${assetA}/arquivos`, s.ti.cookie)).statusCode).toBe(403);
    expect((await list(assetA)).items.length).toBe(files.items.length);
  });

  it('another contract’s asset and another asset’s file answer 404', async () => {
    const foreign = await upload(assetB, 'foto.jpg', jpeg, s.diretoria.cookie);
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = foreign.json<AssetFile>().id;
    for (const url of [
      `/api/tatico/ativos/${assetB}/arquivos`,
      `/api/tatico/ativos/${assetB}/arquivos/${foreignId}`,
      `/api/tatico/ativos/${assetB}/arquivos/${foreignId}/miniatura`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('Ativo não encontrado.');
    }
    expect((await upload(assetB, 'foto.jpg', jpeg)).statusCode).toBe(404);
    const del = await client(t, s.coordenador.cookie).delete(
      `/api/tatico/ativos/${assetB}/arquivos/${foreignId}`,
    );
    expect(del.statusCode).toBe(404);
    // A file id of another asset, through an asset the person sees.
    expect((await get(`/api/tatico/ativos/${assetA2}/arquivos/${foreignId}`)).statusCode).toBe(404);
    expect((await rowsOf(assetB))[0]!.removidoEm).toBeNull();
  });

  it('refuses other types, empty and oversized files with 400 in Portuguese, storing nothing', async () => {
    const before = storedFiles();
    const cases: Array<[string, Buffer, RegExp]> = [
      [
        'virus.pdf',
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00binary\x00\x01', 'latin1'),
        /PDF/,
      ],
      ['planilha.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), /PDF/],
      ['notas.txt', Buffer.from('só texto'), /foto \(JPEG ou PNG\)/],
      ['vazio.jpg', Buffer.alloc(0), /vazio/],
      [
        'grande.pdf',
        Buffer.concat([PDF, Buffer.alloc(ASSET_FILE_MAX_BYTES)]),
        /grande demais.*10 MB/,
      ],
    ];
    for (const [name, data, message] of cases) {
      const res = await upload(assetA2, name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ error: string }>().error, name).toMatch(message);
    }
    // A JPEG header over garbage is not a photo either.
    const broken = await upload(
      assetA2,
      'foto.jpg',
      Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(500, 7)]),
    );
    expect(broken.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/tatico/ativos/${assetA2}/arquivos`,
      payload: { file: 'x' },
      headers: { ...spa, cookie: s.coordenador.cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(await rowsOf(assetA2)).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  it('hostile ids answer 400', async () => {
    for (const id of ['2147483648', '0x10', '0', '-1']) {
      expect((await get(`/api/tatico/ativos/${assetA}/arquivos/${id}`)).statusCode, id).toBe(400);
      expect((await get(`/api/tatico/ativos/${id}/arquivos`)).statusCode, id).toBe(400);
    }
  });

  it('removes a file: gone from the list and storage, kept in the history', async () => {
    const up = await upload(assetA2, 'etiqueta antiga.png', await sharp(jpeg).png().toBuffer());
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json<AssetFile>().id;
    const [row] = await rowsOf(assetA2);
    expect(fs.existsSync(path.join(root, row!.storageKey))).toBe(true);
    expect(fs.existsSync(path.join(root, row!.thumbKey!))).toBe(true);

    const gerente = client(t, s.diretoria.cookie);
    const del = await gerente.delete(`/api/tatico/ativos/${assetA2}/arquivos/${id}`);
    expect(del.statusCode, del.body).toBe(204);
    const again = await gerente.delete(`/api/tatico/ativos/${assetA2}/arquivos/${id}`);
    expect(again.statusCode).toBe(404);

    const files = await list(assetA2);
    expect(files.items).toEqual([]);
    expect(files.historico).toMatchObject([
      {
        acao: 'removido',
        arquivo_id: id,
        nome: 'etiqueta antiga.png',
        quem: { id: s.diretoria.id },
      },
      { acao: 'adicionado', arquivo_id: id, quem: { id: s.coordenador.id } },
    ]);
    expect((await get(`/api/tatico/ativos/${assetA2}/arquivos/${id}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(root, row!.storageKey))).toBe(false);
    expect(fs.existsSync(path.join(root, row!.thumbKey!))).toBe(false);
  });
});
