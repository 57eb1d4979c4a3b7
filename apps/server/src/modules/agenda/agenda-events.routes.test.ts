import { addDaysTo, RT_EVENTS, startOfDayInZone, todayIn } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEntries } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { linkContract, makeContract, person, type Person } from '../murals/murals.fixtures.ts';
import { client } from '../tatico/test-kit.ts';

// Issue 37: agenda.changed goes to who sees the entry (the gestores of its contract, those of
// every contract, its people), not to everyone, and names the entries whose card changed: the
// entry and the bookings whose conflicts moved with it (their version bumped, so a week held
// by `updated_since` takes them again instead of reading the period whole).
const TZ = 'America/Sao_Paulo';
const day = addDaysTo(todayIn(TZ), 4);
const at = (hour: number) =>
  new Date(startOfDayInZone(day, TZ).getTime() + hour * 3_600_000).toISOString();

let t: TestApp;
let coordA: Person;
let coordB: Person;
let diretoria: Person;
let tecA: Person;
let tecB: Person;
let contractA: number;
let contractB: number;
const heard: AppEvent[] = [];
let stop: () => void;

beforeAll(async () => {
  t = await createTestApp();
  coordA = await person(t, 'Coordenador', 'Coordenadora A');
  coordB = await person(t, 'Coordenador', 'Coordenador B');
  diretoria = await person(t, 'Diretoria');
  tecA = await person(t, 'Equipe', 'Técnico A');
  tecB = await person(t, 'Equipe', 'Técnico B');
  contractA = (await makeContract(t)).id;
  contractB = (await makeContract(t)).id;
  await linkContract(t, contractA, coordA.user.id, tecA.user.id);
  await linkContract(t, contractB, coordB.user.id, tecB.user.id);
  stop = t.events.subscribe((e) => {
    if (e.type === RT_EVENTS.agendaChanged) heard.push(e);
  });
});
afterAll(async () => {
  stop();
  await t.close();
});

async function create(by: Person, contractId: number, pessoas: number[], hour: number) {
  const res = await client(t, by.cookie).post('/api/tatico/agenda', {
    inicio: at(hour),
    fim: at(hour + 1),
    local: 'Estação Sé',
    contract_id: contractId,
    pessoas,
    descricao: `Visita das ${hour}h`,
    confirmar_conflitos: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

interface Week {
  items: { id: number; status: string; conflitos: { entry_id: number }[] }[];
  ids?: number[];
  cursor: string;
}
const week = async (by: Person, since?: string) => {
  const q = since ? `&${cursorParam(since)}` : '';
  const res = await client(t, by.cookie).get(`/api/tatico/agenda?de=${day}&ate=${day}${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Week>();
};
const mine = async (by: Person, since: string) => {
  const q = cursorParam(since);
  const res = await client(t, by.cookie).get(`/api/tatico/agenda/minha?de=${day}&ate=${day}&${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Week>();
};
/** Puts every entry's version an hour back, as if the week had been read since. */
const settle = () =>
  t.database.db.update(agendaEntries).set({ updatedAt: new Date(Date.now() - 3_600_000) });

describe('agenda.changed: who hears it and what it names', () => {
  it('a new entry reaches the gestores of its contract, diretoria and its people only', async () => {
    const id = await create(coordA, contractA, [tecA.user.id], 6);
    const e = heard.at(-1)!;
    expect(e.data).toEqual({ ids: [id] });
    expect(e.userIds).toEqual(
      expect.arrayContaining([coordA.user.id, diretoria.user.id, tecA.user.id]),
    );
    expect(e.userIds).not.toContain(coordB.user.id);
    expect(e.userIds).not.toContain(tecB.user.id);
  });

  it('names the entry written with its version: the updated_at its answer shows', async () => {
    const id = await create(coordA, contractA, [tecA.user.id], 10);
    const made = heard.at(-1)!;
    const page = await client(t, coordA.cookie).get(`/api/tatico/agenda/${id}`);
    expect([made.id, made.version]).toEqual([id, page.json<{ updated_at: string }>().updated_at]);
    const res = await client(t, tecA.cookie).post(`/api/tatico/agenda/${id}/status`, {
      status: 'em_execucao',
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = heard.at(-1)!;
    const answer = res.json<{ updated_at: string }>();
    expect([moved.id, moved.version]).toEqual([id, answer.updated_at]);
    expect(Date.parse(answer.updated_at)).toBeGreaterThan(Date.parse(made.version!));
  });

  it('a booking over another bumps its version: the week asks the delta and sees the conflict', async () => {
    const first = await create(coordA, contractA, [tecA.user.id], 8);
    await settle();
    const held = await week(coordA);
    expect(held.items.find((x) => x.id === first)!.conflitos).toEqual([]);

    // diretoria books the same technician at the same hour on contract B.
    await linkContract(t, contractB, tecA.user.id);
    const second = await create(diretoria, contractB, [tecA.user.id], 8);
    const e = heard.at(-1)!;
    expect(e.data).toEqual({ ids: [second, first] });
    // contract A's coordinator hears it: the card of their entry now shows a conflict.
    expect(e.userIds).toEqual(expect.arrayContaining([coordA.user.id, coordB.user.id]));
    expect(e.userIds).not.toContain(tecB.user.id);

    const delta = await week(coordA, held.cursor);
    expect(delta.items.map((x) => x.id)).toEqual([first]);
    expect(delta.items[0]!.conflitos.map((c) => c.entry_id)).toEqual([second]);
    // contract B's entry is not coordA's: never in its rows nor its ids.
    expect(delta.ids).not.toContain(second);

    // Cancelling the second ends the conflict: the first is sent again, without it.
    await settle();
    const before = await week(coordA);
    const res = await client(t, diretoria.cookie).post(`/api/tatico/agenda/${second}/status`, {
      status: 'cancelado',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(heard.at(-1)!.data).toEqual({ ids: [second, first] });
    const after = await week(coordA, before.cursor);
    expect(after.items.map((x) => [x.id, x.conflitos])).toEqual([[first, []]]);
  });

  it("moving an entry to another contract tells the old contract's gestor and drops it", async () => {
    const id = await create(coordA, contractA, [tecA.user.id], 14);
    await settle();
    const held = await week(coordA);
    const body = {
      inicio: at(14),
      fim: at(15),
      local: 'Estação Sé',
      contract_id: contractB,
      pessoas: [tecA.user.id],
      descricao: 'Mudou de contrato',
    };
    const res = await client(t, diretoria.cookie).put(`/api/tatico/agenda/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(heard.at(-1)!.userIds).toEqual(expect.arrayContaining([coordA.user.id, coordB.user.id]));
    const delta = await week(coordA, held.cursor);
    expect(delta.items).toEqual([]);
    expect(delta.ids).not.toContain(id);
  });

  it("a technician's Minha agenda delta never holds another person's entry", async () => {
    const since = new Date(Date.now() - 600_000).toISOString();
    const ofB = await create(coordB, contractB, [tecB.user.id], 18);
    expect(heard.at(-1)!.userIds).not.toContain(tecA.user.id);
    const delta = await mine(tecA, since);
    expect(delta.items.map((x) => x.id)).not.toContain(ofB);
    expect(delta.ids).not.toContain(ofB);
    expect((await mine(tecB, since)).ids).toContain(ofB);
  });

  it('bytes: a booking seen by an open week, as a delta of the two cards it changed', async () => {
    const coord = await person(t, 'Coordenador', 'Coordenadora C');
    const tec = await person(t, 'Equipe', 'Técnico C');
    const contract = (await makeContract(t)).id;
    await linkContract(t, contract, coord.user.id, tec.user.id);
    const ate = addDaysTo(day, 4);
    for (let d = 0; d < 5; d += 1) {
      for (const hour of [6, 8, 10, 12, 14]) {
        const inicio = new Date(Date.parse(at(hour)) + d * 86_400_000).toISOString();
        const res = await client(t, coord.cookie).post('/api/tatico/agenda', {
          inicio,
          fim: new Date(Date.parse(inicio) + 3_600_000).toISOString(),
          local: `Estação ${d}-${hour}`,
          contract_id: contract,
          pessoas: [tec.user.id],
          descricao: `Manutenção preventiva da escada rolante ${d}-${hour}`,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    await settle();
    const path = `/api/tatico/agenda?de=${day}&ate=${ate}`;
    const whole = await client(t, coord.cookie).get(path);
    const held = whole.json<Week>();
    expect(held.items).toHaveLength(25);
    const booked = await create(coord, contract, [tec.user.id], 8);
    const delta = await client(t, coord.cookie).get(`${path}&${cursorParam(held.cursor)}`);
    expect(delta.json<Week>().items).toHaveLength(2);
    const read = await client(t, coord.cookie).get(path);
    const before = Buffer.byteLength(read.body);
    const after = Buffer.byteLength(delta.body);
    console.info(
      `Booking seen by an open week (25 entries): before ${before} B (week read whole), ` +
        `after ${after} B (delta: entry ${booked} and the one it clashes with)`,
    );
    expect(after * 5).toBeLessThan(before);
  });

  it.each(HOSTILE_CURSORS.concat(['0x10']))(
    'refuses the hostile cursor %j on the week and Minha agenda with 400',
    async (value) => {
      for (const path of ['/api/tatico/agenda', '/api/tatico/agenda/minha']) {
        const res = await client(t, coordA.cookie).get(
          `${path}?de=${day}&ate=${day}&${cursorParam(value)}`,
        );
        expect(res.statusCode, `${path} ${value}`).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(/updated_since|inválido/);
      }
    },
  );
});
