import type { OsDetail, OsListResponse } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { xlsxTable } from '../../../test/xlsx-cells.ts';
import { client } from '../tatico/test-kit.ts';
import { createOs, osWorld, type OsWorld } from './os-test-kit.ts';

// Issue 30 point 8: the OS list and its export show hours worked, materials and their cost,
// computed from the real steps (check-in, pauses, a helper) and materials of the OS.

let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
const SITE = { latitude: -23.5, longitude: -46.6, precisao_m: 8 };
const MIN = 60_000;
/** The phone's time of a step `min` minutes ago. */
const ago = (min: number) => new Date(Date.now() - min * MIN).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
  gerente = client(t, w.s.gerente.cookie);
});
afterAll(async () => t.close());

async function item(body: Record<string, unknown>) {
  const res = await w.coord.post('/api/tatico/inventario/itens', {
    codigo: `IT-${Math.random().toString(36).slice(2, 8)}`,
    categoria: 'Materiais',
    localizacao: 'Almoxarifado',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: { id: number; custo_unitario: number | null } }>().item;
}

async function ok(sent: ReturnType<typeof tech.post>) {
  const res = await sent;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<OsDetail>();
}

/** The fields of a CSV line (";" separated, quoted when needed). */
const cells = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)]
    .map((m) => m[1]!)
    .slice(0, -1)
    .map((f) => (f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f));

const listRow = async (c: typeof tech, id: number) => {
  const res = await c.get(`/api/tatico/os?contract_id=${w.contractA}&perPage=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OsListResponse>().items.find((o) => o.id === id)!;
};

/**
 * An OS worked 2 h 30 min in all: the technician 60 min, a pause of 30 min, 45 min more (the
 * helper, added during the pause, works those 45 min too), then paused again. Materials: 3 un
 * of a R$ 1.234,50 consumable, 2 un of one without cost, a tool, and one line returned.
 */
async function workedOs() {
  const os = await createOs(t, w);
  // The OS was planned five hours ago: the technician's period on the team starts then.
  await t.database.db.execute(
    sql`update service_order_people set entrou_em = now() - interval '5 hours' where service_order_id = ${os.id}`,
  );
  const step = (acao: string, min: number, extra: Record<string, unknown> = {}) =>
    ok(tech.post(`/api/tatico/os/${os.id}/etapas`, { acao, device_time: ago(min), ...extra }));
  await step('a_caminho', 200);
  await step('check_in', 180, SITE);
  const priced = await item({
    natureza: 'consumivel',
    nome: 'Filtro G4',
    unidade: 'un',
    quantidade_inicial: 20,
    custo_unitario: 1234.5,
  });
  const unpriced = await item({
    natureza: 'consumivel',
    nome: 'Fita isolante',
    unidade: 'rolo',
    quantidade_inicial: 10,
  });
  const tool = await item({ natureza: 'patrimonio', nome: 'Escada 6 degraus', estado: 'bom' });
  const use = (itemId: number, quantidade: number, min: number) =>
    ok(
      tech.post(`/api/tatico/os/${os.id}/materiais`, {
        item_id: itemId,
        quantidade,
        device_time: ago(min),
      }),
    );
  await use(priced.id, 3, 170);
  await use(unpriced.id, 2, 165);
  await use(tool.id, 1, 160);
  const extra = await use(priced.id, 1, 150);
  const back = extra.materiais.at(-1)!;
  await ok(tech.delete(`/api/tatico/os/${os.id}/materiais/${back.id}`));
  await step('pausar', 120, { motivo: 'Almoço' });
  await ok(
    tech.post(`/api/tatico/os/${os.id}/equipe`, {
      user_id: w.s.coordenador.id,
      device_time: ago(100),
    }),
  );
  await step('retomar', 90);
  await step('pausar', 45);
  return { os, priced, unpriced };
}

describe('hours, materials and cost of an OS', () => {
  let worked: Awaited<ReturnType<typeof workedOs>>;
  beforeAll(async () => {
    worked = await workedOs();
  });

  it('the list shows the minutes worked by the whole team, the materials and their cost', async () => {
    const row = await listRow(w.coord, worked.os.id);
    expect(row.minutos_trabalhados).toBe(150);
    expect(row.materiais_usados).toBe(3);
    expect(row.custo).toEqual({ materiais: 3703.5, sem_custo: 1 });
  });

  it('the OS page gives each person their minutes, the same rule as the list', async () => {
    const d = await ok(w.coord.get(`/api/tatico/os/${worked.os.id}`));
    const of = (id: number) => d.equipe.find((e) => e.pessoa.id === id)!.minutos;
    expect(of(w.s.equipe.id)).toBe(105);
    expect(of(w.s.coordenador.id)).toBe(45);
    expect(d.minutos_trabalhados).toBe(150);
    expect(d.custo).toEqual({ materiais: 3703.5, sem_custo: 1 });
    expect(d.materiais.map((m) => m.custo_unitario)).toEqual([1234.5, null, null]);
  });

  it('a later price change does not rewrite the OS; materials used after it take the new price', async () => {
    const patch = await w.coord.patch(`/api/tatico/inventario/itens/${worked.priced.id}`, {
      custo_unitario: 2000,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await listRow(w.coord, worked.os.id)).custo).toEqual({
      materiais: 3703.5,
      sem_custo: 1,
    });
    await ok(
      tech.post(`/api/tatico/os/${worked.os.id}/materiais`, {
        item_id: worked.priced.id,
        quantidade: 1,
      }),
    );
    expect((await listRow(w.coord, worked.os.id)).custo).toEqual({
      materiais: 5703.5,
      sem_custo: 1,
    });
  });

  it('equipe sees hours and materials, never costs (list, OS page, export)', async () => {
    const row = await listRow(tech, worked.os.id);
    expect(row.minutos_trabalhados).toBe(150);
    expect(row.materiais_usados).toBeGreaterThanOrEqual(3);
    expect(row.custo).toBeNull();
    const d = await ok(tech.get(`/api/tatico/os/${worked.os.id}`));
    expect(d.custo).toBeNull();
    expect(d.materiais.every((m) => m.custo_unitario === null)).toBe(true);
    const csv = await tech.get(`/api/tatico/os/exportar?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Horas trabalhadas');
    expect(csv.body).not.toContain('Custo');
    expect(csv.body).not.toContain('5703');
    const xlsx = xlsxTable((await tech.get(`/api/tatico/os/exportar?format=xlsx`)).rawPayload).find(
      (r) => r.OS?.text === worked.os.codigo,
    )!;
    expect(xlsx['Horas trabalhadas']).toEqual({ text: '2.5', number: true });
    expect(Object.keys(xlsx).some((h) => h.includes('Custo'))).toBe(false);
  });

  it('gestores see the cost in the XLSX and CSV exports, hours as decimal numbers', async () => {
    const url = `/api/tatico/os/exportar?contract_id=${w.contractA}`;
    const xlsx = await gerente.get(`${url}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const row = xlsxTable(xlsx.rawPayload).find((r) => r.OS?.text === worked.os.codigo)!;
    expect(row['Horas trabalhadas']).toEqual({ text: '2.5', number: true });
    expect(row['Custo dos materiais (R$)']).toEqual({ text: '5703.5', number: true });
    expect(row['Materiais sem custo']).toEqual({ text: '1', number: true });
    expect(row.Materiais?.text).toBe(
      '3 un de Filtro G4; 2 rolos de Fita isolante; 1 un de Escada 6 degraus; 1 un de Filtro G4',
    );
    const csv = await gerente.get(`${url}&format=csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const header = cells(lines[0]!);
    const line = cells(lines.find((l) => l.startsWith(worked.os.codigo))!);
    const col = (h: string) => line[header.indexOf(h)];
    expect(col('Horas trabalhadas')).toBe('2,5');
    expect(col('Custo dos materiais (R$)')).toBe('5703,50');
    expect(col('Materiais sem custo')).toBe('1');
    expect(col('Materiais')).toBe(row.Materiais?.text);
  });

  it('an OS under way counts up to now; one never started counts nothing', async () => {
    const fresh = await createOs(t, w);
    let row = await listRow(w.coord, fresh.id);
    expect(row).toMatchObject({ minutos_trabalhados: 0, materiais_usados: 0 });
    expect(row.custo).toEqual({ materiais: 0, sem_custo: 0 });
    await t.database.db.execute(
      sql`update service_order_people set entrou_em = now() - interval '1 hour' where service_order_id = ${fresh.id}`,
    );
    await ok(
      tech.post(`/api/tatico/os/${fresh.id}/etapas`, { acao: 'a_caminho', device_time: ago(40) }),
    );
    await ok(
      tech.post(`/api/tatico/os/${fresh.id}/etapas`, {
        acao: 'check_in',
        device_time: ago(30),
        ...SITE,
      }),
    );
    row = await listRow(w.coord, fresh.id);
    expect(row.minutos_trabalhados).toBeGreaterThanOrEqual(30);
    expect(row.minutos_trabalhados).toBeLessThanOrEqual(31);
  });
});

describe('unit cost of inventory items', () => {
  it('a consumable keeps its unit cost; the list and the export show it', async () => {
    const created = await item({
      natureza: 'consumivel',
      nome: 'Gás R-410A',
      unidade: 'kg',
      custo_unitario: 1234.5,
    });
    expect(created.custo_unitario).toBe(1234.5);
    const list = await w.coord.get('/api/tatico/inventario/itens');
    const mine = list
      .json<{ items: { id: number; custo_unitario: number | null }[] }>()
      .items.find((i) => i.id === created.id);
    expect(mine?.custo_unitario).toBe(1234.5);
    const cleared = await w.coord.patch(`/api/tatico/inventario/itens/${created.id}`, {
      custo_unitario: null,
    });
    expect(cleared.json<{ item: { custo_unitario: number | null } }>().item.custo_unitario).toBe(
      null,
    );
    const csv = await w.coord.get('/api/tatico/inventario/itens/export?format=csv');
    expect(csv.body.split('\r\n')[0]).toContain('Custo unitário (R$)');
  });

  it('hostile or wrong values are 400 and store nothing', async () => {
    const target = await item({
      natureza: 'consumivel',
      nome: 'Parafuso',
      unidade: 'un',
      custo_unitario: 10,
    });
    const bad: [unknown, RegExp][] = [
      [2 ** 31, /grande demais/],
      [1_000_000.01, /grande demais/],
      [-1, /negativo/],
      [12.345, /2 casas decimais/],
      ['0x10', /inválido/i],
      ['1.234,50', /inválido/i],
      ['\u0000', /inválido/i],
      ['1e400', /inválido/i],
    ];
    for (const [value, message] of bad) {
      const res = await w.coord.patch(`/api/tatico/inventario/itens/${target.id}`, {
        custo_unitario: value,
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json<{ error: string }>().error, String(value)).toMatch(message);
      const create = await w.coord.post('/api/tatico/inventario/itens', {
        natureza: 'consumivel',
        codigo: `HX-${Math.random().toString(36).slice(2, 8)}`,
        nome: 'Hostil',
        categoria: 'X',
        localizacao: 'Y',
        unidade: 'un',
        custo_unitario: value,
      });
      expect(create.statusCode, String(value)).toBe(400);
    }
    const still = await w.coord.get(`/api/tatico/inventario/itens/${target.id}`);
    expect(still.json<{ item: { custo_unitario: number } }>().item.custo_unitario).toBe(10);
  });

  it('a tool has no unit cost', async () => {
    const tool = await item({ natureza: 'patrimonio', nome: 'Furadeira', estado: 'novo' });
    const res = await w.coord.patch(`/api/tatico/inventario/itens/${tool.id}`, {
      custo_unitario: 500,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string; field: string }>()).toMatchObject({
      field: 'custo_unitario',
      error: 'Itens de patrimônio não têm custo unitário: só consumíveis são gastos nas OSs.',
    });
  });
});
