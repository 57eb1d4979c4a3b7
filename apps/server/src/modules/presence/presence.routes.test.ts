import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createSecondNode, listen, openSse, type SseClient } from '../../../test/sse.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

let t: TestApp;
let base: string;
let node: Awaited<ReturnType<typeof createSecondNode>>;
let nodeUrl: string;
const open: SseClient[] = [];
let ana: Person;
let bruno: Person;
let carla: Person;
let board: number;
let demand: number;
let hidden: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  node = await createSecondNode(t);
  nodeUrl = await listen(node.app);
  ana = await person(t, 'Coordenador', 'Ana Souza');
  bruno = await person(t, 'Coordenador', 'Bruno Lima');
  carla = await person(t, 'Equipe de Campo', 'Carla Dias');
  const c = await makeContract(t);
  await linkContract(t, c.id, ana.user.id);
  await linkContract(t, c.id, bruno.user.id);
  board = (await makeBoard(t, { contractId: c.id })).id;
  demand = (await makeMural(t, { boardId: board, contractId: c.id })).id;
  // A demand of another contract: Bruno is not linked to it.
  const other = await makeContract(t);
  await linkContract(t, other.id, ana.user.id);
  hidden = (
    await makeMural(t, {
      boardId: (await makeBoard(t, { contractId: other.id })).id,
      contractId: other.id,
    })
  ).id;
});
afterAll(async () => {
  for (const c of open) c.close();
  await node.close();
  await t.close();
});

async function stream(url: string, who: Person) {
  const c = await openSse(url, who.cookie);
  open.push(c);
  await c.next((m) => m.type === 'hello');
  return c;
}

const announce = (who: Person, body: Record<string, unknown>) =>
  who.call('POST', '/api/eproto/presence', body);

describe('POST /api/eproto/presence', () => {
  it('tells the others who see the demand, on another node too, who is editing it', async () => {
    // Bruno's tab is on the second node: the event crosses through NOTIFY.
    const seen = await stream(nodeUrl, bruno);
    const own = await stream(base, ana);
    const res = await announce(ana, { mural_id: demand, acao: 'editando', ativo: true });
    expect(res.statusCode).toBe(204);
    const m = await seen.next((e) => e.type === 'presence' && e.data?.ativo === true);
    expect(m.id).toBe(demand);
    expect(m.data).toEqual({
      mural_id: demand,
      board_id: board,
      user_id: ana.user.id,
      nome: 'Ana Souza',
      avatar: null,
      acao: 'editando',
      ativo: true,
    });
    expect(
      (await announce(ana, { mural_id: demand, acao: 'editando', ativo: false })).statusCode,
    ).toBe(204);
    await seen.next((e) => e.type === 'presence' && e.data?.ativo === false);
    // Her own tabs are not told about herself.
    await seen.next((e) => e.type === 'presence' && e.data?.ativo === false);
    expect(own.messages.filter((e) => e.type === 'presence')).toEqual([]);
  });

  it("never tells someone outside the demand's scope, and refuses a demand out of the caller's", async () => {
    const brunoTab = await stream(base, bruno);
    const carlaTab = await stream(base, carla);
    expect(
      (await announce(ana, { mural_id: hidden, acao: 'movendo', ativo: true })).statusCode,
    ).toBe(204);
    // A later event Bruno and Carla may both see proves the stream went on without it.
    await t.events.publish({ type: 'agenda.changed', userIds: [bruno.user.id, carla.user.id] });
    await brunoTab.next((e) => e.type === 'agenda.changed');
    await carlaTab.next((e) => e.type === 'agenda.changed');
    expect(brunoTab.messages.filter((e) => e.type === 'presence')).toEqual([]);
    expect(carlaTab.messages.filter((e) => e.type === 'presence')).toEqual([]);

    const refused = await announce(bruno, { mural_id: hidden, acao: 'editando', ativo: true });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ error: string }>().error).toBe('Demanda não encontrada.');
    expect(
      (await announce(carla, { mural_id: demand, acao: 'editando', ativo: true })).statusCode,
    ).toBe(404);
  });

  it('refuses hostile values in Portuguese (400)', async () => {
    for (const body of [
      { mural_id: 2 ** 31, acao: 'editando', ativo: true },
      { mural_id: demand, acao: 'apagando', ativo: true },
      { mural_id: demand, acao: 'editando\u0000', ativo: true },
      { mural_id: demand, acao: 'editando', ativo: 'sim' },
      { mural_id: '0x10', acao: 'editando', ativo: true },
    ]) {
      const res = await announce(ana, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/[ãçéêóú]|Informe|inválid/);
    }
  });
});
