import type { AssetListResponse, AssetMaintenance, Contract } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contracts, planOccurrences, serviceOrders, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';
import { runPlanGeneration } from './assets-plans.generate.ts';

// Overdue preventive maintenance (issue 34, point 3), on a fixed clock: a due date whose OS
// passed its planned end unconcluded, or whose OS was cancelled (skipped), counts on the asset
// list (`atrasadas`, the filter `?atrasadas=true`), on the asset's page data and on the
// contract's row of /eproto/contracts; a concluded one and one not yet due do not.

const NOW = new Date('2026-03-10T15:00:00.000Z'); // Tuesday, 12:00 in São Paulo
const BEFORE_DUE = new Date('2026-01-26T12:00:00.000Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
const ids: Record<'late' | 'done' | 'skipped' | 'none' | 'foreign', number> = {
  late: 0,
  done: 0,
  skipped: 0,
  none: 0,
  foreign: 0,
};

const deps = () => ({ ...serviceDepsOf(t), agenda: t.app.services.agenda });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  s = await sessionsByRole(t);
  const db = t.database.db;
  const rows = await db
    .insert(contracts)
    .values([
      { codigo: 'HSL-A', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT-A', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  await db.insert(userContracts).values(
    (['coordenador', 'gerente', 'equipe'] as const).map((r) => ({
      userId: s[r].id,
      contractId: contractA,
    })),
  );
  coord = client(t, s.coordenador.cookie);
  const diretoria = client(t, s.diretoria.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  const bomba = types.find((x) => x.nome === 'Bomba')!.id;
  const tipo = await coord.post('/api/tatico/os/tipos', {
    nome: 'Preventiva de bomba',
    itens: [{ titulo: 'Selo sem vazamento', tipo: 'sim_nao', obrigatorio: true }],
  });
  expect(tipo.statusCode, tipo.body).toBe(201);
  const serviceTypeId = tipo.json<{ id: number }>().id;
  for (const [c, contractId] of [
    [coord, contractA],
    [diretoria, contractB],
  ] as const) {
    const put = await c.put(`/api/tatico/ativos/contratos/${contractId}/preventiva`, {
      horizonte_dias: 30,
      equipe: [],
      hora_inicio: 8,
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  // One asset per building, so each due date gets its own OS.
  const make = async (c: typeof coord, contractId: number, tag: string, withPlan: boolean) => {
    const res = await c.post('/api/tatico/ativos', {
      contract_id: contractId,
      type_id: bomba,
      tag,
      predio: `Bloco ${tag}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ asset: { id: number } }>().asset.id;
    if (withPlan) {
      const p = await c.post('/api/tatico/ativos/planos', {
        contract_id: contractId,
        service_type_id: serviceTypeId,
        asset_id: id,
        periodicidade: 'mensal',
        inicio: '2026-02-02',
      });
      expect(p.statusCode, p.body).toBe(201);
    }
    return id;
  };
  ids.late = await make(coord, contractA, 'LATE', true);
  ids.done = await make(coord, contractA, 'DONE', true);
  ids.skipped = await make(coord, contractA, 'SKIP', true);
  ids.none = await make(coord, contractA, 'NONE', false);
  ids.foreign = await make(diretoria, contractB, 'FORE', true);
  // The job ran in January: each plan's 02/02 date got its OS (planned 02/02, 08:00).
  await runPlanGeneration(deps(), BEFORE_DUE);
  const osOf = async (assetId: number) => {
    const [o] = await db.select().from(planOccurrences).where(eq(planOccurrences.assetId, assetId));
    return o!.serviceOrderId!;
  };
  await db
    .update(serviceOrders)
    .set({ status: 'concluida' })
    .where(eq(serviceOrders.id, await osOf(ids.done)));
  await db
    .update(serviceOrders)
    .set({ status: 'cancelada' })
    .where(eq(serviceOrders.id, await osOf(ids.skipped)));
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function overdueByTag(query = '') {
  const res = await coord.get(`/api/tatico/ativos?contract_id=${contractA}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<AssetListResponse>();
  return {
    total: body.total,
    byTag: Object.fromEntries(body.items.map((a) => [a.tag, a.atrasadas])),
  };
}

async function contractRow(cookie: string, id: number) {
  const res = await client(t, cookie).get('/api/eproto/contracts');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Contract[]>().find((c) => c.id === id);
}

describe('overdue preventive maintenance (fixed clock)', () => {
  it('counts late and skipped dates per asset, and filters the list by them', async () => {
    vi.setSystemTime(NOW);
    expect((await overdueByTag()).byTag).toEqual({ DONE: 0, LATE: 1, NONE: 0, SKIP: 1 });
    const only = await overdueByTag('&atrasadas=true');
    expect(only).toEqual({ total: 2, byTag: { LATE: 1, SKIP: 1 } });
    // Without the filter (or false), every asset.
    expect((await overdueByTag('&atrasadas=false')).total).toBe(4);
    // Another contract's overdue asset stays out of the coordenador's filter.
    const all = (await coord.get('/api/tatico/ativos?atrasadas=true')).json<AssetListResponse>();
    expect(all.items.map((a) => a.tag).sort()).toEqual(['LATE', 'SKIP']);
  });

  it('shows the late OS as atrasada on the asset page data', async () => {
    vi.setSystemTime(NOW);
    const m = (
      await coord.get(`/api/tatico/ativos/${ids.late}/preventiva`)
    ).json<AssetMaintenance>();
    expect(m.atrasadas).toHaveLength(1);
    const late = m.atrasadas[0]!;
    expect(late).toMatchObject({ dia: '2026-02-02', estado: 'atrasada' });
    // The same OS is still open: the page's open-OS card marks it.
    const open = m.historico.find((h) => h.os.id === late.os!.id)!;
    expect(open.os.status).toBe('aberta');
    const skipped = (
      await coord.get(`/api/tatico/ativos/${ids.skipped}/preventiva`)
    ).json<AssetMaintenance>();
    expect(skipped.atrasadas.map((o) => o.estado)).toEqual(['nao_feita']);
  });

  it('counts them on the contract row of /eproto/contracts', async () => {
    vi.setSystemTime(NOW);
    expect(await contractRow(s.gerente.cookie, contractA)).toMatchObject({
      preventivas_atrasadas: 2,
    });
    // The gerente is not linked to the other contract; diretoria sees its one late date.
    expect(await contractRow(s.gerente.cookie, contractB)).toBeUndefined();
    expect(await contractRow(s.diretoria.cookie, contractB)).toMatchObject({
      preventivas_atrasadas: 1,
    });
  });

  it('before the due date nothing is overdue but the skipped one', async () => {
    vi.setSystemTime(BEFORE_DUE);
    expect((await overdueByTag()).byTag).toEqual({ DONE: 0, LATE: 0, NONE: 0, SKIP: 1 });
    expect(await contractRow(s.gerente.cookie, contractA)).toMatchObject({
      preventivas_atrasadas: 1,
    });
    vi.setSystemTime(NOW);
  });

  it('refuses a malformed filter with 400', async () => {
    for (const v of ['1', 'sim', '\u0000', '0x10']) {
      const res = await coord.get(`/api/tatico/ativos?atrasadas=${encodeURIComponent(v)}`);
      expect(res.statusCode, v).toBe(400);
    }
  });
});
