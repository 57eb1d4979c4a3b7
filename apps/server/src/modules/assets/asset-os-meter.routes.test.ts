import type { MeterHistory, OsAssets, OsDetail } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assetMeterReadings, contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// The hour meter read in the OS's checklist (issue 34): the team types it after the check-in,
// it is stored as the asset's reading with the OS linked (one per OS and asset, typed again it
// replaces it), on the phone's day, and never below an earlier reading. On a fixed clock:
// Tuesday 17/11/2026, 09:00 in São Paulo.

const NOW = new Date('2026-11-17T12:00:00.000Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let contractId: number;
let serviceTypeId: number;
let gerador: number;
let split: number;
let bomba: number;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  s = await sessionsByRole(t);
  const db = t.database.db;
  const [c] = await db
    .insert(contracts)
    .values({ codigo: 'HSL-M', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' })
    .returning({ id: contracts.id });
  contractId = c!.id;
  await db
    .insert(userContracts)
    .values((['coordenador', 'equipe'] as const).map((r) => ({ userId: s[r].id, contractId })));
  coord = client(t, s.coordenador.cookie);
  tech = client(t, s.equipe.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  const tipo = await coord.post('/api/tatico/os/tipos', {
    nome: 'Preventiva da central',
    itens: [{ titulo: 'Óleo trocado', tipo: 'sim_nao', obrigatorio: true }],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  serviceTypeId = tipo.json<{ id: number }>().id;
  const make = async (tag: string, nome: string, dados: object) => {
    const res = await coord.post('/api/tatico/ativos', {
      contract_id: contractId,
      type_id: types.find((x) => x.nome === nome)!.id,
      tag,
      predio: 'Central de utilidades',
      dados,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ asset: { id: number } }>().asset.id;
  };
  gerador = await make('GMG-01', 'Gerador', { potencia_kva: 450 });
  split = await make('AC-01', 'Ar-condicionado split', {
    capacidade: 12000,
    unidade_capacidade: 'BTU/h',
  });
  bomba = await make('BR-01', 'Bomba', {});
  // The generator has a meter (its readings); the pump gets one through a plan by hours.
  const first = await tech.post(`/api/tatico/ativos/${gerador}/horimetro`, {
    horas: 1300,
    data: '2026-11-10',
  });
  expect(first.statusCode, first.body).toBe(201);
  const plan = await coord.post('/api/tatico/ativos/planos', {
    contract_id: contractId,
    asset_id: bomba,
    service_type_id: serviceTypeId,
    periodicidade: 'horas',
    intervalo_horas: 500,
    inicio: '2026-11-01',
  });
  expect(plan.statusCode, plan.body).toBe(201);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function openOs() {
  const res = await coord.post('/api/tatico/os', {
    contract_id: contractId,
    service_type_id: serviceTypeId,
    local: 'Central de utilidades',
    latitude: -23.5,
    longitude: -46.6,
    previsto_inicio: '2026-11-17T11:00:00.000Z',
    previsto_fim: '2026-11-17T20:00:00.000Z',
    pessoas: [s.equipe.id],
    ativos: [gerador, split, bomba],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OsDetail>().id;
}

const meterUrl = (os: number, asset: number) => `/api/tatico/os/${os}/ativos/${asset}/horimetro`;

describe('the hour meter in the OS checklist', () => {
  it('stores the reading with the OS, replaces it when typed again, refuses a lower one', async () => {
    const os = await openOs();
    const before = (await tech.get(`/api/tatico/os/${os}/ativos`)).json<OsAssets>();
    // The generator (readings) and the pump (plan by hours) have a meter; the split has none.
    expect(before.ativos.map((a) => [a.tag, a.horimetro])).toEqual([
      ['AC-01', null],
      ['BR-01', { ultima: null, desta_os: null }],
      ['GMG-01', { ultima: { horas: 1300, data: '2026-11-10' }, desta_os: null }],
    ]);
    // Before the check-in, like every checklist answer.
    const early = await tech.put(meterUrl(os, gerador), { horas: 1400 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Faça o check-in antes de responder o checklist.');
    const checkIn = await tech.post(`/api/tatico/os/${os}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    const lower = await tech.put(meterUrl(os, gerador), { horas: 1299.5 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toMatchObject({
      error: 'Leitura menor que a anterior (1.300 h em 10/11/2026): o horímetro não volta.',
      field: 'horas',
    });
    // Typed offline yesterday evening on the phone: the reading's day is the phone's.
    const typedAt = '2026-11-16T22:30:00.000Z'; // 19:30 on 16/11 in São Paulo
    const ok = await tech.put(meterUrl(os, gerador), { horas: 1234.5 + 100, device_time: typedAt });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<OsAssets>().ativos.find((a) => a.id === gerador)!.horimetro).toEqual({
      ultima: { horas: 1300, data: '2026-11-10' },
      desta_os: { horas: 1334.5, data: '2026-11-16' },
    });
    // Typed again (the outbox replays or the technician corrects it): still one reading.
    const again = await tech.put(meterUrl(os, gerador), { horas: 1334.5 });
    expect(again.statusCode, again.body).toBe(200);
    const fixed = await tech.put(meterUrl(os, gerador), { horas: 1340 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(assetMeterReadings)
      .where(eq(assetMeterReadings.assetId, gerador))
      .orderBy(assetMeterReadings.data);
    expect(rows.map((r) => [r.horas, r.data, r.serviceOrderId, r.registradoPor])).toEqual([
      [1300, '2026-11-10', null, s.equipe.id],
      [1340, '2026-11-17', os, s.equipe.id],
    ]);
    // The asset's own history shows it like any reading.
    const history = (
      await coord.get(`/api/tatico/ativos/${gerador}/horimetro`)
    ).json<MeterHistory>();
    expect(history.leituras.map((r) => r.horas)).toEqual([1340, 1300]);
    // Its own earlier value does not count as "the previous one": 1.335 h is fine.
    expect((await tech.put(meterUrl(os, gerador), { horas: 1335 })).statusCode).toBe(200);

    // The pump's first reading through the OS.
    const pump = await tech.put(meterUrl(os, bomba), { horas: 87.5 });
    expect(pump.statusCode, pump.body).toBe(200);
    expect(pump.json<OsAssets>().ativos.find((a) => a.id === bomba)!.horimetro).toEqual({
      ultima: null,
      desta_os: { horas: 87.5, data: '2026-11-17' },
    });
  });

  it('refuses hostile values, assets outside the OS and people outside the team', async () => {
    const os = await openOs();
    await tech.post(`/api/tatico/os/${os}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    for (const horas of [-1, 10_000_000, 1.25, '1.234,5', '0x10', 2 ** 31, null, '\u0000']) {
      const res = await tech.put(meterUrl(os, gerador), { horas });
      expect(res.statusCode, `${String(horas)}: ${res.body}`).toBe(400);
    }
    for (const path of [
      `/api/tatico/os/${os}/ativos/0x10/horimetro`,
      `/api/tatico/os/${os}/ativos/2147483648/horimetro`,
      `/api/tatico/os/0/ativos/${gerador}/horimetro`,
    ]) {
      expect((await tech.put(path, { horas: 1400 })).statusCode).toBe(400);
    }
    const badTime = await tech.put(meterUrl(os, gerador), {
      horas: 1400,
      device_time: '0000-01-01T00:00:00Z',
    });
    expect(badTime.statusCode).toBe(400);
    // An asset not on this OS.
    const [other] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'OUT-M', nome: 'Outro', cliente: 'Outro' })
      .returning({ id: contracts.id });
    const foreign = await client(t, s.diretoria.cookie).post('/api/tatico/ativos', {
      contract_id: other!.id,
      type_id: (await coord.get('/api/tatico/ativos/tipos'))
        .json<{ items: { id: number; nome: string }[] }>()
        .items.find((x) => x.nome === 'Gerador')!.id,
      tag: 'GMG-99',
      dados: { potencia_kva: 100 },
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const notHere = await tech.put(
      meterUrl(os, foreign.json<{ asset: { id: number } }>().asset.id),
      { horas: 10 },
    );
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().error).toBe('Este ativo não está na OS.');
    // gestão is not on the team: it reads, it does not record in the OS.
    expect((await coord.put(meterUrl(os, gerador), { horas: 1400 })).statusCode).toBe(403);
    // Nothing of the above was stored.
    const rows = await t.database.db
      .select()
      .from(assetMeterReadings)
      .where(eq(assetMeterReadings.serviceOrderId, os));
    expect(rows).toEqual([]);
  });
});
