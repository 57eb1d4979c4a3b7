import type { AssetYear, Plan } from '@eproto/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contracts,
  osAssets,
  planOccurrences,
  serviceOrderPeople,
  serviceOrders,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';
import { jobHandlers } from '../../jobs/registry.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';
import { runPlanGeneration } from './assets-plans.generate.ts';

// Plans "a cada N horas de uso" (issue 34, point 3): the hour meter's readings project each
// multiple of N to a day; the job opens the OS when that day falls inside the horizon, exactly
// once per multiple (however the projection moves), grouped per site and day, on the
// contract's working days. On a fixed clock: Tuesday 10/11/2026, 09:00 in São Paulo.

const NOW = new Date('2026-11-10T12:00:00.000Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let contractId: number;
let geradorId: number;
let serviceTypeId: number;
let seq = 0;

const deps = () => ({ ...serviceDepsOf(t), agenda: t.app.services.agenda });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  s = await sessionsByRole(t);
  const db = t.database.db;
  // In the city of São Paulo: Friday 20/11/2026 (Consciência Negra) is a holiday.
  const [c] = await db
    .insert(contracts)
    .values({
      codigo: 'HSL-H',
      nome: 'Hospital São Lucas',
      cliente: 'Hospital São Lucas',
      uf: 'SP',
      municipio: 'SP',
    })
    .returning({ id: contracts.id });
  contractId = c!.id;
  await db.insert(userContracts).values(
    (['coordenador', 'equipe'] as const).map((r) => ({
      userId: s[r].id,
      contractId,
    })),
  );
  coord = client(t, s.coordenador.cookie);
  tech = client(t, s.equipe.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  geradorId = types.find((x) => x.nome === 'Gerador')!.id;
  const tipo = await coord.post('/api/tatico/os/tipos', {
    nome: 'Preventiva de gerador (250 h)',
    itens: [{ titulo: 'Óleo trocado', tipo: 'sim_nao', obrigatorio: true }],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  serviceTypeId = tipo.json<{ id: number }>().id;
  const put = await coord.put(`/api/tatico/ativos/contratos/${contractId}/preventiva`, {
    horizonte_dias: 30,
    equipe: [s.equipe.id],
    hora_inicio: 8,
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function asset(andar: string) {
  seq += 1;
  const res = await coord.post('/api/tatico/ativos', {
    contract_id: contractId,
    type_id: geradorId,
    tag: `GMG-${seq}`,
    predio: 'Central de utilidades',
    andar,
    dados: { potencia_kva: 450 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ asset: { id: number; tag: string } }>().asset;
}

/** The technician reads the meter (through the API, as on the asset page). */
async function reading(assetId: number, horas: number, data: string) {
  const res = await tech.post(`/api/tatico/ativos/${assetId}/horimetro`, { horas, data });
  expect(res.statusCode, res.body).toBe(201);
}

async function hoursPlan(body: Record<string, unknown>) {
  const res = await coord.post('/api/tatico/ativos/planos', {
    contract_id: contractId,
    service_type_id: serviceTypeId,
    periodicidade: 'horas',
    inicio: '2026-11-01',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Plan>();
}

const occurrencesOf = (planId: number) =>
  t.database.db
    .select()
    .from(planOccurrences)
    .where(eq(planOccurrences.planId, planId))
    .orderBy(planOccurrences.vencimento, planOccurrences.assetId);

async function planById(id: number) {
  const list = (await coord.get(`/api/tatico/ativos/planos?contract_id=${contractId}`)).json<{
    items: Plan[];
  }>();
  return list.items.find((p) => p.id === id)!;
}

describe('plan periodicity "a cada N horas de uso"', () => {
  it('refuses 0, negative, 2^31, 0x10, NUL and a missing interval in Portuguese', async () => {
    const a = await asset('Subsolo');
    const base = {
      contract_id: contractId,
      asset_id: a.id,
      service_type_id: serviceTypeId,
      periodicidade: 'horas',
      inicio: '2026-11-01',
    };
    const cases: Array<[unknown, string]> = [
      [0, 'A periodicidade deve ser de pelo menos 1 hora de uso.'],
      [-250, 'A periodicidade deve ser de pelo menos 1 hora de uso.'],
      ['-1', 'A periodicidade deve ser de pelo menos 1 hora de uso.'],
      [2 ** 31, 'A periodicidade deve ser de no máximo 100.000 horas de uso.'],
      ['2147483648', 'A periodicidade deve ser de no máximo 100.000 horas de uso.'],
      [100_001, 'A periodicidade deve ser de no máximo 100.000 horas de uso.'],
      ['0x10', 'Informe a periodicidade em horas de uso (número inteiro).'],
      ['25\u00000', 'Texto com caractere inválido.'],
      [2.5, 'Informe a periodicidade em horas de uso (número inteiro).'],
      [null, 'Informe a cada quantas horas de uso (pelo menos 1).'],
    ];
    for (const [intervalo_horas, error] of cases) {
      const res = await coord.post('/api/tatico/ativos/planos', { ...base, intervalo_horas });
      expect(res.statusCode, `${String(intervalo_horas)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error, field: 'intervalo_horas' });
    }
    const missing = await coord.post('/api/tatico/ativos/planos', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Informe a cada quantas horas de uso (pelo menos 1).');
    // The limits themselves are taken, and stored as typed.
    const p = await hoursPlan({ asset_id: a.id, intervalo_horas: 100_000 });
    expect(p).toMatchObject({
      periodicidade: 'horas',
      intervalo_horas: 100_000,
      intervalo_dias: null,
    });
    const one = await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { intervalo_horas: 1 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Plan>().intervalo_horas).toBe(1);
    const zero = await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { intervalo_horas: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe('A periodicidade deve ser de pelo menos 1 hora de uso.');
    // Switching a calendar plan to hours asks for the hours.
    const monthly = await coord.post('/api/tatico/ativos/planos', {
      ...base,
      periodicidade: 'mensal',
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const toHours = await coord.patch(`/api/tatico/ativos/planos/${monthly.json<Plan>().id}`, {
      periodicidade: 'horas',
    });
    expect(toHours.statusCode).toBe(400);
    expect(toHours.json()).toMatchObject({
      error: 'Informe a cada quantas horas de uso (pelo menos 1).',
      field: 'intervalo_horas',
    });
    for (const id of [p.id, monthly.json<Plan>().id]) {
      await coord.patch(`/api/tatico/ativos/planos/${id}`, { ativo: false });
    }
    // Out of the next tests' plan per type.
    const off = await coord.patch(`/api/tatico/ativos/${a.id}`, { status: 'inativo' });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('opens one OS per site and day across a month end and a holiday, exactly once', async () => {
    const g1 = await asset('Térreo');
    const g2 = await asset('Térreo');
    const silent = await asset('Térreo');
    // 1.000 h on 01/11 and 1.108 h on 09/11: 13,5 h a day. 1.250 h: 142 ÷ 13,5 → 11 days →
    // Friday 20/11 (Consciência Negra) → Monday 23/11; 1.500 h: 392 ÷ 13,5 → 30 days →
    // Wednesday 09/12, past the month end; 1.750 h falls after the 30-day horizon (10/12).
    for (const g of [g1, g2]) {
      await reading(g.id, 1000, '2026-11-01');
      await reading(g.id, 1108, '2026-11-09');
    }
    const p = await hoursPlan({ asset_type_id: geradorId, intervalo_horas: 250 });
    expect(p.periodicidade).toBe('horas');
    expect(p.proxima).toBe('2026-11-23');
    // The generator without readings projects nothing, and the plan says why.
    expect(p.aviso).toBe(`Sem leituras do horímetro: ${silent.tag}.`);

    // Two nodes at once, then a restarted node, then the queue's handler twice at once.
    await Promise.all([runPlanGeneration(deps(), NOW), runPlanGeneration(deps(), NOW)]);
    expect(await runPlanGeneration(deps(), NOW)).toEqual({ oss: 0, vencimentos: 0 });
    const handler = jobHandlers(deps(), t.app.services)['asset-plans'];
    const run = { id: 'x', retryCount: 0, retryLimit: 2 };
    await Promise.all([handler({}, run), handler({}, run)]);

    const occ = await occurrencesOf(p.id);
    expect(
      occ
        .map((o) => [o.assetId, o.horasAlvo, o.vencimento, o.dia])
        .sort((x, y) => String(x[2]).localeCompare(String(y[2])) || Number(x[0]) - Number(y[0])),
    ).toEqual([
      [g1.id, 1250, '2026-11-20', '2026-11-23'],
      [g2.id, 1250, '2026-11-20', '2026-11-23'],
      [g1.id, 1500, '2026-12-09', '2026-12-09'],
      [g2.id, 1500, '2026-12-09', '2026-12-09'],
    ]);
    // One OS per day for both generators of the floor, at 08:00 with the contract's team.
    const osIds = [...new Set(occ.map((o) => o.serviceOrderId!))];
    expect(osIds).toHaveLength(2);
    const oss = await t.database.db
      .select()
      .from(serviceOrders)
      .where(inArray(serviceOrders.id, osIds))
      .orderBy(serviceOrders.previstoInicio);
    expect(oss.map((o) => o.previstoInicio.toISOString())).toEqual([
      '2026-11-23T11:00:00.000Z',
      '2026-12-09T11:00:00.000Z',
    ]);
    expect(oss.map((o) => o.local)).toEqual([
      'Central de utilidades · Térreo',
      'Central de utilidades · Térreo',
    ]);
    const links = await t.database.db
      .select()
      .from(osAssets)
      .where(inArray(osAssets.serviceOrderId, osIds));
    for (const id of osIds) {
      expect(
        links
          .filter((l) => l.serviceOrderId === id)
          .map((l) => l.assetId)
          .sort((x, y) => x - y),
      ).toEqual([g1.id, g2.id]);
    }
    const team = await t.database.db
      .select()
      .from(serviceOrderPeople)
      .where(inArray(serviceOrderPeople.serviceOrderId, osIds));
    expect(team.map((x) => x.userId)).toEqual([s.equipe.id, s.equipe.id]);

    // The plan list says "A cada 250 h"; the yearly grid shows both months as planned.
    const listed = await planById(p.id);
    expect(listed.aviso).toBe(`Sem leituras do horímetro: ${silent.tag}.`);
    const year = (await coord.get(`/api/tatico/ativos/${g1.id}/ano?ano=2026`)).json<AssetYear>();
    const row = year.atividades.find((x) => x.plano_id === p.id)!;
    expect(row.periodicidade).toBe('A cada 250 h');
    expect(row.meses.slice(9)).toEqual(['nao_previsto', 'previsto', 'previsto']);
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });

  it('a reading that moves the projected date opens the OS, once per multiple', async () => {
    const g = await asset('2º andar');
    const single = await hoursPlan({ asset_id: g.id, intervalo_horas: 500 });
    expect(single.proxima).toBeNull();
    expect(single.aviso).toBe(`Sem leituras do horímetro: ${g.tag}.`);
    await reading(g.id, 2000, '2026-11-01');
    expect((await planById(single.id)).aviso).toBe(
      `Sem leituras do horímetro suficientes para projetar (duas, em dias diferentes, com uso): ${g.tag}.`,
    );
    // 5 h a day: 2.500 h is 92 days away (09/02/2027, Carnaval: done on the 10th), beyond
    // the horizon: no OS yet.
    await reading(g.id, 2040, '2026-11-09');
    const slow = await planById(single.id);
    expect(slow).toMatchObject({ aviso: null, proxima: '2027-02-10' });
    expect(await runPlanGeneration(deps(), NOW)).toEqual({ oss: 0, vencimentos: 0 });
    expect(await occurrencesOf(single.id)).toEqual([]);

    // The generator ran harder: 2.160 h today, 17,8 h a day → 2.500 h on Monday 30/11
    // (3.000 h stays beyond the horizon).
    await reading(g.id, 2160, '2026-11-10');
    expect((await planById(single.id)).proxima).toBe('2026-11-30');
    expect(await runPlanGeneration(deps(), NOW)).toEqual({ oss: 1, vencimentos: 1 });
    // A later reading moves the projection of 2.500 h to 24/11: the OS is not opened twice.
    await reading(g.id, 2200, '2026-11-10');
    expect(await runPlanGeneration(deps(), NOW)).toEqual({ oss: 0, vencimentos: 0 });
    const occ = await occurrencesOf(single.id);
    expect(occ.map((o) => [o.horasAlvo, o.vencimento, o.dia])).toEqual([
      [2500, '2026-11-30', '2026-11-30'],
    ]);
    const [os] = await t.database.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.id, occ[0]!.serviceOrderId!));
    expect(os!.local).toBe('Central de utilidades · 2º andar');
    await coord.patch(`/api/tatico/ativos/planos/${single.id}`, { ativo: false });
  });
});
