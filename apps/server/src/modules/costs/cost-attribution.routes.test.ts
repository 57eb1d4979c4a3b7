import { addDaysTo, todayIn, type ContractCost } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  epiDeliveries,
  userContracts,
  vehicleFuelLogs,
  vehicles,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 36 point 5, attribution: fuel and maintenance forms name a contract (only one the
// person sees); an EPI item has a unit cost and each delivery keeps the cost of its day; the
// contract's cost report picks both up.

const TZ = 'America/Sao_Paulo';
const day = (n: number) => addDaysTo(todayIn(TZ), n);

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let mine: number;
let foreign: number;
let car: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
  const db = t.database.db;
  const rows = await db
    .insert(contracts)
    .values([
      { codigo: 'CU-A', nome: 'Contrato do coordenador', cliente: 'Cliente A' },
      { codigo: 'CU-B', nome: 'Contrato de outros', cliente: 'Cliente B' },
    ])
    .returning({ id: contracts.id });
  mine = rows[0]!.id;
  foreign = rows[1]!.id;
  await db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId: mine },
    { userId: s.gerente.id, contractId: mine },
    { userId: s.equipe.id, contractId: mine },
  ]);
  const [v] = await db
    .insert(vehicles)
    .values({ placa: 'CUS1A23', modelo: 'Saveiro', marca: 'VW', ano: 2023 })
    .returning();
  car = v!.id;
});
afterAll(async () => t.close());

const report = async () => {
  const res = await gerente.get(`/api/eproto/custos/contratos/${mine}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContractCost>();
};

describe('fuel and maintenance name a contract', () => {
  it('a fuel log of the contract is stored with it and counts in its cost', async () => {
    const res = await coord.post(`/api/tatico/frota/veiculos/${car}/abastecimentos`, {
      data: day(-1),
      combustivel: 'diesel',
      litros: 40,
      valor_total: 321.45,
      km: 1000,
      contract_id: mine,
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await coord.get(`/api/tatico/frota/veiculos/${car}`);
    const fuel = detail.json<{ fuel: { valor_total: number; contract_id: number | null }[] }>()
      .fuel;
    expect(fuel[0]).toMatchObject({ valor_total: 321.45, contract_id: mine });
    expect((await report()).totais.combustivel).toBe(321.45);
  });

  it('a maintenance of the contract: its cost counts on the day done', async () => {
    const res = await coord.post(`/api/tatico/frota/veiculos/${car}/manutencoes`, {
      tipo: 'corretiva',
      descricao: 'Troca do alternador',
      custo: 1234.5,
      contract_id: mine,
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await coord.get(`/api/tatico/frota/veiculos/${car}`);
    const m = detail.json<{ maintenances: { id: number; contract_id: number | null }[] }>()
      .maintenances[0]!;
    expect(m.contract_id).toBe(mine);
    // Not done and not planned: no day, no cost yet.
    expect((await report()).totais.manutencao).toBe(0);
    const done = await coord.post(
      `/api/tatico/frota/veiculos/${car}/manutencoes/${m.id}/concluir`,
      { realizada_data: day(0), realizada_km: 1010, custo: 1234.5 },
    );
    expect(done.statusCode, done.body).toBeLessThan(300);
    expect((await report()).totais.manutencao).toBe(1234.5);
  });

  it('a contract the person does not see: 404, nothing written', async () => {
    const before = await t.database.db.select().from(vehicleFuelLogs);
    const res = await coord.post(`/api/tatico/frota/veiculos/${car}/abastecimentos`, {
      data: day(-1),
      combustivel: 'diesel',
      litros: 10,
      valor_total: 50,
      km: 1100,
      contract_id: foreign,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('Contrato não encontrado.');
    const maint = await coord.post(`/api/tatico/frota/veiculos/${car}/manutencoes`, {
      tipo: 'corretiva',
      descricao: 'Outro contrato',
      contract_id: foreign,
    });
    expect(maint.statusCode).toBe(404);
    expect(await t.database.db.select().from(vehicleFuelLogs)).toHaveLength(before.length);
    const bad = await coord.post(`/api/tatico/frota/veiculos/${car}/abastecimentos`, {
      data: day(-1),
      combustivel: 'diesel',
      litros: 10,
      valor_total: 50,
      km: 1100,
      contract_id: 2 ** 31,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Contrato inválido.');
  });
});

describe('EPI unit cost', () => {
  it('the delivery keeps the cost of its day; a later price does not rewrite it', async () => {
    const item = await coord.post('/api/tatico/epi/itens', {
      nome: 'Capacete',
      ca_numero: '45678',
      ca_validade: '2031-01-01',
      tamanho: 'Único',
      vida_util_dias: 365,
      estoque_inicial: 10,
      estoque_minimo: 1,
      custo_unitario: 39.9,
    });
    expect(item.statusCode, item.body).toBe(201);
    const id = item.json<{ id: number; custo_unitario: number | null }>().id;
    expect(item.json<{ custo_unitario: number | null }>().custo_unitario).toBe(39.9);
    const delivered = await coord.post('/api/tatico/epi/entregas', {
      colaborador_id: s.equipe.id,
      item_id: id,
      data: day(0),
      quantidade: 2,
      motivo: 'admissao',
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const price = await coord.patch(`/api/tatico/epi/itens/${id}`, { custo_unitario: 55 });
    expect(price.statusCode, price.body).toBe(200);
    const [row] = await t.database.db
      .select({ c: epiDeliveries.custoUnitario })
      .from(epiDeliveries)
      .where(eq(epiDeliveries.itemId, id));
    expect(row!.c).toBe(39.9);
    // 2 × 39,90 = 79,80, the technician on one contract.
    expect((await report()).totais.epi).toBe(79.8);
    const negative = await coord.patch(`/api/tatico/epi/itens/${id}`, { custo_unitario: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ error: string }>().error).toBe(
      'O custo unitário não pode ser negativo.',
    );
  });
});
