import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_AREAS, type SearchArea, type SearchResponse } from '@eproto/domain';
import { inventoryItems, murals, requests, vehicles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { searchStatement } from './search.repo.ts';

let t: TestApp;
let diretor: Person;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let muralA: { id: number };
let muralB: { id: number };
let requestB: { id: number };

async function search(p: Person, q: string, limit?: number) {
  const qs = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const res = await p.call('GET', `/api/search?${qs.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const titles = (r: SearchResponse, area: SearchArea) =>
  r.groups.find((g) => g.area === area)?.items.map((i) => i.title) ?? [];

beforeAll(async () => {
  t = await createTestApp();
  diretor = await person(t, 'Diretor de Operações', 'Helena Duarte');
  gerente = await person(t, 'Gerente', 'Otávio Lima');
  equipe = await person(t, 'Equipe de Campo', 'Joana Prado');
  outsider = await person(t, 'Equipe de Campo', 'Carlos Souza');

  const contractA = await makeContract(t, { nome: 'Hospital São Lucas' });
  const contractB = await makeContract(t, { nome: 'Shopping Aurora' });
  await linkContract(t, contractA.id, gerente.user.id, equipe.user.id);
  await linkContract(t, contractB.id, outsider.user.id);
  const boardA = await makeBoard(t, { contractId: contractA.id, nome: 'Quadro Hospital' });
  const boardB = await makeBoard(t, { contractId: contractB.id, nome: 'Quadro Shopping' });
  muralA = await makeMural(t, {
    boardId: boardA.id,
    contractId: contractA.id,
    titulo: 'Manutenção preventiva do gerador',
  });
  muralB = await makeMural(t, {
    boardId: boardB.id,
    contractId: contractB.id,
    titulo: 'Manutenção sigilosa da cobertura',
  });
  await makeTask(t, { muralId: muralA.id, titulo: 'Troca de óleo do gerador' });
  await makeTask(t, { muralId: muralB.id, titulo: 'Troca de óleo da cobertura' });

  await t.database.db.insert(vehicles).values([
    { placa: 'ABC1D23', modelo: 'Hilux', marca: 'Toyota', ano: 2022 },
    { placa: 'XYZ1234', modelo: 'Strada', marca: 'Fiat', ano: 2019 },
  ]);
  await t.database.db.insert(inventoryItems).values({
    natureza: 'patrimonio',
    codigo: 'FER-0042',
    nome: 'Furadeira de impacto',
    categoria: 'Ferramentas',
    localizacao: 'Almoxarifado',
    quantidade: 1,
  });
  await t.database.db.insert(requests).values({
    tipo: 'material',
    descricao: 'Luvas de proteção para a equipe do hospital',
    urgencia: 'media',
    contractId: contractA.id,
    requesterId: equipe.user.id,
  });
  const [insertedB] = await t.database.db
    .insert(requests)
    .values({
      tipo: 'material',
      descricao: 'Luvas de proteção para o shopping',
      urgencia: 'media',
      contractId: contractB.id,
      requesterId: outsider.user.id,
    })
    .returning({ id: requests.id });
  requestB = insertedB!;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/search', () => {
  it('ignores accents and case: "manutencao" finds "Manutenção"', async () => {
    for (const q of ['manutencao', 'MANUTENÇÃO', 'Manutençao preventiva']) {
      const r = await search(diretor, q);
      expect(titles(r, 'demandas'), q).toContain(`#${muralA.id} Manutenção preventiva do gerador`);
    }
    const r = await search(diretor, 'manutencao');
    expect(r.groups[0]).toMatchObject({ area: 'demandas', label: 'Demandas' });
    expect(r.groups[0]!.items.find((i) => i.id === muralA.id)?.link).toBe(
      `/eproto/murals/${muralA.id}`,
    );
    expect(titles(await search(diretor, 'oleo gerador'), 'tarefas')).toEqual([
      'Troca de óleo do gerador',
    ]);
  });

  it('finds a demand by its number', async () => {
    for (const q of [`#${muralA.id}`, String(muralA.id)]) {
      expect(titles(await search(diretor, q), 'demandas')[0]).toBe(
        `#${muralA.id} Manutenção preventiva do gerador`,
      );
    }
  });

  it('equipe never finds what they cannot open', async () => {
    const r = await search(equipe, 'manutencao');
    expect(titles(r, 'demandas')).toEqual([`#${muralA.id} Manutenção preventiva do gerador`]);
    expect(titles(await search(equipe, 'troca de oleo'), 'tarefas')).toEqual([
      'Troca de óleo do gerador',
    ]);
    expect(titles(await search(equipe, `#${muralB.id}`), 'demandas')).toEqual([]);
    expect(titles(await search(equipe, 'sigilosa'), 'tarefas')).toEqual([]);
    // Areas whose screens equipe cannot open answer no group at all.
    for (const q of ['hospital', 'abc1d23', 'furadeira', 'luvas']) {
      const areas = (await search(equipe, q)).groups.map((g) => g.area);
      expect(areas, q).not.toContain('contratos');
      expect(areas, q).not.toContain('veiculos');
      expect(areas, q).not.toContain('inventario');
      expect(areas, q).not.toContain('solicitacoes');
    }
    // People: only whom the chat lets them talk to (a manager, a contract mate).
    expect(titles(await search(equipe, 'carlos souza'), 'pessoas')).toEqual([]);
    expect(titles(await search(equipe, 'otavio'), 'pessoas')).toEqual(['Otávio Lima']);
    const mate = (await search(equipe, 'joana')).groups.find((g) => g.area === 'pessoas');
    expect(mate).toBeUndefined(); // themselves
    const other = await search(outsider, 'manutencao');
    expect(titles(other, 'demandas')).toEqual([`#${muralB.id} Manutenção sigilosa da cobertura`]);
  });

  it('gerente sees requests of their contracts only', async () => {
    const r = await search(gerente, 'luvas protecao');
    const found = r.groups.find((g) => g.area === 'solicitacoes')!.items;
    expect(found.map((i) => i.id)).not.toContain(requestB.id);
    expect(found).toHaveLength(1);
    expect(found[0]!.link).toMatch(/^\/solicitacoes\?id=\d+$/);
    const all = await search(diretor, 'luvas protecao');
    expect(all.groups.find((g) => g.area === 'solicitacoes')!.items).toHaveLength(2);
  });

  it('finds a plate typed in any form, old and Mercosul alike', async () => {
    for (const q of ['abc1d23', 'ABC-1D23', 'abc 1d23', 'ABC1D24']) {
      const r = await search(gerente, q);
      expect(titles(r, 'veiculos')[0], q).toBe('ABC1D23');
      expect(r.groups.find((g) => g.area === 'veiculos')!.items[0]!.link).toMatch(
        /^\/tatico\/frota\?veiculo=\d+$/,
      );
    }
    for (const q of ['xyz-1234', 'xyz1234', 'XYZ1C34']) {
      expect(titles(await search(gerente, q), 'veiculos')[0], q).toBe('XYZ-1234');
    }
    expect(titles(await search(gerente, 'hilux'), 'veiculos')).toEqual(['ABC1D23']);
  });

  it('tolerates a typo in a name', async () => {
    expect(titles(await search(diretor, 'Otavo Lima'), 'pessoas')).toEqual(['Otávio Lima']);
    expect(titles(await search(diretor, 'furadera'), 'inventario')).toEqual([
      'FER-0042 — Furadeira de impacto',
    ]);
    expect(titles(await search(diretor, 'Hospitl Sao Lucas'), 'contratos')[0]).toMatch(
      /Hospital São Lucas$/,
    );
  });

  it('answers nothing for one character, 400 for hostile input', async () => {
    expect((await search(diretor, 'm')).groups).toEqual([]);
    expect((await diretor.call('GET', `/api/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await diretor.call('GET', '/api/search?q=ab%00c')).statusCode).toBe(400);
    expect((await diretor.call('GET', '/api/search?q=ab&limit=0')).statusCode).toBe(400);
    expect((await diretor.call('GET', '/api/search?q=ab&limit=21')).statusCode).toBe(400);
    // LIKE's wildcards are literal: no row holds "zq%_\". Letters only, not digits: a number
    // also matches ids and the fixtures' contract codes ("CT-…-100" when 100 contracts ran).
    expect((await search(diretor, 'zq%_\\')).groups).toEqual([]);
    expect((await search(diretor, '%_')).groups).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=manutencao' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits each group', async () => {
    const r = await search(diretor, 'manutencao', 1);
    expect(r.groups.find((g) => g.area === 'demandas')!.items).toHaveLength(1);
  });
});

describe('areas per role (the route access table)', () => {
  // Every area holds an item named "Atlas"; each role finds the areas it may open.
  const ROWS: Array<[role: string, areas: SearchArea[]]> = [
    ['TI', ['demandas', 'tarefas', 'contratos', 'pessoas']],
    ['Administrador', ['demandas', 'tarefas', 'contratos', 'pessoas']],
    ['Financeiro', ['demandas', 'tarefas']],
    ['Coordenador', ['demandas', 'tarefas', 'pessoas', 'veiculos', 'inventario', 'solicitacoes']],
    [
      'Gerente',
      ['demandas', 'tarefas', 'contratos', 'pessoas', 'veiculos', 'inventario', 'solicitacoes'],
    ],
    [
      'Diretor Comercial',
      ['demandas', 'tarefas', 'contratos', 'pessoas', 'veiculos', 'inventario', 'solicitacoes'],
    ],
    ['Equipe de Campo', ['demandas', 'tarefas', 'pessoas']],
  ];

  let atlasContract = 0;

  beforeAll(async () => {
    const contract = await makeContract(t, { nome: 'Contrato Atlas' });
    const board = await makeBoard(t, { contractId: contract.id });
    const mural = await makeMural(t, {
      boardId: board.id,
      contractId: contract.id,
      titulo: 'Atlas',
    });
    await makeTask(t, { muralId: mural.id, titulo: 'Tarefa Atlas' });
    await person(t, 'Gerente', 'Atlas Ferreira');
    await t.database.db
      .insert(vehicles)
      .values({ placa: 'ATL1A00', modelo: 'Atlas', marca: 'VW', ano: 2020 });
    await t.database.db.insert(inventoryItems).values({
      natureza: 'consumivel',
      codigo: 'ATL-1',
      nome: 'Cabo Atlas',
      categoria: 'Cabos',
      localizacao: 'Depósito',
      quantidade: 5,
    });
    await t.database.db.insert(requests).values({
      tipo: 'outro',
      descricao: 'Pedido Atlas',
      urgencia: 'baixa',
      contractId: contract.id,
      requesterId: diretor.user.id,
    });
    atlasContract = contract.id;
  });

  it.each(ROWS)('%s', async (role, expected) => {
    const p = await person(t, role);
    await linkContract(t, atlasContract, p.user.id);
    const r = await search(p, 'atlas');
    expect(r.groups.map((g) => g.area)).toEqual(expected);
  });
});

describe('indexes', () => {
  it('every area is matched on its stored search column through its GIN index', async () => {
    const words = { text: 'atlas', words: ['atlas'], number: null, plate: null };
    const plans = SEARCH_AREAS.map((area) => ({ area, scope: undefined, limit: 5 }));
    const plan = await t.database.db.transaction(async (tx) => {
      // Bitmap scans only: an area whose condition no index serves shows a disabled scan.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const res = await tx.execute(sql`explain ${searchStatement(plans, words)}`);
      return res.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    for (const table of [
      'murals',
      'protocols',
      'service_orders',
      'contracts',
      'users',
      'vehicles',
      'inventory_items',
      'requests',
    ]) {
      expect(plan, table).toContain(`${table}_search_idx`);
    }
    // Nothing normalises a row's columns while searching: the stored column is compared.
    expect(plan).not.toMatch(/eproto_search_norm\(\(*COALESCE/i);
  });

  it('the search column of a demand follows its edits', async () => {
    const mural = await makeMural(t, {
      boardId: (await makeBoard(t, {})).id,
      titulo: 'Revisão do elevador',
    });
    const res = await diretor.call('PATCH', `/api/eproto/murals/${mural.id}`, {
      titulo: 'Pintura da fachada',
      descricao: 'Área externa',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ searchText: murals.searchText })
      .from(murals)
      .where(eq(murals.id, mural.id));
    expect(row!.searchText).toBe('pintura da fachada area externa');
    expect(titles(await search(diretor, 'fachada'), 'demandas')).toEqual([
      `#${mural.id} Pintura da fachada`,
    ]);
    expect(titles(await search(diretor, 'elevador'), 'demandas')).toEqual([]);
  });

  it("the demand list's text filter uses the same expression", async () => {
    const res = await diretor.call('GET', '/api/eproto/murals/summary?q=manutencao%20gerador');
    expect(res.statusCode).toBe(200);
    expect(res.json<Array<{ id: number }>>().map((m) => m.id)).toEqual([muralA.id]);
  });
});
