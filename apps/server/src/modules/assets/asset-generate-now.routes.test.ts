import { RT_EVENTS, type PlanGenerateResult } from '@eproto/domain';
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
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';
import { runPlanGeneration } from './assets-plans.generate.ts';

// "Gerar OSs agora" (issue 34): gestão runs the hourly job's generation for one contract at
// once. Same rule as the job (exactly one OS per due date, grouped per floor and day, under the
// contract's lock): pressing twice, two presses at once or the job afterwards open nothing more,
// and the answer says what was opened and what the horizon already had.

const NOW = new Date('2026-03-10T15:00:00.000Z'); // Tuesday, 12:00 in São Paulo
const URL = '/api/tatico/ativos/planos/gerar';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let contractC: number;
let contractSuspenso: number;
let splitId: number;
let checklistId: number;
let seq = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  s = await sessionsByRole(t);
  const db = t.database.db;
  const rows = await db
    .insert(contracts)
    .values([
      { codigo: 'HSL-G', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT-G', nome: 'Outro cliente', cliente: 'Outro' },
      { codigo: 'CON-G', nome: 'Concorrência', cliente: 'Outro' },
      { codigo: 'SUS-G', nome: 'Suspenso', cliente: 'Outro', status: 'suspenso' },
    ])
    .returning({ id: contracts.id });
  [contractA, contractB, contractC, contractSuspenso] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(userContracts).values(
    (['coordenador', 'gerente', 'equipe'] as const).flatMap((r) =>
      [contractA, contractC, contractSuspenso].map((contractId) => ({
        userId: s[r].id,
        contractId,
      })),
    ),
  );
  coord = client(t, s.coordenador.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  splitId = types.find((x) => x.nome === 'Ar-condicionado split')!.id;
  const tipo = await coord.post('/api/tatico/os/tipos', {
    nome: 'Preventiva mensal de split',
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true }],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  checklistId = tipo.json<{ id: number }>().id;
  for (const c of [contractA, contractC]) {
    const put = await coord.put(`/api/tatico/ativos/contratos/${c}/preventiva`, {
      horizonte_dias: 30,
      equipe: [s.equipe.id],
      hora_inicio: 8,
    });
    expect(put.statusCode, put.body).toBe(200);
  }
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function asset(contractId: number, andar: string) {
  seq += 1;
  const res = await client(t, s.diretoria.cookie).post('/api/tatico/ativos', {
    contract_id: contractId,
    type_id: splitId,
    tag: `GN-${seq}`,
    predio: 'Bloco C',
    andar,
    dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ asset: { id: number; tag: string } }>().asset;
}

async function monthlyPlan(contractId: number, assetId: number) {
  const res = await client(t, s.diretoria.cookie).post('/api/tatico/ativos/planos', {
    contract_id: contractId,
    asset_id: assetId,
    service_type_id: checklistId,
    periodicidade: 'mensal',
    // Monday 16/03: one due date inside the 30 days (16/04 is past 09/04).
    inicio: '2026-03-16',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const occurrencesOfPlans = (planIds: number[]) =>
  t.database.db.select().from(planOccurrences).where(inArray(planOccurrences.planId, planIds));

describe('POST /api/tatico/ativos/planos/gerar', () => {
  it('opens the due OSs of the horizon once, grouped per floor and day, and says so', async () => {
    const a1 = await asset(contractA, '3º andar');
    const a2 = await asset(contractA, '3º andar');
    const a3 = await asset(contractA, '4º andar');
    const plans = [
      await monthlyPlan(contractA, a1.id),
      await monthlyPlan(contractA, a2.id),
      await monthlyPlan(contractA, a3.id),
    ];

    const first = await coord.post(URL, { contract_id: contractA });
    expect(first.statusCode, first.body).toBe(200);
    const r1 = first.json<PlanGenerateResult>();
    expect(r1).toMatchObject({
      oss_abertas: 2,
      vencimentos_abertos: 3,
      oss_existentes: 0,
      vencimentos_existentes: 0,
      horizonte_dias: 30,
      ate: '2026-04-09',
    });
    expect(r1.abertas.map((o) => o.dia)).toEqual(['2026-03-16', '2026-03-16']);

    // What was stored: three due dates, two OSs (3º andar with two assets, 4º with one), each
    // with the contract's preventive team, at 08:00 in São Paulo.
    const occ = await occurrencesOfPlans(plans);
    expect(occ.map((o) => o.vencimento)).toEqual(['2026-03-16', '2026-03-16', '2026-03-16']);
    const osIds = [...new Set(occ.map((o) => o.serviceOrderId))];
    expect(osIds.sort()).toEqual(r1.abertas.map((o) => o.id).sort());
    const oss = await t.database.db
      .select()
      .from(serviceOrders)
      .where(inArray(serviceOrders.id, osIds as number[]));
    expect(oss.map((o) => o.codigo).sort()).toEqual(r1.abertas.map((o) => o.codigo).sort());
    for (const o of oss) {
      expect(o.contractId).toBe(contractA);
      expect(o.previstoInicio.toISOString()).toBe('2026-03-16T11:00:00.000Z');
    }
    const links = await t.database.db
      .select()
      .from(osAssets)
      .where(inArray(osAssets.serviceOrderId, osIds as number[]));
    const perOs = new Map<number, number[]>();
    for (const l of links)
      perOs.set(l.serviceOrderId, [...(perOs.get(l.serviceOrderId) ?? []), l.assetId]);
    expect([...perOs.values()].map((v) => v.sort((x, y) => x - y))).toEqual(
      expect.arrayContaining([[a1.id, a2.id].sort((x, y) => x - y), [a3.id]]),
    );
    const people = await t.database.db
      .select()
      .from(serviceOrderPeople)
      .where(inArray(serviceOrderPeople.serviceOrderId, osIds as number[]));
    expect(people.map((p) => p.userId)).toEqual([s.equipe.id, s.equipe.id]);

    // Pressed again: nothing opened, the answer names what the horizon already had.
    const second = await coord.post(URL, { contract_id: contractA });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<PlanGenerateResult>()).toMatchObject({
      oss_abertas: 0,
      vencimentos_abertos: 0,
      oss_existentes: 2,
      vencimentos_existentes: 3,
      abertas: [],
    });
    // The hourly job afterwards opens nothing either.
    expect(
      await runPlanGeneration({ ...serviceDepsOf(t), agenda: t.app.services.agenda }, NOW),
    ).toEqual({ oss: 0, vencimentos: 0 });
    expect(await occurrencesOfPlans(plans)).toHaveLength(3);
    const count = await t.database.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.contractId, contractA));
    expect(count).toHaveLength(2);
  });

  it('two presses at once open one OS between them', async () => {
    const a = await asset(contractC, 'Térreo');
    const plan = await monthlyPlan(contractC, a.id);
    const gerente = client(t, s.gerente.cookie);
    const [x, y] = await Promise.all([
      coord.post(URL, { contract_id: contractC }),
      gerente.post(URL, { contract_id: contractC }),
    ]);
    expect([x.statusCode, y.statusCode], x.body + y.body).toEqual([200, 200]);
    const rs = [x.json<PlanGenerateResult>(), y.json<PlanGenerateResult>()];
    expect(rs.map((r) => r.oss_abertas).sort()).toEqual([0, 1]);
    expect(rs.map((r) => r.oss_existentes).sort()).toEqual([0, 1]);
    const occ = await occurrencesOfPlans([plan]);
    expect(occ).toHaveLength(1);
    expect(occ[0]!.serviceOrderId).not.toBeNull();
  });

  it('a contract without plans due answers zero, with its horizon', async () => {
    const res = await coord.post(URL, { contract_id: contractSuspenso });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(
      'O contrato SUS-G está suspenso: ele não abre OSs preventivas.',
    );
    // Diretoria sees every contract; B has no plans: nothing to open, nothing there.
    const d = await client(t, s.diretoria.cookie).post(URL, { contract_id: contractB });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json<PlanGenerateResult>()).toEqual({
      oss_abertas: 0,
      vencimentos_abertos: 0,
      oss_existentes: 0,
      vencimentos_existentes: 0,
      horizonte_dias: 30,
      ate: '2026-04-09',
      abertas: [],
    });
  });

  it('only gestão of the contract: equipe 403, another contract 404, unknown 404', async () => {
    const tech = client(t, s.equipe.cookie);
    const res = await tech.post(URL, { contract_id: contractA });
    expect(res.statusCode).toBe(403);
    for (const role of ['ti', 'financeiro', 'administrador'] as const) {
      expect(
        (await client(t, s[role].cookie).post(URL, { contract_id: contractA })).statusCode,
      ).toBe(403);
    }
    const other = await coord.post(URL, { contract_id: contractB });
    expect(other.statusCode).toBe(404);
    expect(other.json<{ error: string }>().error).toBe('Contrato não encontrado.');
    const missing = await client(t, s.diretoria.cookie).post(URL, { contract_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    // Nothing was opened for B.
    const bOs = await t.database.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.contractId, contractB));
    expect(bOs).toHaveLength(0);
  });

  it("each plan-made OS publishes 'service-order.changed' with its version (issue 37)", async () => {
    const a = await asset(contractA, '5º andar');
    await monthlyPlan(contractA, a.id);
    const seen: AppEvent[] = [];
    const stop = t.events.subscribe((e) => seen.push(e));
    const res = await coord.post(URL, { contract_id: contractA });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const [opened] = res.json<PlanGenerateResult>().abertas;
    const [row] = await t.database.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.id, opened!.id));
    const changed = seen.filter((e) => e.type === RT_EVENTS.serviceOrderChanged);
    // As a hand-made OS: the OS lists and the team's agendas ask since their cursors.
    expect(changed).toEqual([
      expect.objectContaining({
        id: row!.id,
        version: row!.updatedAt.toISOString(),
        data: { id: row!.id, status: 'aberta', agenda_entry_id: row!.agendaEntryId },
      }),
    ]);
    const agenda = seen.find((e) => e.type === RT_EVENTS.agendaChanged);
    expect(agenda?.data?.ids).toContain(row!.agendaEntryId);
  });

  it('hostile contract ids answer 400 in Portuguese', async () => {
    for (const contract_id of [
      2 ** 31,
      '0x10',
      '1\u0000',
      0,
      -1,
      1.5,
      '0000-01-01',
      null,
      undefined,
    ]) {
      const res = await coord.post(URL, { contract_id });
      expect(res.statusCode, `${String(contract_id)}: ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/contrato|caractere inválido/i);
    }
  });
});
