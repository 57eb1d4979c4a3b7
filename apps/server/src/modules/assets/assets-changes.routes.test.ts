import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RT_EVENTS, type Asset, type AssetListChanges } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetTypes, contracts, userContracts } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { localStorage } from '../../lib/storage.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { multipart } from '../chat/chat-test-kit.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 37: every asset write publishes 'assets.changed' with the asset's new updated_at and
// its contract, and GET /tatico/ativos/changes answers a page's ids and only the assets changed
// since, with the list's filters and the caller's contracts, so an open list patches itself.

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let root: string;
let coord: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let typeId: number;
let seq = 0;
const base = '/api/tatico/ativos';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-changes-'));
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
  contractA = a!.id;
  contractB = b!.id;
  // coordenador and equipe see contract A; gerente sees contract B only (the outsider of A).
  await db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId: contractA },
    { userId: s.equipe.id, contractId: contractA },
    { userId: s.gerente.id, contractId: contractB },
  ]);
  const [tipo] = await db.select().from(assetTypes).limit(1);
  typeId = tipo!.id;
  coord = client(t, s.coordenador.cookie);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function dadosOf() {
  const [tipo] = await t.database.db.select().from(assetTypes).limit(1);
  return tipo!.categoria === 'climatizacao'
    ? { capacidade: 12000, unidade_capacidade: 'BTU/h' }
    : {};
}

/** The 'assets.changed' events a write publishes, and its answer. */
async function write<T>(run: () => Promise<{ statusCode: number; body: string; json: () => T }>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => {
    if (e.type === RT_EVENTS.assetsChanged) seen.push(e);
  });
  const res = await run();
  stop();
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { events: seen, body: res.body ? res.json() : (undefined as T) };
}

async function newAsset(tag: string, c = coord, contractId = contractA) {
  seq += 1;
  const dados = await dadosOf();
  const { events, body } = await write<{ asset: Asset }>(() =>
    c.post(base, { contract_id: contractId, type_id: typeId, tag: `${tag}-${seq}`, dados }),
  );
  return { asset: body.asset, events };
}

const versionOf = async (id: number) =>
  (await coord.get(`${base}/${id}`)).json<{ asset: Asset }>().asset.updated_at;

describe("asset writers publish 'assets.changed' with the asset's version", () => {
  it('creation, edit, a file and an hour meter reading, after their commit', async () => {
    const made = await newAsset('CHG');
    const { id } = made.asset;
    expect(made.events).toEqual([
      expect.objectContaining({
        id,
        version: made.asset.updated_at,
        data: { id, contract_id: contractA, created: true },
      }),
    ]);
    const upload = () => {
      const body = multipart('manual.pdf', PDF);
      return t.app.inject({
        method: 'POST',
        url: `${base}/${id}/arquivos`,
        payload: body.payload,
        headers: { ...spa, ...body.headers, cookie: s.coordenador.cookie },
      });
    };
    const steps: Array<[string, () => ReturnType<typeof coord.post>, string | undefined]> = [
      ['edit', () => coord.patch(`${base}/${id}`, { sala: 'Sala 12' }), undefined],
      ['file', upload, 'files'],
      [
        'meter',
        () => coord.post(`${base}/${id}/horimetro`, { horas: 120, data: '2026-03-01' }),
        'meter',
      ],
    ];
    let last = made.asset.updated_at;
    for (const [name, run, part] of steps) {
      const { events } = await write(run);
      const now = await versionOf(id);
      expect(events, name).toEqual([
        expect.objectContaining({
          id,
          version: now,
          data: { id, contract_id: contractA, ...(part && { part }) },
        }),
      ]);
      expect(Date.parse(now), name).toBeGreaterThan(Date.parse(last));
      last = now;
    }
  });

  it('a type of asset changed: no version, the lists read again', async () => {
    const { events } = await write(() =>
      coord.post(`${base}/tipos`, { nome: `Tipo ${Date.now()}`, categoria: 'geral', campos: [] }),
    );
    expect(events).toEqual([expect.objectContaining({ data: { part: 'types' } })]);
    expect(events[0]!.version).toBeUndefined();
  });
});

describe('GET /tatico/ativos/changes', () => {
  it("answers the page's ids, only the assets changed since and the total", async () => {
    const a = (await newAsset('PAG')).asset;
    const b = (await newAsset('PAG')).asset;
    const { events } = await write(() => coord.patch(`${base}/${b.id}`, { predio: 'Bloco Z' }));
    const version = events[0]!.version!;
    const query = `contract_id=${contractA}&q=PAG&page=1&perPage=25`;
    const res = await coord.get(`${base}/changes?${query}&${cursorParam(version)}`);
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json<AssetListChanges>();
    const whole = (await coord.get(`${base}?${query}`)).json<{
      items: (Asset & { atrasadas: number })[];
      total: number;
    }>();
    expect(changes.ids).toEqual(whole.items.map((x) => x.id));
    expect(changes.ids).toEqual([a.id, b.id]);
    expect(changes.items).toEqual([whole.items[1]]);
    expect(changes.items[0]).toMatchObject({ predio: 'Bloco Z', updated_at: version });
    expect(changes.total).toBe(whole.total);
    console.info(`assets delta ${res.body.length} B, page ${JSON.stringify(whole).length} B`);
  });

  it('a page of 25 with one asset edited: the answer is that asset and the ids', async () => {
    for (let i = 0; i < 25; i += 1) await newAsset('VINTE');
    const query = `contract_id=${contractA}&q=VINTE&page=1&perPage=25`;
    const page = await coord.get(`${base}?${query}`);
    const [first] = page.json<{ items: Asset[] }>().items;
    const { events } = await write(() => coord.patch(`${base}/${first!.id}`, { sala: 'Sala 3' }));
    const delta = await coord.get(`${base}/changes?${query}&${cursorParam(events[0]!.version!)}`);
    const changes = delta.json<AssetListChanges>();
    expect(changes.items.map((a) => a.id)).toEqual([first!.id]);
    expect(changes.ids).toHaveLength(25);
    // Bytes of body (no gzip): the delta against the page read whole, as each tab did.
    expect(delta.body.length * 5).toBeLessThan(page.body.length);
    console.info(`assets page of 25: delta ${delta.body.length} B, page ${page.body.length} B`);
  });

  it('an outsider of the contract sees nothing of it, not even its ids', async () => {
    const made = await newAsset('SCOPE');
    const a = made.asset;
    // The event goes to who sees contract A only: its people and the roles that see all.
    const to = made.events[0]!.userIds!;
    expect(to).toEqual(expect.arrayContaining([s.coordenador.id, s.equipe.id, s.diretoria.id]));
    expect(to).not.toContain(s.gerente.id);
    const since = cursorParam(new Date(Date.parse(a.updated_at) - 60_000).toISOString());
    const outsider = client(t, s.gerente.cookie);
    const theirs = (
      await outsider.get(`${base}/changes?q=SCOPE&${since}`)
    ).json<AssetListChanges>();
    expect(theirs).toMatchObject({ ids: [], items: [], total: 0 });
    // Naming the contract does not open it.
    const named = await outsider.get(`${base}/changes?contract_id=${contractA}&${since}`);
    expect(named.json<AssetListChanges>()).toMatchObject({ ids: [], items: [], total: 0 });
    // Their own contract's asset, yes.
    const d = client(t, s.diretoria.cookie);
    const b = (await newAsset('SCOPE', d, contractB)).asset;
    const own = (await outsider.get(`${base}/changes?q=SCOPE&${since}`)).json<AssetListChanges>();
    expect(own.ids).toEqual([b.id]);
    // A role outside the agenda screen: 403; no session: 401.
    expect((await client(t, s.financeiro.cookie).get(`${base}/changes?${since}`)).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/changes?${since}` })).statusCode,
    ).toBe(401);
  });

  it('requires updated_since', async () => {
    expect((await coord.get(`${base}/changes`)).statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await coord.get(`${base}/changes?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it.each([
    'contract_id=2147483648',
    'type_id=0x10',
    'page=%00',
    'perPage=1001',
    'status=0x10',
    'atrasadas=2147483648',
    'contract_id=%00',
  ])('refuses %s with 400', async (param) => {
    const since = cursorParam(new Date().toISOString());
    expect((await coord.get(`${base}/changes?${param}&${since}`)).statusCode).toBe(400);
  });
});
