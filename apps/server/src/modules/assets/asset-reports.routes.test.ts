import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assetCodeFromScan, type Asset } from '@eproto/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetReports,
  contracts,
  notifications,
  requests,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { pdfQrCodes } from '../../../test/pdf-render.ts';
import { PNG_1X1 } from '../chat/chat-test-kit.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractA: number;
let splitId: number;
let seq = 0;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const [row] = await t.database.db
    .insert(contracts)
    .values({ codigo: 'HSL', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' })
    .returning({ id: contracts.id });
  contractA = row!.id;
  await t.database.db.insert(userContracts).values(
    (['coordenador', 'gerente', 'equipe'] as const).map((r) => ({
      userId: s[r].id,
      contractId: contractA,
    })),
  );
  coord = client(t, s.coordenador.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  splitId = types.find((x) => x.nome === 'Ar-condicionado split')!.id;
});
afterAll(async () => t.close());

/** A new asset and the public code its printed label carries. */
async function labelled(): Promise<{ asset: Asset; codigo: string }> {
  seq += 1;
  const res = await coord.post('/api/tatico/ativos', {
    contract_id: contractA,
    type_id: splitId,
    tag: `AC-${seq}`,
    predio: 'Bloco C',
    sala: `Sala ${seq}`,
    fabricante: 'Daikin',
  });
  expect(res.statusCode, res.body).toBe(201);
  const asset = res.json<{ asset: Asset }>().asset;
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/tatico/ativos/etiquetas?ids=${asset.id}`,
    headers: { cookie: s.coordenador.cookie },
  });
  return { asset, codigo: assetCodeFromScan(pdfQrCodes(pdf.rawPayload)[0]!)! };
}

type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string };

function form(parts: Part[]) {
  const boundary = `----eproto${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp =
      'file' in p
        ? `form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n\r\n`));
    chunks.push('file' in p ? p.file : Buffer.from(p.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const good = (extra: Part[] = []): Part[] => [
  { name: 'nome', value: 'Maria Souza' },
  { name: 'contato', value: '(11) 98765-4321' },
  { name: 'descricao', value: 'O ar-condicionado está pingando água no corredor 💧' },
  { name: 'site', value: '' },
  ...extra,
];

function report(codigo: string, parts: Part[], ip = '203.0.113.1') {
  const body = form(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/public/ativos/${codigo}/relatos`,
    payload: body.payload,
    headers: { ...spa, ...body.headers },
    remoteAddress: ip,
  });
}

async function written() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [a] = await db.select({ n: count() }).from(assetReports);
  return { requests: r!.n, reports: a!.n, photos: storedPhotos().length };
}

function storedPhotos(): string[] {
  const dir = path.join(t.config.dataDir, 'uploads', 'solicitacoes');
  if (!fs.existsSync(dir)) return [];
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [e.name]));
  return walk(dir);
}

describe('public "Relatar problema"', () => {
  it('opens a manutenção request of the contract with the photos, without a session, and the link follows it', async () => {
    const { asset, codigo } = await labelled();
    const view = await t.app.inject({ method: 'GET', url: `/api/public/ativos/${codigo}` });
    expect(view.json()).toMatchObject({ tag: asset.tag, relatos: true });
    const before = await written();
    const res = await report(
      codigo,
      good([
        { name: 'fotos', file: PNG_1X1, fileName: 'pingando.png' },
        { name: 'fotos', file: JPEG, fileName: 'corredor.jpg' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { protocolo, acompanhar } = res.json<{ protocolo: string; acompanhar: string }>();
    expect(protocolo).toMatch(/^\d{4}-\d{6}$/);
    expect(acompanhar).toMatch(/^\/ativo\/relato\/[A-Za-z0-9_-]{43}$/);
    expect(await written()).toEqual({
      requests: before.requests + 1,
      reports: before.reports + 1,
      photos: before.photos + 2,
    });

    // The office sees it in /solicitacoes, from whoever reported, with both photos.
    const list = await coord.get('/api/solicitacoes?tipo=manutencao');
    const item = list
      .json<{ items: Array<Record<string, unknown>> }>()
      .items.find((r) => String(r.descricao).startsWith(`[${asset.tag}]`));
    expect(item).toMatchObject({
      tipo: 'manutencao',
      status: 'aberta',
      contrato: { id: contractA },
      solicitante: { id: null, nome: 'Maria Souza · (11) 98765-4321' },
      anexos: 2,
      descricao: `[${asset.tag}] O ar-condicionado está pingando água no corredor 💧`,
    });
    const requestId = item!.id as number;
    expect(protocolo.endsWith(String(requestId).padStart(6, '0'))).toBe(true);
    const heard = await t.database.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.link, `/solicitacoes?id=${requestId}`));
    expect(heard.map((n) => n.userId).sort()).toEqual(
      [s.coordenador.id, s.gerente.id].sort((a, b) => a - b),
    );

    // The follow link, without a session: the state in plain words, nothing internal.
    const token = acompanhar.split('/').pop()!;
    const follow = () =>
      t.app.inject({ method: 'GET', url: `/api/public/ativos/relatos/${token}` });
    expect((await follow()).json()).toMatchObject({
      protocolo,
      tag: asset.tag,
      situacao: 'Recebido',
      concluido: false,
    });
    expect((await follow()).body).not.toMatch(/Maria|Daikin|Hospital|98765/);
    const moved = await client(t, s.gerente.cookie).post(`/api/solicitacoes/${requestId}/status`, {
      status: 'em_analise',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await follow()).json()).toMatchObject({ situacao: 'Em análise' });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/public/ativos/relatos/${'x'.repeat(43)}`,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe('Relato não encontrado: confira o link.');
  });

  it('refuses hostile input in Portuguese and writes nothing (10 MB of emoji, NUL, bad contact, robots, 4 photos, a PDF)', async () => {
    const { codigo } = await labelled();
    const before = await written();
    const cases: Array<[Part[], number, RegExp]> = [
      [
        [
          ...good().filter((p) => p.name !== 'descricao'),
          { name: 'descricao', value: '💧'.repeat(2_621_440) },
        ],
        413,
        /^Texto grande demais: a descrição aceita até 2\.000 caracteres\.$/,
      ],
      [
        [
          ...good().filter((p) => p.name !== 'descricao'),
          { name: 'descricao', value: '💧'.repeat(2001) },
        ],
        400,
        /máximo de 2000 caracteres/,
      ],
      [
        [...good().filter((p) => p.name !== 'nome'), { name: 'nome', value: 'Ma\u0000ria' }],
        400,
        /inválid/,
      ],
      [
        [...good().filter((p) => p.name !== 'contato'), { name: 'contato', value: '0x10' }],
        400,
        /^Informe um telefone com DDD ou um e-mail válido\.$/,
      ],
      [[...good().filter((p) => p.name !== 'contato')], 400, /^Informe um telefone ou e-mail\.$/],
      [
        [
          ...good().filter((p) => p.name !== 'site'),
          { name: 'site', value: 'http://spam.example' },
        ],
        400,
        /^Não foi possível enviar o relato\.$/,
      ],
      [
        good(
          Array.from({ length: 4 }, (_, i) => ({
            name: 'fotos',
            file: PNG_1X1,
            fileName: `f${i}.png`,
          })),
        ),
        413,
        /^No máximo 3 fotos por relato\.$/,
      ],
      [
        good([{ name: 'fotos', file: Buffer.from('%PDF-1.4\n%...'), fileName: 'x.jpg' }]),
        415,
        /^Envie somente fotos/,
      ],
      [good([{ name: 'anexo', file: PNG_1X1, fileName: 'a.png' }]), 400, /fotos/],
    ];
    for (const [i, [parts, status, msg]] of cases.entries()) {
      const res = await report(codigo, parts, `198.51.100.${i + 1}`);
      expect(res.statusCode, `${i}: ${res.body}`).toBe(status);
      expect(res.json().error, String(i)).toMatch(msg);
    }
    // A photo stored before the refusal (the 4th photo, the PDF after good fields) is gone too.
    expect(await written()).toEqual(before);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/public/ativos/${codigo}/relatos`,
      headers: spa,
      payload: { nome: 'Maria', contato: 'maria@example.com', descricao: 'Pingando água' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatch(/multipart/);
    for (const bad of ['AAAAAAAAAAAAAAA%00', '2147483648', 'A'.repeat(100)]) {
      const res = await report(bad, good(), '198.51.100.99');
      expect(res.statusCode, bad).toBe(400);
    }
    const gone = await report('AAAAAAAAAAAAAAAA', good(), '198.51.100.98');
    expect(gone.statusCode).toBe(404);
  });

  it('allows 5 reports an hour per address, then 429 with Retry-After', async () => {
    const { codigo } = await labelled();
    for (let i = 0; i < 5; i++) {
      expect((await report(codigo, good(), '192.0.2.7')).statusCode).toBe(201);
    }
    const sixth = await report(codigo, good(), '192.0.2.7');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Muitos relatos enviados desta conexão/);
    expect(sixth.headers['retry-after']).toBe('3600');
    expect((await report(codigo, good(), '192.0.2.8')).statusCode).toBe(201);
  });

  it('is switched per contract by gestão; switched off the page says so and the form is 403', async () => {
    const { codigo } = await labelled();
    const url = `/api/tatico/ativos/relatos/contratos/${contractA}`;
    expect((await coord.get(url)).json()).toEqual({ contract_id: contractA, ativo: true });
    expect((await client(t, s.equipe.cookie).put(url, { ativo: false })).statusCode).toBe(403);
    const off = await coord.put(url, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ contract_id: contractA, ativo: false });
    const view = await t.app.inject({ method: 'GET', url: `/api/public/ativos/${codigo}` });
    expect(view.json()).toMatchObject({ relatos: false });
    const before = await written();
    const res = await report(
      codigo,
      good([{ name: 'fotos', file: PNG_1X1, fileName: 'a.png' }]),
      '192.0.2.20',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(
      'Este local não recebe relatos pela etiqueta. Fale com a administração do prédio.',
    );
    expect(await written()).toEqual(before);
    expect((await coord.put(url, { ativo: true })).json()).toMatchObject({ ativo: true });
    expect(
      (await coord.put('/api/tatico/ativos/relatos/contratos/999999', { ativo: true })).statusCode,
    ).toBe(404);
    expect((await coord.put(url, { ativo: 'sim' })).statusCode).toBe(400);
  });
});
