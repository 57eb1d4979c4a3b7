import { addDaysTo, startOfDayInZone, todayIn } from '@eproto/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEntries, contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// GET /api/tatico/agenda/minha?updated_since= : the phone's cheap sync of its week.
const TZ = 'America/Sao_Paulo';
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let contractId: number;
const day = addDaysTo(todayIn(TZ), 3);
const at = (hour: number) =>
  new Date(startOfDayInZone(day, TZ).getTime() + hour * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  equipe = client(t, s.equipe.cookie);
  const [row] = await t.database.db
    .insert(contracts)
    .values({ codigo: 'SY-A', nome: 'Sincronização', cliente: 'Cliente' })
    .returning({ id: contracts.id });
  contractId = row!.id;
  await t.database.db.insert(userContracts).values([{ userId: s.coordenador.id, contractId }]);
});
afterAll(async () => t.close());

async function create(descricao: string, hour: number) {
  const res = await coord.post('/api/tatico/agenda', {
    inicio: at(hour),
    fim: at(hour + 1),
    local: 'Estação Sé',
    contract_id: contractId,
    pessoas: [s.equipe.id],
    descricao,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

interface Synced {
  items: { id: number; status: string; descricao: string }[];
  cursor: string;
  ids?: number[];
}
const mine = (q = '') => equipe.get(`/api/tatico/agenda/minha?de=${day}&ate=${day}${q}`);

describe('updated_since on minha agenda', () => {
  it('answers only what changed after the cursor, with the ids still there', async () => {
    const old = await create('Sem mudança', 6);
    const changed = await create('Mudou depois', 8);
    const cancelled = await create('Cancelada depois', 10);
    const removed = await create('Outra pessoa depois', 12);
    // All four last changed an hour ago; the phone synced 10 minutes ago.
    await t.database.db
      .update(agendaEntries)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(inArray(agendaEntries.id, [old.id, changed.id, cancelled.id, removed.id]));
    const since = new Date(Date.now() - 600_000).toISOString();

    const full = await mine();
    expect(full.statusCode).toBe(200);
    const fullBody = full.json<Synced>();
    expect(fullBody.items.map((e) => e.id)).toEqual([old.id, changed.id, cancelled.id, removed.id]);
    expect(fullBody.ids).toBeUndefined();
    expect(Date.parse(fullBody.cursor)).toBeLessThan(Date.now());

    expect(
      (await mine(`&updated_since=${encodeURIComponent(since)}`)).json<Synced>(),
    ).toMatchObject({ items: [], ids: [old.id, changed.id, cancelled.id, removed.id] });

    const put = await coord.get(`/api/tatico/agenda/${changed.id}`);
    const body = put.json<Record<string, unknown>>();
    expect(
      (
        await coord.put(`/api/tatico/agenda/${changed.id}`, {
          inicio: body.inicio,
          fim: body.fim,
          local: 'Estação Luz',
          contract_id: contractId,
          pessoas: [s.equipe.id],
          descricao: 'Mudou depois',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await coord.post(`/api/tatico/agenda/${cancelled.id}/status`, { status: 'cancelado' }))
        .statusCode,
    ).toBe(200);
    const other = await coord.get(`/api/tatico/agenda/${removed.id}`);
    const o = other.json<Record<string, unknown>>();
    expect(
      (
        await coord.put(`/api/tatico/agenda/${removed.id}`, {
          inicio: o.inicio,
          fim: o.fim,
          local: 'Estação Sé',
          contract_id: contractId,
          pessoas: [s.coordenador.id],
          descricao: 'Outra pessoa depois',
        })
      ).statusCode,
    ).toBe(200);

    const delta = (await mine(`&updated_since=${encodeURIComponent(since)}`)).json<Synced>();
    // Changed after the cursor: sent (the cancellation as its status); unchanged: not sent.
    expect(delta.items.map((e) => [e.id, e.status])).toEqual([
      [changed.id, 'agendado'],
      [cancelled.id, 'cancelado'],
    ]);
    // The entry given to someone else is gone from the ids: the phone drops it.
    expect(delta.ids).toEqual([old.id, changed.id, cancelled.id]);
  });

  it.each([
    ['ontem', 'ontem'],
    ['no zone', '2026-03-10T08:30:00'],
    ['impossible date', '2026-02-30T08:00:00Z'],
    ['a number', '1700000000'],
  ])('refuses a hostile updated_since (%s) with 400 in Portuguese', async (_, value) => {
    const res = await mine(`&updated_since=${encodeURIComponent(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain('updated_since');
  });
});
