import {
  addDaysTo,
  todayIn,
  weekStartOf,
  type ContractCost,
  type ContractCostSummary,
  type CostRate,
} from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  epiDeliveries,
  epiItems,
  inventoryItems,
  serviceOrderMaterials,
  userContracts,
  vehicleFuelLogs,
  vehicleMaintenances,
  vehicles,
} from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { at, createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// Issue 36 point 5: a contract's actual cost = approved hours × the rate in force that day +
// materials on its OSs + fuel and maintenance attributed to it + EPI of its people. Every figure
// below is worked out by hand in the comments.

const TZ = 'America/Sao_Paulo';
const SITE = { latitude: -23.5, longitude: -46.6, precisao_m: 8 };
const day = (n: number) => addDaysTo(todayIn(TZ), n);
const month = (n: number) => day(n).slice(0, 7);

let t: TestApp;
let w: OsWorld;
let gerente: ReturnType<typeof client>;
let gerenteB: ReturnType<typeof client>;
let diretoria: ReturnType<typeof client>;
let period: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  const db = t.database.db;
  gerente = client(t, w.s.gerente.cookie);
  diretoria = client(t, w.s.diretoria.cookie);
  const other = await createUser(t, { role: 'Gerente', nome: 'Gerente só do contrato B' });
  await db.insert(userContracts).values([
    { userId: other.id, contractId: w.contractB },
    // The technician is on both contracts: EPI delivered to them is split in two.
    { userId: w.s.equipe.id, contractId: w.contractB },
  ]);
  gerenteB = client(t, await login(t, other.email));
  await db
    .update(contracts)
    .set({ valor: 10_000 })
    .where(sql`${contracts.id} = ${w.contractA}`);
  period = `de=${month(-8)}&ate=${month(0)}`;

  // Rates: equipe R$ 50,00 since 2020; the technician's own R$ 85,50 only from day -3 on.
  for (const body of [
    { funcao: 'equipe', valor_hora: 50, vigente_desde: '2020-01-01' },
    { user_id: w.s.equipe.id, valor_hora: 85.5, vigente_desde: day(-3) },
  ]) {
    const res = await gerente.post('/api/eproto/custos/taxas', body);
    expect(res.statusCode, res.body).toBe(201);
  }

  // 120 min of OS work on day -5 (check-in 08:00, pause 10:00): 2 h × 50,00 = 100,00.
  const os = await createOs(t, w);
  await db.execute(
    sql`update service_order_people set entrou_em = now() - interval '10 days' where service_order_id = ${os.id}`,
  );
  const tech = client(t, w.s.equipe.cookie);
  const start = at(8, -5);
  const plus = (min: number) => new Date(Date.parse(start) + min * 60_000).toISOString();
  for (const [acao, iso, extra] of [
    ['a_caminho', plus(-20), {}],
    ['check_in', start, SITE],
    ['pausar', plus(120), { motivo: 'Fim do turno' }],
  ] as const) {
    const res = await tech.post(`/api/tatico/os/${os.id}/etapas`, {
      acao,
      device_time: iso,
      ...extra,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  // 1,5 h typed on day -2: 1,5 × 85,50 = 128,25 (the person's rate is in force).
  const typed = await tech.post('/api/eproto/horas/lancamentos', {
    data: day(-2),
    horas: '1,5',
    contract_id: w.contractA,
  });
  expect(typed.statusCode, typed.body).toBe(201);
  // The gerente's own hour on day -1 is never approved: pending, not in the cost.
  const own = await gerente.post('/api/eproto/horas/lancamentos', {
    data: day(-1),
    horas: '1',
    contract_id: w.contractA,
  });
  expect(own.statusCode, own.body).toBe(201);
  for (const semana of new Set([weekStartOf(day(-5)), weekStartOf(day(-2))])) {
    const res = await w.coord.post('/api/eproto/horas/semanas/aprovar', {
      user_id: w.s.equipe.id,
      semana,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  // Materials: 2 × 12,35 = 24,70; a returned line does not count.
  const [item] = await db
    .insert(inventoryItems)
    .values({
      natureza: 'consumivel',
      codigo: 'CAB-10',
      nome: 'Cabo 10 mm',
      categoria: 'Elétrica',
      localizacao: 'Almoxarifado',
      custoUnitario: 12.35,
    })
    .returning();
  await db.insert(serviceOrderMaterials).values([
    {
      serviceOrderId: os.id,
      itemId: item!.id,
      quantidade: 2,
      custoUnitario: 12.35,
      deviceTime: new Date(plus(30)),
    },
    {
      serviceOrderId: os.id,
      itemId: item!.id,
      quantidade: 9,
      custoUnitario: 12.35,
      estornadoEm: new Date(),
    },
  ]);

  // The vehicle works that day for A (this OS) and B (a copy of it): fuel without a contract
  // is split, 200,00 / 2 = 100,00; fuel that names B and fuel of a day without work do not count.
  const [car] = await db
    .insert(vehicles)
    .values({ placa: 'ABC1D23', modelo: 'Strada', marca: 'Fiat', ano: 2024 })
    .returning();
  await db.execute(sql`update service_orders set vehicle_id = ${car!.id},
    previsto_inicio = ${at(7, -5)}::timestamptz, previsto_fim = ${at(12, -5)}::timestamptz where id = ${os.id}`);
  await db.execute(sql`insert into service_orders (codigo, ano, numero, contract_id, service_type_id,
      version_id, vehicle_id, local, previsto_inicio, previsto_fim)
    select 'OS-COPIA-B', ano, 999999, ${w.contractB}, service_type_id, version_id, vehicle_id,
      local, previsto_inicio, previsto_fim from service_orders where id = ${os.id}`);
  await db.insert(vehicleFuelLogs).values([
    {
      vehicleId: car!.id,
      data: day(-5),
      combustivel: 'diesel',
      litros: 30,
      valorTotal: 200,
      km: 100,
    },
    {
      vehicleId: car!.id,
      data: day(-5),
      combustivel: 'diesel',
      litros: 10,
      valorTotal: 90,
      km: 120,
      contractId: w.contractB,
    },
    {
      vehicleId: car!.id,
      data: day(-4),
      combustivel: 'diesel',
      litros: 5,
      valorTotal: 45,
      km: 130,
    },
  ]);
  // Maintenance that names A: 300,00.
  await db.insert(vehicleMaintenances).values({
    vehicleId: car!.id,
    tipo: 'corretiva',
    status: 'concluida',
    descricao: 'Troca de pastilhas',
    realizadaData: day(-3),
    custo: 300,
    contractId: w.contractA,
  });
  // EPI: 2 × 40,00 = 80,00 (the item's cost), split between the technician's 2 contracts = 40,00.
  const [epi] = await db
    .insert(epiItems)
    .values({
      nome: 'Luva',
      caNumero: '12345',
      caValidade: '2030-01-01',
      tamanho: 'G',
      vidaUtilDias: 90,
      custoUnitario: 40,
    })
    .returning();
  await db.insert(epiDeliveries).values({
    itemId: epi!.id,
    colaboradorId: w.s.equipe.id,
    data: day(-3),
    quantidade: 2,
    motivo: 'admissao',
  });
});
afterAll(async () => t.close());

const cost = async (c: ReturnType<typeof client>, id = w.contractA, q = period) => {
  const res = await c.get(`/api/eproto/custos/contratos/${id}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContractCost>();
};

describe('cost of a contract', () => {
  it('sums approved hours × rate of the day, materials, fuel, maintenance and EPI (by hand)', async () => {
    const r = await cost(gerente);
    expect(r.totais).toEqual({
      mao_de_obra: 228.25, // 100,00 + 128,25
      materiais: 24.7,
      combustivel: 100,
      manutencao: 300,
      epi: 40,
      total: 692.95,
      saldo: 9307.05, // 10.000,00 − 692,95
      minutos_aprovados: 210,
      minutos_pendentes: 60,
      minutos_sem_taxa: 0,
      itens_sem_custo: 0,
    });
    expect(r.meses.at(-1)!.acumulado).toBe(692.95);
    expect(r.pessoas).toEqual([
      {
        pessoa: { id: w.s.equipe.id, nome: 'Pessoa Equipe' },
        funcao: 'equipe',
        minutos: 210,
        minutos_sem_taxa: 0,
        custo: 228.25,
      },
    ]);
    // The paused OS is past its planned end: late.
    expect(r.atrasados.some((a) => a.tipo === 'os' && a.titulo.startsWith('OS-'))).toBe(true);
    expect(r.meses.reduce((s, m) => s + m.os_abertas, 0)).toBe(1);
  });

  it('a new rate does not rewrite the past; a rate from today on changes nothing before', async () => {
    const res = await gerente.post('/api/eproto/custos/taxas', {
      funcao: 'equipe',
      valor_hora: 999,
      vigente_desde: day(0),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await cost(gerente)).totais.mao_de_obra).toBe(228.25);
    const id = res.json<{ items: CostRate[] }>().items.find((r) => r.valor_hora === 999)!.id;
    expect((await gerente.delete(`/api/eproto/custos/taxas/${id}`)).statusCode).toBe(200);
  });

  it('exports the report as XLSX, read back with the same figures', async () => {
    const res = await gerente.get(`/api/eproto/custos/contratos/${w.contractA}/exportar?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('custos-OS-A.xlsx');
    const rows = await readSheet(res.rawPayload, 'Custos por mês');
    expect(rows[0]).toEqual([
      'Mês',
      'Mão de obra',
      'Materiais',
      'Combustível',
      'Manutenção',
      'EPI',
      'Total do mês',
      'Acumulado',
      'Planejado acumulado',
      'Horas aprovadas',
      'OS previstas',
      'OS concluídas',
    ]);
    const total = rows.at(-1)!;
    expect(total.slice(0, 7)).toEqual(['Total', 228.25, 24.7, 100, 300, 40, 692.95]);
    expect(total[9]).toBe(3.5);
    const people = await readSheet(res.rawPayload, 'Pessoas');
    expect(people[1]).toEqual(['Pessoa Equipe', 'Equipe', 3.5, 0, 228.25]);
  });
});

describe('who sees it', () => {
  it('gerente of the contract and diretoria: 200; gerente of another contract: 404', async () => {
    expect((await cost(diretoria)).totais.total).toBe(692.95);
    const res = await gerenteB.get(`/api/eproto/custos/contratos/${w.contractA}?${period}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('Contrato não encontrado.');
    const xlsx = await gerenteB.get(`/api/eproto/custos/contratos/${w.contractA}/exportar`);
    expect(xlsx.statusCode).toBe(404);
    expect((await gerenteB.get(`/api/eproto/custos/contratos/${w.contractB}`)).statusCode).toBe(
      200,
    );
  });

  it('coordenador, equipe and ti: 403; finance off the contract: 404', async () => {
    for (const role of ['coordenador', 'equipe', 'ti'] as const) {
      const c = client(t, w.s[role].cookie);
      expect((await c.get(`/api/eproto/custos/contratos/${w.contractA}`)).statusCode).toBe(403);
      expect(
        (
          await c.post('/api/eproto/custos/taxas', {
            funcao: 'equipe',
            valor_hora: 1,
            vigente_desde: '2026-01-01',
          })
        ).statusCode,
      ).toBe(403);
    }
    const fin = client(t, w.s.financeiro.cookie);
    expect((await fin.get(`/api/eproto/custos/contratos/${w.contractA}`)).statusCode).toBe(404);
    expect((await fin.get('/api/eproto/custos/taxas')).statusCode).toBe(200);
  });
});

describe('the list of contracts with their cost (the finance "Custos" tab)', () => {
  type Page = { items: ContractCostSummary[]; total: number };
  const list = async (c: ReturnType<typeof client>, q = '') => {
    const res = await c.get(`/api/eproto/custos/contratos${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('financeiro: its contracts with budget, actual and share used, as the dashboard opens', async () => {
    const fin = client(t, w.s.financeiro.cookie);
    expect((await list(fin)).total).toBe(0);
    await t.database.db
      .insert(userContracts)
      .values({ userId: w.s.financeiro.id, contractId: w.contractA });
    const page = await list(fin);
    expect(page.total).toBe(1);
    const [a] = page.items;
    expect(a!.contrato).toMatchObject({ id: w.contractA, codigo: 'OS-A', valor: 10_000 });
    expect(a!.custo).toBe(692.95);
    expect(a!.saldo).toBe(9307.05);
    expect(a!.usado).toBeCloseTo(0.069295, 6);
    // The same period and figure as the contract's dashboard without a period.
    const dash = await fin.get(`/api/eproto/custos/contratos/${w.contractA}`);
    expect(dash.statusCode, dash.body).toBe(200);
    const r = dash.json<ContractCost>();
    expect([a!.de, a!.ate, a!.custo]).toEqual([r.de, r.ate, r.totais.total]);
  });

  it('equipe and coordenador: 403', async () => {
    for (const role of ['equipe', 'coordenador'] as const) {
      const res = await client(t, w.s[role].cookie).get('/api/eproto/custos/contratos');
      expect(res.statusCode).toBe(403);
    }
  });

  it('scope, search, status and pages; a contract without budget has no share', async () => {
    expect((await list(gerenteB)).items.map((i) => i.contrato.id)).toEqual([w.contractB]);
    const all = await list(diretoria);
    expect(all.total).toBe(2);
    // B: fuel that names it 90,00 + half of the shared 200,00 + half of the EPI 80,00 = 230,00.
    const b = all.items.find((i) => i.contrato.id === w.contractB)!;
    expect([b.custo, b.saldo, b.usado]).toEqual([230, null, null]);
    expect((await list(diretoria, '?q=rede')).items.map((i) => i.contrato.codigo)).toEqual([
      'OS-B',
    ]);
    expect((await list(diretoria, '?status=encerrado')).total).toBe(0);
    const second = await list(diretoria, '?perPage=1&page=2');
    expect([second.total, second.items.length]).toEqual([2, 1]);
    expect(second.items[0]!.contrato.id).not.toBe(
      (await list(diretoria, '?perPage=1')).items[0]!.contrato.id,
    );
  });

  it('hostile values: 400', async () => {
    for (const q of [
      'perPage=51',
      'page=0',
      `page=${2 ** 31}`,
      'page=0x10',
      'status=aberto',
      `q=${'a'.repeat(101)}`,
      'q=a%00b',
    ]) {
      const res = await diretoria.get(`/api/eproto/custos/contratos?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('bad input answers 400 in Portuguese', () => {
  const rate = (body: object) => gerente.post('/api/eproto/custos/taxas', body);
  const error = async (res: Awaited<ReturnType<typeof rate>>) => {
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ error: string }>().error;
  };

  it('rates: zero, three decimals, too high, both or neither target, bad date', async () => {
    const base = { funcao: 'equipe', vigente_desde: '2026-01-01' };
    expect(await error(await rate({ ...base, valor_hora: 0 }))).toBe(
      'O valor da hora deve ser maior que zero.',
    );
    expect(await error(await rate({ ...base, valor_hora: 85.505 }))).toBe(
      'Valor da hora: use no máximo 2 casas decimais.',
    );
    expect(await error(await rate({ ...base, valor_hora: 2 ** 31 }))).toBe(
      'Valor da hora grande demais: no máximo R$ 100.000,00.',
    );
    expect(await error(await rate({ ...base, user_id: w.s.equipe.id, valor_hora: 10 }))).toBe(
      'Escolha uma função ou uma pessoa.',
    );
    expect(await error(await rate({ valor_hora: 10, vigente_desde: '2026-01-01' }))).toBe(
      'Escolha uma função ou uma pessoa.',
    );
    expect(
      await error(await rate({ ...base, valor_hora: 10, vigente_desde: '0000-01-01' })),
    ).toMatch(/data inválida/);
    expect(await error(await rate({ ...base, valor_hora: '85,50' }))).toBe(
      'Informe o valor da hora.',
    );
    expect(await error(await rate({ ...base, funcao: 'chefe', valor_hora: 10 }))).toBe(
      'Função inválida.',
    );
    expect(await error(await rate({ ...base, funcao: 'equipe\u0000', valor_hora: 10 }))).toBe(
      'Texto com caractere inválido.',
    );
  });

  it('a second rate of the same function on the same day: 409; an unknown person: 404', async () => {
    const dup = await rate({ funcao: 'equipe', valor_hora: 70, vigente_desde: '2020-01-01' });
    expect(dup.statusCode).toBe(409);
    const ghost = await rate({
      user_id: 2_147_483_647,
      valor_hora: 70,
      vigente_desde: '2020-01-01',
    });
    expect(ghost.statusCode).toBe(404);
    expect((await gerente.delete('/api/eproto/custos/taxas/2147483647')).statusCode).toBe(404);
  });

  it('months: year 0000, 0x10, reversed or over 36 months', async () => {
    const q = async (s: string) =>
      (await gerente.get(`/api/eproto/custos/contratos/${w.contractA}?${s}`)).statusCode;
    expect(await q('de=0000-01')).toBe(400);
    expect(await q('de=0x10')).toBe(400);
    expect(await q('de=2026-13')).toBe(400);
    expect(await q('de=2026-11&ate=2026-10')).toBe(400);
    expect(await q('de=2020-01&ate=2026-12')).toBe(400);
    expect((await gerente.get('/api/eproto/custos/contratos/2147483648')).statusCode).toBe(400);
    expect((await gerente.get('/api/eproto/custos/contratos/0x10')).statusCode).toBe(400);
  });
});
