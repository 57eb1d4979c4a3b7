import { addDaysTo, RT_EVENTS, todayIn } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epiDeliveries, epiItems, requests } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client, drawnSignature, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 37: every EPI writer publishes 'epi.changed' with what changed ({ id, version, data })
// to who may see it only, and the lists it touches answer a delta from their cursor.

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let other: { id: number; api: ReturnType<typeof client> };
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  equipe = client(t, s.equipe.cookie);
  const u = await createUser(t, { role: 'Equipe de Campo', nome: 'Outro Técnico' });
  other = { id: u.id, api: client(t, await login(t, u.email)) };
});
afterAll(async () => t.close());

/** The events a write publishes, and its answer. */
async function eventsOf<T>(write: () => Promise<T>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => seen.push(e));
  const out = await write();
  stop();
  return { seen: seen.filter((e) => e.type === RT_EVENTS.epiChanged), out };
}

interface Delivery {
  id: number;
  status: string;
  updated_at: string;
  colaborador: { id: number };
  item: { id: number; nome: string };
}
interface Synced {
  items: Delivery[];
  cursor: string;
  ids?: number[];
}

async function item(nome: string) {
  const res = await coord.post('/api/tatico/epi/itens', {
    nome,
    ca_numero: '20304',
    ca_validade: addDaysTo(today, 365),
    tamanho: 'M',
    vida_util_dias: 180,
    estoque_inicial: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const deliver = (itemId: number, colaborador = s.equipe.id) =>
  coord.post('/api/tatico/epi/entregas', {
    colaborador_id: colaborador,
    item_id: itemId,
    data: today,
    quantidade: 1,
    motivo: 'admissao',
  });

/** Every EPI row and request last changed an hour ago: a list read now has nothing newer. */
async function lastChangedAnHourAgo() {
  const hourAgo = new Date(Date.now() - 3_600_000);
  await t.database.db.update(epiItems).set({ updatedAt: hourAgo });
  await t.database.db.update(epiDeliveries).set({ updatedAt: hourAgo });
  await t.database.db.update(requests).set({ updatedAt: hourAgo });
}

const managers = () => [s.coordenador.id, s.gerente.id, s.diretoria.id];

/** Who an event reaches: the gestores and `people`, never the other roles nor another person. */
function reaches(ev: AppEvent | undefined, people: number[], name = '') {
  expect(ev?.userIds, name).toEqual(expect.arrayContaining([...managers(), ...people]));
  for (const outsider of [other.id, s.ti.id, s.administrador.id, s.financeiro.id, s.equipe.id]) {
    if (!people.includes(outsider)) expect(ev?.userIds, name).not.toContain(outsider);
  }
}

describe("'epi.changed': what changed, to who may see it", () => {
  it('every delivery writer sends its id and version to its person and the gestores only', async () => {
    const itemId = await item('Luva de vaqueta');
    const made = await eventsOf(() => deliver(itemId));
    const d = made.out.json<Delivery>();
    type Write = Awaited<ReturnType<typeof eventsOf<Awaited<ReturnType<typeof deliver>>>>>;
    const checks: Array<[string, Write, object]> = [['deliver', made, { stock: true }]];
    checks.push([
      'confirm',
      await eventsOf(() => equipe.post(`/api/tatico/epi/entregas/${d.id}/confirmar`)),
      {},
    ]);
    checks.push([
      'replacement',
      await eventsOf(() =>
        equipe.post(`/api/tatico/epi/entregas/${d.id}/substituicao`, { motivo: 'desgaste' }),
      ),
      { replacement: true },
    ]);
    checks.push([
      'return',
      await eventsOf(() =>
        coord.post(`/api/tatico/epi/entregas/${d.id}/devolucao`, {
          data: today,
          motivo: 'Desligamento',
          retorna_estoque: true,
        }),
      ),
      { stock: true },
    ]);
    const unsigned = (await deliver(itemId)).json<Delivery>();
    checks.push([
      'sign',
      await eventsOf(() =>
        coord.post(`/api/tatico/epi/entregas/${unsigned.id}/assinatura`, drawnSignature()),
      ),
      {},
    ]);
    for (const [name, { seen, out }, extra] of checks) {
      const answer = out.json<Delivery | { entrega: Delivery }>();
      const row = 'entrega' in answer ? answer.entrega : answer;
      expect(seen, name).toHaveLength(1);
      const ev = seen[0]!;
      // The version is the row's as the lists show it: a list holding the answer asks nothing.
      expect(ev, name).toMatchObject({ id: row.id, version: row.updated_at });
      expect(ev.data, name).toEqual({
        kind: 'delivery',
        item_id: itemId,
        colaborador_id: s.equipe.id,
        ...extra,
      });
      reaches(ev, [s.equipe.id], name);
    }
  });

  it("a catalogue item's change: to the gestores, and to its holders when its name changes", async () => {
    const itemId = await item('Capacete aba frontal');
    await deliver(itemId);
    const stock = await eventsOf(() =>
      coord.post(`/api/tatico/epi/itens/${itemId}/entradas`, { quantidade: 3 }),
    );
    expect(stock.seen).toHaveLength(1);
    expect(stock.seen[0]).toMatchObject({
      id: itemId,
      version: expect.any(String),
      data: { kind: 'item', item_id: itemId, stock: true, holders: false },
    });
    reaches(stock.seen[0], []);

    const renamed = await eventsOf(() =>
      coord.patch(`/api/tatico/epi/itens/${itemId}`, { nome: 'Capacete classe A' }),
    );
    reaches(renamed.seen[0], [s.equipe.id]);
    expect(renamed.seen[0]!.data).toMatchObject({ holders: true });
    // The holder's delivery now shows that version: its list asks from its cursor and gets it.
    const mine = (await equipe.get('/api/tatico/epi/minhas-entregas')).json<Synced>();
    const row = mine.items.find((r) => r.item.id === itemId)!;
    expect(row.item.nome).toBe('Capacete classe A');
    expect(row.updated_at).toBe(renamed.seen[0]!.version);
  });
});

describe('GET /tatico/epi/entregas?updated_since= (the gestores list, synced)', () => {
  it("answers the filters' ids now and only the rows changed since, never another filter's", async () => {
    const itemId = await item('Protetor facial');
    const a = (await deliver(itemId)).json<Delivery>();
    const b = (await deliver(itemId, other.id)).json<Delivery>();
    await lastChangedAnHourAgo();
    const whole = (
      await coord.get(`/api/tatico/epi/entregas?colaborador_id=${s.equipe.id}&status=pendente`)
    ).json<Synced>();
    expect(whole.ids).toBeUndefined();
    expect(whole.items.map((r) => r.id)).toContain(a.id);
    expect(whole.items.map((r) => r.id)).not.toContain(b.id);

    const { seen } = await eventsOf(() =>
      equipe.post(`/api/tatico/epi/entregas/${a.id}/confirmar`),
    );
    await other.api.post(`/api/tatico/epi/entregas/${b.id}/confirmar`);
    const query = `colaborador_id=${s.equipe.id}&${cursorParam(whole.cursor)}`;
    const delta = (await coord.get(`/api/tatico/epi/entregas?${query}`)).json<Synced>();
    // Only the person's delivery that changed; the other person's never comes.
    expect(delta.items.map((r) => [r.id, r.status])).toEqual([[a.id, 'confirmada']]);
    expect(delta.items[0]!.updated_at).toBe(seen[0]!.version);
    expect(delta.ids).toContain(a.id);
    expect(delta.ids).not.toContain(b.id);
    // A pending-only list drops it (its ids no longer name it).
    const pending = (
      await coord.get(
        `/api/tatico/epi/entregas?colaborador_id=${s.equipe.id}&status=pendente&${cursorParam(whole.cursor)}`,
      )
    ).json<Synced>();
    expect(pending.ids).not.toContain(a.id);
    expect(pending.items).toEqual([]);
  });

  it('a change of one delivery in a list of 25: the delta is a fraction of the whole list', async () => {
    const itemId = await item('Botina');
    const person = await createUser(t, { role: 'Equipe de Campo', nome: 'Técnico Medido' });
    const rows: Delivery[] = [];
    for (let i = 0; i < 25; i++) {
      rows.push((await deliver(itemId, person.id)).json<Delivery>());
      if (i % 9 === 8)
        await coord.post(`/api/tatico/epi/itens/${itemId}/entradas`, { quantidade: 9 });
    }
    const list = `/api/tatico/epi/entregas?colaborador_id=${person.id}`;
    await lastChangedAnHourAgo();
    const whole = await coord.get(list);
    const { cursor } = whole.json<Synced>();
    const { seen } = await eventsOf(() =>
      coord.post(`/api/tatico/epi/entregas/${rows[3]!.id}/assinatura`, drawnSignature()),
    );
    const delta = await coord.get(`${list}&${cursorParam(cursor)}`);
    expect(delta.json<Synced>().items.map((r) => r.id)).toEqual([rows[3]!.id]);
    const bytes = { whole: Buffer.byteLength(whole.body), delta: Buffer.byteLength(delta.body) };
    const event = Buffer.byteLength(JSON.stringify(seen[0]));
    if (process.env.EPI_BYTES) console.info(JSON.stringify({ ...bytes, event }));
    expect(bytes.delta * 10).toBeLessThan(bytes.whole);
  });

  it('is for gestores only (a technician gets 403, even with a cursor)', async () => {
    const since = cursorParam(new Date().toISOString());
    expect((await equipe.get(`/api/tatico/epi/entregas?${since}`)).statusCode).toBe(403);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400', async (value) => {
    const res = await coord.get(`/api/tatico/epi/entregas?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
  });

  it.each(['colaborador_id=2147483648', 'colaborador_id=0x10', 'colaborador_id=%00', 'status=x'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      expect((await coord.get(`/api/tatico/epi/entregas?${param}&${since}`)).statusCode).toBe(400);
    },
  );
});
