import { ROLES, rolesFor } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, serviceOrderCounters, serviceOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';
import { at, createOs, FULL_TEMPLATE, osBody, osWorld, type OsWorld } from './os-test-kit.ts';

let t: TestApp;
let w: OsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
});
afterAll(async () => t.close());

describe('service types with versioned checklists', () => {
  it('creates a type with every item type, keeping only the fields of each type', async () => {
    const res = await w.coord.get(`/api/tatico/os/tipos/${w.tipo.id}`);
    expect(res.statusCode).toBe(200);
    const tipo = res.json<{ versao: number; itens: Record<string, unknown>[] }>();
    expect(tipo.versao).toBe(1);
    expect(tipo.itens.map((i) => i.tipo)).toEqual(FULL_TEMPLATE.itens.map((i) => i.tipo));
    expect(tipo.itens[1]).toMatchObject({ unidade: '°C', minimo: 5, maximo: 30 });
    expect(tipo.itens[0]).toMatchObject({ unidade: null, minimo: null, opcoes: [] });
    expect(tipo.itens[6]).toMatchObject({ fotos_minimas: 1 });
  });

  it('editing the items makes a new version; an OS keeps the version it started with', async () => {
    const base = await w.coord.post('/api/tatico/os/tipos', {
      nome: 'Limpeza de caixa d’água',
      itens: [{ titulo: 'Caixa esvaziada', tipo: 'sim_nao', obrigatorio: true }],
    });
    const id = base.json<{ id: number }>().id;
    const os = await createOs(t, w, { service_type_id: id });
    const renamed = await w.coord.put(`/api/tatico/os/tipos/${id}`, {
      nome: 'Limpeza de caixa d’água (semestral)',
      itens: [{ titulo: 'Caixa esvaziada', tipo: 'sim_nao', obrigatorio: true }],
    });
    expect(renamed.json<{ versao: number }>().versao).toBe(1);
    const edited = await w.coord.put(`/api/tatico/os/tipos/${id}`, {
      nome: 'Limpeza de caixa d’água (semestral)',
      itens: [
        { titulo: 'Caixa esvaziada', tipo: 'sim_nao', obrigatorio: true },
        { titulo: 'Cloro residual', tipo: 'numero', unidade: 'mg/L', minimo: 0, maximo: 5 },
      ],
    });
    expect(edited.json<{ versao: number; itens: unknown[] }>()).toMatchObject({ versao: 2 });
    const detail = (await w.coord.get(`/api/tatico/os/${os.id}`)).json<{
      modelo: { versao: number };
      checklist: unknown[];
    }>();
    expect(detail.modelo.versao).toBe(1);
    expect(detail.checklist).toHaveLength(1);
    const newer = await createOs(t, w, { service_type_id: id });
    const d2 = (await w.coord.get(`/api/tatico/os/${newer.id}`)).json<{ checklist: unknown[] }>();
    expect(d2.checklist).toHaveLength(2);
  });

  it('refuses bad templates in Portuguese', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ nome: 'X', itens: [] }, /nome|pelo menos um item/i],
      [
        { nome: 'Tipo ruim', itens: [{ titulo: 'Faixa', tipo: 'numero', minimo: 10, maximo: 1 }] },
        /mínimo deve ser menor/,
      ],
      [
        { nome: 'Tipo ruim', itens: [{ titulo: 'Escolha', tipo: 'escolha_unica', opcoes: ['A'] }] },
        /pelo menos 2 opções/,
      ],
      [{ nome: 'Tipo ruim', itens: [{ titulo: 'Foto', tipo: 'video' }] }, /Tipo de item inválido/],
    ];
    for (const [body, msg] of cases) {
      const res = await w.coord.post('/api/tatico/os/tipos', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(msg);
    }
    const dup = await w.coord.post('/api/tatico/os/tipos', FULL_TEMPLATE);
    expect(dup.statusCode).toBe(409);
  });

  it('only coordenador, gerente and diretoria edit templates; equipe reads them', async () => {
    const eq = client(t, w.s.equipe.cookie);
    expect((await eq.get('/api/tatico/os/tipos')).statusCode).toBe(200);
    expect((await eq.post('/api/tatico/os/tipos', FULL_TEMPLATE)).statusCode).toBe(403);
  });
});

describe('OS numbering and creation', () => {
  it('numbers OS-YYYY-NNNNNN without gaps under 10 parallel creates', async () => {
    const before = await t.database.db.select().from(serviceOrderCounters);
    const start = before[0]?.ultimo ?? 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => w.coord.post('/api/tatico/os', osBody(w))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const numbers = results
      .map((r) => Number(r.json<{ codigo: string }>().codigo.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => start + 1 + i));
    const year = new Date().getFullYear();
    expect(results[0]!.json<{ codigo: string }>().codigo).toMatch(
      new RegExp(`^OS-${year}-\\d{6}$`),
    );
  });

  it('a refused create does not use a number', async () => {
    const [c0] = await t.database.db.select().from(serviceOrderCounters);
    const bad = await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [999_999] }));
    expect(bad.statusCode).toBe(400);
    const [c1] = await t.database.db.select().from(serviceOrderCounters);
    expect(c1?.ultimo).toBe(c0?.ultimo);
  });

  it('notifies the team that the OS was assigned, with a link to it', async () => {
    const os = await createOs(t, w);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.s.equipe.id));
    const mine = rows.find((n) => n.link === `/tatico/agenda/os/${os.id}`);
    expect(mine?.type).toBe('os_assigned');
    expect(mine?.customText).toContain(os.codigo);
  });

  it('creates from an agenda entry in one call, and the entry shows its OS', async () => {
    const entry = await w.coord.post('/api/tatico/agenda', {
      inicio: at(13, 2),
      fim: at(17, 2),
      local: 'Hospital Central',
      latitude: -23.55,
      longitude: -46.63,
      contract_id: w.contractA,
      pessoas: [w.s.equipe.id],
      descricao: 'Preventiva mensal',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const entryId = entry.json<{ id: number }>().id;
    const res = await w.coord.post('/api/tatico/os/da-agenda', {
      agenda_entry_id: entryId,
      service_type_id: w.tipo.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const os = res.json<{
      id: number;
      codigo: string;
      local: string;
      pessoas: { id: number }[];
      agenda_entry_id: number;
      latitude: number;
    }>();
    expect(os).toMatchObject({
      local: 'Hospital Central',
      agenda_entry_id: entryId,
      latitude: -23.55,
    });
    expect(os.pessoas.map((p) => p.id)).toEqual([w.s.equipe.id]);
    const shown = (await w.coord.get(`/api/tatico/agenda/${entryId}`)).json<{ os: unknown }>();
    expect(shown.os).toEqual({ id: os.id, codigo: os.codigo, status: 'aberta' });
    const again = await w.coord.post('/api/tatico/os/da-agenda', {
      agenda_entry_id: entryId,
      service_type_id: w.tipo.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain(os.codigo);
  });

  it('refuses a contract out of the gestor’s scope and bad bodies', async () => {
    const out = await w.coord.post('/api/tatico/os', osBody(w, { contract_id: w.contractB }));
    expect(out.statusCode).toBe(400);
    expect(out.json<{ error: string }>().error).toBe('Contrato não encontrado.');
    const order = await w.coord.post('/api/tatico/os', osBody(w, { previsto_fim: at(7, 1) }));
    expect(order.statusCode).toBe(400);
    expect(order.json<{ error: string }>().error).toMatch(/fim previsto/);
  });
});

describe('OS access', () => {
  it('equipe sees only OSs they are on; out of scope is 404', async () => {
    const mine = await createOs(t, w);
    const other = await createOs(t, w, { pessoas: [w.s.coordenador.id] });
    const eq = client(t, w.s.equipe.cookie);
    expect((await eq.get(`/api/tatico/os/${mine.id}`)).statusCode).toBe(200);
    expect((await eq.get(`/api/tatico/os/${other.id}`)).statusCode).toBe(404);
    const list = (await eq.get('/api/tatico/os?perPage=200')).json<{ items: { id: number }[] }>();
    expect(list.items.some((i) => i.id === mine.id)).toBe(true);
    expect(list.items.some((i) => i.id === other.id)).toBe(false);
    // Gerente of contract A sees both; diretoria sees all; a coordinator elsewhere sees none.
    const dir = client(t, w.s.diretoria.cookie);
    expect((await dir.get(`/api/tatico/os/${other.id}`)).statusCode).toBe(200);
  });

  it('permission table: screen roles read, others 403', async () => {
    const screen = rolesFor('/tatico/agenda');
    for (const role of ROLES) {
      const c = client(t, w.s[role].cookie);
      expect((await c.get('/api/tatico/os')).statusCode, role).toBe(
        screen.includes(role) ? 200 : 403,
      );
      expect((await c.get('/api/tatico/os/tipos')).statusCode, role).toBe(
        screen.includes(role) ? 200 : 403,
      );
    }
  });

  it('equipe cannot create an OS', async () => {
    const res = await client(t, w.s.equipe.cookie).post('/api/tatico/os', osBody(w));
    expect(res.statusCode).toBe(403);
  });
});

describe('list', () => {
  it('filters by status, contract, technician, type, period and late, with counts', async () => {
    const late = await createOs(t, w, { previsto_inicio: at(6, -3), previsto_fim: at(7, -3) });
    const res = await w.coord.get(
      `/api/tatico/os?atrasadas=true&pessoa_id=${w.s.equipe.id}&service_type_id=${w.tipo.id}&contract_id=${w.contractA}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      items: { id: number; atrasada: boolean }[];
      contagem: Record<string, number>;
      atrasadas: number;
    }>();
    expect(body.items.map((i) => i.id)).toContain(late.id);
    expect(body.items.every((i) => i.atrasada)).toBe(true);
    expect(body.contagem.aberta).toBeGreaterThan(0);
    expect(body.atrasadas).toBeGreaterThan(0);
    const period = (
      await w.coord.get(
        `/api/tatico/os?de=${late.codigo ? at(0, -3).slice(0, 10) : ''}&ate=${at(0, -3).slice(0, 10)}`,
      )
    ).json<{ items: { id: number }[] }>();
    expect(period.items.map((i) => i.id)).toContain(late.id);
  });
});

describe('public verification', () => {
  it('answers by the random code without a session or personal data; the OS number is 400', async () => {
    const os = await createOs(t, w);
    const [row] = await t.database.db
      .select({ code: serviceOrders.verificacaoCodigo })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, os.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/public/os/verificar/${row!.code}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resultado: 'nao_selado', autentico: false });
    expect(res.body).not.toContain('Shopping');
    const byNumber = await t.app.inject({
      method: 'GET',
      url: `/api/public/os/verificar/${os.codigo}`,
    });
    expect(byNumber.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/public/os/verificar/0b6f1c9e-2d3a-4f5b-8c7d-9e0f1a2b3c4d',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/public/os/verificar/xyz' });
    expect(bad.statusCode).toBe(400);
  });
});
