import {
  addDaysTo,
  planDueDates,
  todayIn,
  type AssetMaintenance,
  type AssetYear,
  type OsAssets,
  type OsDetail,
  type Plan,
} from '@eproto/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  osAssets,
  planOccurrences,
  serviceOrderPeople,
  serviceOrders,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfViewerText } from '../../../test/pdf-render.ts';
import { jobHandlers } from '../../jobs/registry.ts';
import { client, drawnSignature, sessionsByRole } from '../tatico/test-kit.ts';
import { runPlanGeneration } from './assets-plans.generate.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';

// Maintenance plans open preventive OSs by themselves (exactly once per due date, grouped per
// site and day, on working days), OSs keep their assets and each asset's checklist answers,
// and the PMOC is issued as a sealed PDF from all of it (docs/assets.md).

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let splitId: number;
let extintorId: number;
let preventiva: { id: number; itens: { id: number; titulo: string }[] };
let seq = 0;

const deps = () => ({ ...serviceDepsOf(t), agenda: t.app.services.agenda });

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'HSL-P', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT-P', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  await t.database.db.insert(userContracts).values(
    (['coordenador', 'gerente', 'equipe'] as const).map((r) => ({
      userId: s[r].id,
      contractId: contractA,
    })),
  );
  coord = client(t, s.coordenador.cookie);
  tech = client(t, s.equipe.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  splitId = types.find((x) => x.nome === 'Ar-condicionado split')!.id;
  extintorId = types.find((x) => x.nome === 'Extintor')!.id;
  const tipo = await coord.post('/api/tatico/os/tipos', {
    nome: 'Preventiva mensal de split',
    itens: [
      { titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true },
      {
        titulo: 'Temperatura de insuflamento',
        tipo: 'numero',
        unidade: '°C',
        minimo: 5,
        maximo: 30,
      },
    ],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  preventiva = tipo.json();
  const put = await coord.put(`/api/tatico/ativos/contratos/${contractA}/preventiva`, {
    horizonte_dias: 75,
    equipe: [s.equipe.id],
    hora_inicio: 8,
    edificio_nome: 'Hospital São Lucas — Bloco C',
    edificio_endereco: 'Rua das Flores, 100, São Paulo/SP',
    edificio_uso: 'Hospitalar',
    rt_nome: 'Eng. Ricardo Almeida',
    rt_registro: 'CREA-SP 5062345678',
    rt_art: 'ART 28027230201234567',
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => t.close());

async function asset(extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await coord.post('/api/tatico/ativos', {
    contract_id: contractA,
    type_id: splitId,
    tag: `PL-${seq}`,
    predio: 'Bloco C',
    andar: '3º andar',
    sala: `Sala 30${seq}`,
    dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ asset: { id: number; tag: string } }>().asset;
}

async function plan(body: Record<string, unknown>) {
  const res = await coord.post('/api/tatico/ativos/planos', {
    contract_id: contractA,
    service_type_id: preventiva.id,
    periodicidade: 'mensal',
    inicio: '2029-01-31',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Plan>();
}

const occurrencesOf = (planId: number) =>
  t.database.db.select().from(planOccurrences).where(eq(planOccurrences.planId, planId));

async function osOf(ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await t.database.db
    .select()
    .from(serviceOrders)
    .where(inArray(serviceOrders.id, ids))
    .orderBy(serviceOrders.previstoInicio, serviceOrders.id);
  const links = await t.database.db
    .select()
    .from(osAssets)
    .where(inArray(osAssets.serviceOrderId, ids));
  const team = await t.database.db
    .select()
    .from(serviceOrderPeople)
    .where(inArray(serviceOrderPeople.serviceOrderId, ids));
  return rows.map((o) => ({
    o,
    assets: links
      .filter((l) => l.serviceOrderId === o.id)
      .map((l) => l.assetId)
      .sort(),
    team: team.filter((p) => p.serviceOrderId === o.id).map((p) => p.userId),
  }));
}

describe('plan periodicity', () => {
  it('refuses 0 or negative days, a missing interval and an unknown periodicity in Portuguese', async () => {
    const a = await asset({ predio: 'Bloco Q' });
    const base = {
      contract_id: contractA,
      asset_id: a.id,
      service_type_id: preventiva.id,
      inicio: '2029-01-10',
    };
    for (const intervalo_dias of [0, -5, '0', '-1']) {
      const res = await coord.post('/api/tatico/ativos/planos', {
        ...base,
        periodicidade: 'dias',
        intervalo_dias,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'A periodicidade deve ser de pelo menos 1 dia.',
        field: 'intervalo_dias',
      });
    }
    // 2^31 (a number and a text) is refused by the limit, never stored nor a 500.
    for (const intervalo_dias of [2 ** 31, '2147483648', 3651]) {
      const res = await coord.post('/api/tatico/ativos/planos', {
        ...base,
        periodicidade: 'dias',
        intervalo_dias,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'A periodicidade deve ser de no máximo 3.650 dias.',
        field: 'intervalo_dias',
      });
    }
    for (const intervalo_dias of ['0x10', 1.5, 'dez']) {
      const res = await coord.post('/api/tatico/ativos/planos', {
        ...base,
        periodicidade: 'dias',
        intervalo_dias,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Informe a periodicidade em dias (número inteiro).',
        field: 'intervalo_dias',
      });
    }
    const missing = await coord.post('/api/tatico/ativos/planos', {
      ...base,
      periodicidade: 'dias',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Informe a cada quantos dias (pelo menos 1).');
    const odd = await coord.post('/api/tatico/ativos/planos', {
      ...base,
      periodicidade: 'semanal',
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toMatch(/^Periodicidade inválida/);
    const both = await coord.post('/api/tatico/ativos/planos', {
      ...base,
      asset_type_id: splitId,
      periodicidade: 'mensal',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('Escolha um tipo de ativo ou um ativo (um dos dois).');
    const p = await plan({ asset_id: a.id, periodicidade: 'dias', intervalo_dias: 10 });
    const patch = await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { intervalo_dias: 0 });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe('A periodicidade deve ser de pelo menos 1 dia.');
    expect((await coord.patch(`/api/tatico/ativos/planos/${p.id}`, {})).json().error).toBe(
      'Nada para alterar.',
    );
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });

  it('counts monthly dates from the start (31/01 → 28/02 → 31/03) and skips weekends', () => {
    const monthly = {
      periodicidade: 'mensal' as const,
      intervalo_dias: null,
      inicio: '2029-01-31',
    };
    expect(planDueDates(monthly, '2029-01-01', '2029-05-31')).toEqual([
      '2029-01-31',
      '2029-02-28',
      '2029-03-31',
      '2029-04-30',
      '2029-05-31',
    ]);
  });
});

describe('plans on the contract’s working calendar', () => {
  it('moves a due date on a holiday or day off to the next working day, exactly once', async () => {
    // A contract in the city of São Paulo: Consciência Negra (20/11, national since 2024), the
    // city's anniversary (25/01) and a day off of this contract only (01/04/2027).
    const [sp] = await t.database.db
      .insert(contracts)
      .values({
        codigo: 'SP-CAL',
        nome: 'Prédio em SP',
        cliente: 'Cliente SP',
        uf: 'SP',
        municipio: 'SP',
      })
      .returning({ id: contracts.id });
    const [nowhere] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'BR-CAL', nome: 'Prédio sem cidade', cliente: 'Cliente BR' })
      .returning({ id: contracts.id });
    await t.database.db
      .insert(userContracts)
      .values(
        [sp!.id, nowhere!.id].map((contractId) => ({ userId: s.coordenador.id, contractId })),
      );
    const folga = await client(t, s.diretoria.cookie).post('/api/calendario/folgas', {
      inicio: '2027-04-01',
      fim: '2027-04-01',
      nome: 'Dedetização do prédio',
      tipo: 'folga',
      contrato_id: sp!.id,
    });
    expect(folga.statusCode, folga.body).toBe(201);
    const occurrences = new Map<number, { vencimento: string; dia: string }[]>();
    for (const contractId of [sp!.id, nowhere!.id]) {
      const put = await coord.put(`/api/tatico/ativos/contratos/${contractId}/preventiva`, {
        horizonte_dias: 150,
      });
      expect(put.statusCode, put.body).toBe(200);
      const a = await asset({ contract_id: contractId, predio: 'Torre' });
      // Every 66 days from Friday 20/11/2026: 25/01/2027 (Monday), 01/04/2027 (Thursday).
      const p = await plan({
        contract_id: contractId,
        asset_id: a.id,
        periodicidade: 'dias',
        intervalo_dias: 66,
        inicio: '2026-11-20',
      });
      const now = new Date('2026-11-10T12:00:00Z');
      await Promise.all([runPlanGeneration(deps(), now), runPlanGeneration(deps(), now)]);
      expect((await runPlanGeneration(deps(), now)).vencimentos).toBe(0);
      const occ = await occurrencesOf(p.id);
      occurrences.set(
        contractId,
        occ
          .map((o) => ({ vencimento: o.vencimento, dia: o.dia }))
          .sort((x, y) => x.vencimento.localeCompare(y.vencimento)),
      );
      // Exactly one OS per due date, on the moved day at the contract's hour.
      const oss = await osOf(occ.map((o) => o.serviceOrderId!));
      expect(oss).toHaveLength(3);
      expect(oss.map((x) => x.o.previstoInicio.toISOString().slice(0, 10))).toEqual(
        occurrences.get(contractId)!.map((o) => o.dia),
      );
      await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
    }
    expect(occurrences.get(sp!.id)).toEqual([
      { vencimento: '2026-11-20', dia: '2026-11-23' },
      { vencimento: '2027-01-25', dia: '2027-01-26' },
      { vencimento: '2027-04-01', dia: '2027-04-02' },
    ]);
    // Without a city the national holiday still moves; the city's and the contract's do not.
    expect(occurrences.get(nowhere!.id)).toEqual([
      { vencimento: '2026-11-20', dia: '2026-11-23' },
      { vencimento: '2027-01-25', dia: '2027-01-25' },
      { vencimento: '2027-04-01', dia: '2027-04-01' },
    ]);
    // The plan list's next date follows the same calendar (Wednesday 20/11/2030 → Thursday).
    const a = await asset({ contract_id: sp!.id, predio: 'Anexo' });
    const later = await plan({
      contract_id: sp!.id,
      asset_id: a.id,
      periodicidade: 'anual',
      inicio: '2030-11-20',
    });
    expect(later.proxima).toBe('2030-11-21');
    await coord.patch(`/api/tatico/ativos/planos/${later.id}`, { ativo: false });
  });
});

describe('preventive OS generation', () => {
  it('opens one OS per site and day across month ends, on working days, exactly once', async () => {
    const floor3 = [await asset(), await asset(), await asset()];
    const floor4 = await asset({ andar: '4º andar' });
    const other = await asset({ type_id: extintorId, dados: { carga_kg: 6, agente: 'po_abc' } });
    // Every split of the contract, monthly from 31/01/2029.
    const p = await plan({ asset_type_id: splitId });
    const now = new Date('2029-01-20T12:00:00Z');

    // Two nodes at once, then a restarted node running the same job again.
    const [r1, r2] = await Promise.all([
      runPlanGeneration(deps(), now),
      runPlanGeneration(deps(), now),
    ]);
    const r3 = await runPlanGeneration(deps(), now);
    expect(r3).toEqual({ oss: 0, vencimentos: 0 });

    const occ = await occurrencesOf(p.id);
    const covered = [...floor3, floor4].map((a) => a.id);
    // Splits of the earlier tests of this file are covered too; count only this test's.
    const mine = occ.filter((o) => covered.includes(o.assetId));
    expect(mine.map((o) => o.vencimento).sort()).toEqual(
      ['2029-01-31', '2029-02-28', '2029-03-31'].flatMap((d) => [d, d, d, d]),
    );
    expect(new Set(mine.map((o) => `${o.assetId}:${o.vencimento}`)).size).toBe(mine.length);
    expect(occ.some((o) => o.assetId === other.id)).toBe(false);
    // 31/03/2029 (Saturday) is done on Monday 02/04.
    expect(
      mine.filter((o) => o.vencimento === '2029-03-31').every((o) => o.dia === '2029-04-02'),
    ).toBe(true);

    const oss = await osOf([...new Set(mine.map((o) => o.serviceOrderId!))]);
    // Per due date: one OS for the three splits of the 3rd floor, one for the 4th floor.
    expect(oss).toHaveLength(6);
    const f3 = floor3.map((a) => a.id).sort();
    for (const day of ['2029-01-31', '2029-02-28', '2029-04-02']) {
      const ofDay = oss.filter((x) => x.o.previstoInicio.toISOString().startsWith(day));
      expect(ofDay.map((x) => x.assets)).toEqual(expect.arrayContaining([f3, [floor4.id]]));
      expect(ofDay.find((x) => x.assets.length === 3)!.o.local).toBe('Bloco C · 3º andar');
    }
    // 08:00 in São Paulo, the contract's team, the checklist of the plan.
    const first = oss[0]!;
    expect(first.o.previstoInicio.toISOString()).toBe('2029-01-31T11:00:00.000Z');
    expect(first.team).toEqual([s.equipe.id]);
    expect(first.o.serviceTypeId).toBe(preventiva.id);
    expect(first.o.descricao).toMatch(/^Preventiva — Preventiva mensal de split: /);
    expect(r1.oss + r2.oss).toBeGreaterThanOrEqual(6);
    expect(r1.vencimentos + r2.vencimentos).toBe(occ.length);

    // The next month's run adds the next dates only.
    const later = await runPlanGeneration(deps(), new Date('2029-04-01T12:00:00Z'));
    expect(later.vencimentos).toBeGreaterThan(0);
    const after = (await occurrencesOf(p.id)).filter((o) => o.assetId === floor4.id);
    expect(after.map((o) => o.vencimento).sort()).toEqual([
      '2029-01-31',
      '2029-02-28',
      '2029-03-31',
      '2029-04-30',
      '2029-05-31',
    ]);
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });

  it('runs as the queue job, once per due date however often the job runs', async () => {
    const a = await asset({ predio: 'Bloco J' });
    const start = todayIn(t.config.COMPANY_TIME_ZONE);
    const p = await plan({
      asset_id: a.id,
      periodicidade: 'dias',
      intervalo_dias: 7,
      inicio: start,
    });
    const handler = jobHandlers(deps(), t.app.services)['asset-plans'];
    const run = { id: 'x', retryCount: 0, retryLimit: 2 };
    await Promise.all([handler({}, run), handler({}, run)]);
    await handler({}, run);
    const occ = await occurrencesOf(p.id);
    // 75 days of horizon, every 7 days from today: 11 dates, each its own OS.
    expect(occ.length).toBe(11);
    expect(new Set(occ.map((o) => o.serviceOrderId)).size).toBe(11);
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });

  it('stops the plan of a replaced asset with a clear message', async () => {
    const a = await asset({ predio: 'Bloco R' });
    const p = await plan({ asset_id: a.id, inicio: '2029-02-05' });
    const swap = await coord.patch(`/api/tatico/ativos/${a.id}`, { status: 'substituido' });
    expect(swap.statusCode, swap.body).toBe(200);
    const list = (await coord.get(`/api/tatico/ativos/planos?asset_id=${a.id}`)).json<{
      items: Plan[];
    }>();
    const mine = list.items.find((x) => x.id === p.id)!;
    expect(mine.parado).toBe(
      `O ativo ${a.tag} foi substituído: este plano não abre mais OSs. Crie um plano para o ativo novo.`,
    );
    expect(mine.proxima).toBeNull();
    await runPlanGeneration(deps(), new Date('2029-01-20T12:00:00Z'));
    expect(await occurrencesOf(p.id)).toEqual([]);
    const again = await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(mine.parado);
    const fresh = await coord.post('/api/tatico/ativos/planos', {
      contract_id: contractA,
      asset_id: a.id,
      service_type_id: preventiva.id,
      periodicidade: 'anual',
      inicio: '2029-02-05',
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error).toBe(
      `O ativo ${a.tag} foi substituído: crie o plano para o ativo novo.`,
    );
  });
});

describe('who sees and edits plans', () => {
  it('equipe reads, only gestão writes; other contracts are invisible', async () => {
    const a = await asset({ predio: 'Bloco E' });
    const p = await plan({ asset_id: a.id, inicio: '2029-03-01' });
    const read = await tech.get(`/api/tatico/ativos/planos?contract_id=${contractA}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<{ items: Plan[]; pode_editar: boolean }>().pode_editar).toBe(false);
    expect(read.json<{ items: Plan[] }>().items.some((x) => x.id === p.id)).toBe(true);
    expect(
      (await tech.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false })).statusCode,
    ).toBe(403);
    expect(
      (await tech.put(`/api/tatico/ativos/contratos/${contractA}/preventiva`, {})).statusCode,
    ).toBe(403);
    const ti = client(t, s.ti.cookie);
    expect((await ti.get('/api/tatico/ativos/planos')).statusCode).toBe(403);
    const other = await coord.post('/api/tatico/ativos/planos', {
      contract_id: contractB,
      asset_type_id: splitId,
      service_type_id: preventiva.id,
      periodicidade: 'mensal',
      inicio: '2029-01-01',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('Contrato não encontrado.');
    expect(
      (await coord.get(`/api/tatico/ativos/contratos/${contractB}/preventiva`)).statusCode,
    ).toBe(404);
    const settings = (
      await tech.get(`/api/tatico/ativos/contratos/${contractA}/preventiva`)
    ).json();
    expect(settings).toMatchObject({
      horizonte_dias: 75,
      equipe: [{ id: s.equipe.id }],
      rt_registro: 'CREA-SP 5062345678',
      pode_editar: false,
    });
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });
});

describe('an OS with assets, its answers per asset, the history and the PMOC', () => {
  it('links assets, keeps each one’s answers, seals them and prints the PMOC', async () => {
    const a1 = await asset({ predio: 'Bloco P', tag: 'PMOC-AC-01' });
    const a2 = await asset({ predio: 'Bloco P', tag: 'PMOC-AC-02' });
    const foreign = await coord.post('/api/tatico/os', {
      ...osBody(),
      ativos: [a1.id, 999999],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('Ativo não encontrado no contrato da OS.');
    const created = await coord.post('/api/tatico/os', { ...osBody(), ativos: [a1.id] });
    expect(created.statusCode, created.body).toBe(201);
    const os = created.json<OsDetail>();
    // gestão adds the second asset before the conclusion; equipe may not.
    expect((await tech.put(`/api/tatico/os/${os.id}/ativos`, { ativos: [a1.id] })).statusCode).toBe(
      403,
    );
    const edit = await coord.put(`/api/tatico/os/${os.id}/ativos`, { ativos: [a1.id, a2.id] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<OsAssets>().ativos.map((x) => x.tag)).toEqual(['PMOC-AC-01', 'PMOC-AC-02']);

    const [filtro, temp] = preventiva.itens;
    const answer = (assetId: number, itemId: number, body: object) =>
      tech.put(`/api/tatico/os/${os.id}/ativos/${assetId}/checklist/${itemId}`, body);
    expect((await answer(a1.id, filtro!.id, { valor_sim_nao: 'sim' })).json().error).toBe(
      'Faça o check-in antes de responder o checklist.',
    );
    const checkIn = await tech.post(`/api/tatico/os/${os.id}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect((await answer(a1.id, filtro!.id, { valor_sim_nao: 'sim' })).statusCode).toBe(200);
    // Given offline: the phone's time is kept beside the server's (the outbox's device_time).
    const typedAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const offline = await answer(a1.id, temp!.id, { valor_numero: 12.5, device_time: typedAt });
    expect(offline.statusCode, offline.body).toBe(200);
    const stored = offline
      .json<OsAssets>()
      .ativos[0]!.respostas.find((r) => r.item_id === temp!.id)!;
    expect(stored.device_time).toBe(typedAt);
    expect(Date.parse(stored.respondido_em)).toBeGreaterThan(Date.parse(typedAt) + 30 * 60_000);
    const bad = await answer(a2.id, temp!.id, { valor_numero: 99 });
    expect(bad.statusCode).toBe(400);
    const outsider = await asset({ predio: 'Bloco Z' });
    expect((await answer(outsider.id, filtro!.id, { valor_sim_nao: 'sim' })).statusCode).toBe(404);

    // The second asset's required item is missing: the conclusion names it.
    const conclude = () =>
      tech.post(`/api/tatico/os/${os.id}/concluir`, {
        tipo: 'assinada',
        cliente_nome: 'Marta Souza',
        cliente_cpf: '529.982.247-25',
        ...drawnSignature(),
      });
    const early = await conclude();
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(
      'Faltam itens obrigatórios do checklist: PMOC-AC-02: Filtro limpo.',
    );
    // The OS page names the same missing item (the phone's "Concluir" reads it).
    const detail = (await tech.get(`/api/tatico/os/${os.id}`)).json<OsDetail>();
    expect(detail.pendencias).toEqual(['PMOC-AC-02: Filtro limpo']);
    expect(detail.ativos).toBe(2);
    expect((await answer(a2.id, filtro!.id, { valor_sim_nao: 'nao' })).statusCode).toBe(200);
    const view = (await tech.get(`/api/tatico/os/${os.id}/ativos`)).json<OsAssets>();
    expect(view.ativos.map((x) => [x.tag, x.respostas.length, x.faltando])).toEqual([
      ['PMOC-AC-01', 2, []],
      ['PMOC-AC-02', 1, []],
    ]);
    expect(view.ativos[0]!.respostas.find((r) => r.item_id === temp!.id)!.valor_numero).toBe(12.5);
    const done = await conclude();
    expect(done.statusCode, done.body).toBe(200);
    const sealed = done.json<OsDetail>();
    expect(sealed.selo).not.toBeNull();
    // Sealed: answers and assets no longer change.
    expect((await answer(a1.id, filtro!.id, { valor_sim_nao: 'nao' })).statusCode).toBe(409);
    expect(
      (await coord.put(`/api/tatico/os/${os.id}/ativos`, { ativos: [a1.id] })).statusCode,
    ).toBe(409);

    // The asset's history lists the OS with its answers.
    const hist = (
      await tech.get(`/api/tatico/ativos/${a1.id}/preventiva`)
    ).json<AssetMaintenance>();
    expect(hist.historico).toEqual([
      expect.objectContaining({
        os: { id: os.id, codigo: os.codigo, status: 'concluida' },
        selada: true,
        respostas: 2,
      }),
    ]);

    // The PMOC: building, RT, inventory, activities, the execution with its sealed report.
    const p = await plan({
      asset_id: a1.id,
      periodicidade: 'trimestral',
      inicio: todayIn(t.config.COMPANY_TIME_ZONE),
    });
    const ano = Number(todayIn(t.config.COMPANY_TIME_ZONE).slice(0, 4));
    const pdf = await coord.get(`/api/tatico/ativos/contratos/${contractA}/pmoc.pdf?ano=${ano}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfViewerText(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Plano de Manutenção, Operação e Controle (PMOC) — ${ano}`);
    expect(text).toContain('Edifício: Hospital São Lucas — Bloco C');
    expect(text).toContain('Registro CREA/CFT: CREA-SP 5062345678');
    expect(text).toContain('ART/TRT: ART 28027230201234567');
    expect(text).toContain('PMOC-AC-01 — Ar-condicionado split — Bloco P · 3º andar');
    expect(text).toContain('12.000 BTU/h');
    expect(text).toContain(`Preventiva mensal de split (Trimestral): Ativo PMOC-AC-01`);
    expect(text).toContain('Checklist: Filtro limpo; Temperatura de insuflamento');
    expect(text).toContain(`${os.codigo} — PMOC-AC-01`);
    expect(text).toContain(
      'Resultado: 2 de 2 itens — Filtro limpo: Sim; Temperatura de insuflamento: 12,5',
    );
    expect(text).toContain(`${os.codigo} — PMOC-AC-02`);
    expect(text).toContain('Filtro limpo: Não');
    expect(text).toContain(`Equipe: Pessoa Equipe`);
    expect(text).toContain(`Relatório selado, SHA-256 ${sealed.selo!.sha256}`);
    expect(text).toContain(
      `Verificação: http://localhost:3000/os/verificar/${sealed.selo!.verificacao_codigo}`,
    );
    // Plans switched off are not activities of the PMOC.
    expect(text).not.toContain('(A cada 10 dias)');
    const hash = /SHA-256 do conteúdo: ([0-9a-f]{64})/.exec(text)![1]!;
    const code = /Código de verificação: ([0-9a-f-]{36})/.exec(text)![1]!;
    expect(text).toContain(`Verifique em: http://localhost:3000/pmoc/verificar/${code}`);
    const check = await t.app.inject({ method: 'GET', url: `/api/public/pmoc/verificar/${code}` });
    expect(check.json()).toMatchObject({ contrato: 'HSL-P', ano, sha256: hash, autentico: true });

    // Equipe cannot issue it; another contract is not found.
    expect((await tech.get(`/api/tatico/ativos/contratos/${contractA}/pmoc.pdf`)).statusCode).toBe(
      403,
    );
    expect((await coord.get(`/api/tatico/ativos/contratos/${contractB}/pmoc.pdf`)).statusCode).toBe(
      404,
    );
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });

  it('shows late and skipped dates as overdue on the asset, the contract and the year', async () => {
    const a = await asset({ predio: 'Bloco Y' });
    const tz = t.config.COMPANY_TIME_ZONE;
    const today = todayIn(tz);
    const p = await plan({
      asset_id: a.id,
      periodicidade: 'dias',
      intervalo_dias: 30,
      inicio: addDaysTo(today, -40),
    });
    // Generated as if 40 days ago: the first date's OS is long past its planned end.
    const past = new Date(Date.now() - 40 * 86_400_000);
    await runPlanGeneration(deps(), past);
    const occ = await occurrencesOf(p.id);
    expect(occ.length).toBeGreaterThan(0);
    const m = (await coord.get(`/api/tatico/ativos/${a.id}/preventiva`)).json<AssetMaintenance>();
    expect(m.atrasadas.length).toBeGreaterThan(0);
    expect(m.atrasadas[0]).toMatchObject({ ativo: { id: a.id }, estado: 'atrasada' });
    const overdue = (
      await coord.get(`/api/tatico/ativos/preventivas/atrasadas?contract_id=${contractA}`)
    ).json<{ items: { ativo: { id: number } }[] }>();
    expect(overdue.items.some((o) => o.ativo.id === a.id)).toBe(true);
    // Skipped (OS cancelled) counts as overdue too.
    const osId = m.atrasadas[0]!.os!.id;
    await t.database.db
      .update(serviceOrders)
      .set({ status: 'cancelada' })
      .where(eq(serviceOrders.id, osId));
    const again = (
      await coord.get(`/api/tatico/ativos/${a.id}/preventiva`)
    ).json<AssetMaintenance>();
    expect(again.atrasadas.find((o) => o.os?.id === osId)!.estado).toBe('nao_feita');

    const ano = Number(today.slice(0, 4));
    const year = (await tech.get(`/api/tatico/ativos/${a.id}/ano?ano=${ano}`)).json<AssetYear>();
    const row = year.atividades.find((x) => x.plano_id === p.id)!;
    expect(row.meses).toHaveLength(12);
    expect(row.meses).toContain('previsto');
    expect((await tech.get(`/api/tatico/ativos/${a.id}/ano?ano=0`)).statusCode).toBe(400);
    expect((await tech.get(`/api/tatico/ativos/${a.id}/ano?ano=2147483648`)).statusCode).toBe(400);
    await coord.patch(`/api/tatico/ativos/planos/${p.id}`, { ativo: false });
  });
});

function osBody() {
  const tz = t.config.COMPANY_TIME_ZONE;
  const day = todayIn(tz);
  return {
    contract_id: contractA,
    service_type_id: preventiva.id,
    local: 'Hospital São Lucas, Bloco P',
    latitude: -23.5,
    longitude: -46.6,
    previsto_inicio: `${day}T11:00:00.000Z`,
    previsto_fim: `${day}T23:00:00.000Z`,
    pessoas: [s.equipe.id],
  };
}
