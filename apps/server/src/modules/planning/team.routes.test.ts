import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  person,
  type Person,
} from './planning.fixtures.ts';

let t: TestApp;
let coord: Person;
let gerente: Person;
let diretor: Person;
let onContract: Person;
let onBoard: Person;
let gone: Person;
let stranger: Person;
let otherCoord: Person;
let teamGerente: Person;

const ids = (body: { id: number }[]) => body.map((m) => m.id).sort((a, b) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  coord = await person(t, 'Coordenador', 'Carla Coord');
  gerente = await person(t, 'Gerente', 'Gil Gerente');
  diretor = await person(t, 'Diretoria');
  onContract = await person(t, 'Equipe de Campo', 'Ana Contrato');
  onBoard = await person(t, 'Equipe', 'Bruno Quadro');
  gone = await person(t, 'Equipe', 'Inativo');
  stranger = await person(t, 'Equipe', 'Estranho');
  otherCoord = await person(t, 'Coordenador', 'Outro Coord');
  teamGerente = await person(t, 'Gerente', 'Gerente do contrato');
  const c = await makeContract(t);
  await linkContract(t, c.id, coord.user.id, onContract.user.id, gone.user.id, teamGerente.user.id);
  await t.database.db.update(users).set({ active: false }).where(eq(users.id, gone.user.id));
  // a board Carla participates in brings Bruno
  const board = await makeBoard(t, { participants: [coord.user.id, onBoard.user.id] });
  // the gerente shares only the board with Carla
  const c2 = await makeContract(t);
  await linkContract(t, c2.id, gerente.user.id, coord.user.id, otherCoord.user.id);
  const m = await makeMural(t, { boardId: board.id, contractId: c.id });
  await makeDatedTask(t, { muralId: m.id, responsavelId: onContract.user.id });
  await makeDatedTask(t, { muralId: m.id, responsavelId: onContract.user.id });
  await makeDatedTask(t, { muralId: m.id, responsavelId: onContract.user.id, stage: 'concluido' });
  await makeDatedTask(t, { muralId: m.id, responsavelId: onBoard.user.id });
});
afterAll(async () => t.close());

describe('GET /api/eproto/team/members', () => {
  it('the team of a coordenador: contract and board colleagues of equipe/coordenador roles', async () => {
    const res = await diretor.call(
      'GET',
      `/api/eproto/team/members?coordenador_id=${coord.user.id}`,
    );
    expect(res.statusCode).toBe(200);
    // inactive people, gerentes and people sharing nothing are not in it
    expect(ids(res.json())).toEqual(
      sorted(coord.user.id, onContract.user.id, onBoard.user.id, otherCoord.user.id),
    );
    const ana = res.json().find((m: { id: number }) => m.id === onContract.user.id);
    expect(ana).toMatchObject({ nome: 'Ana Contrato', type: 'equipe', tarefas_abertas: 2 });
  });

  it('a coordenador without coordenador_id gets their own team', async () => {
    const res = await coord.call('GET', '/api/eproto/team/members');
    expect(ids(res.json())).toEqual(
      sorted(coord.user.id, onContract.user.id, onBoard.user.id, otherCoord.user.id),
    );
  });

  it('limits the team to people the caller may see', async () => {
    // the gerente shares contract 2 with Carla and Outro, nothing with Ana or Bruno
    const res = await gerente.call(
      'GET',
      `/api/eproto/team/members?coordenador_id=${coord.user.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(sorted(coord.user.id, otherCoord.user.id));
  });

  it('without coordenador_id: people sharing a contract or board, or everyone for diretoria', async () => {
    const mine = await onBoard.call('GET', '/api/eproto/team/members');
    expect(ids(mine.json())).toEqual(sorted(onBoard.user.id, coord.user.id));
    const all = await diretor.call('GET', '/api/eproto/team/members');
    expect(ids(all.json())).toContain(stranger.user.id);
    expect(ids(all.json())).not.toContain(gone.user.id);
  });

  it('answers 404 for an unknown, inactive, out-of-scope or non-coordenador id', async () => {
    for (const id of [999999, gone.user.id, gerente.user.id]) {
      const res = await diretor.call('GET', `/api/eproto/team/members?coordenador_id=${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error).toBe('Coordenador não encontrado.');
    }
    const res = await stranger.call(
      'GET',
      `/api/eproto/team/members?coordenador_id=${coord.user.id}`,
    );
    expect(res.statusCode).toBe(404);
    const bad = await diretor.call('GET', '/api/eproto/team/members?coordenador_id=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/eproto/team/coordenadores', () => {
  it('lists the coordenadores the caller sees', async () => {
    const g = await gerente.call('GET', '/api/eproto/team/coordenadores');
    expect(ids(g.json())).toEqual(sorted(coord.user.id, otherCoord.user.id));
    const s = await stranger.call('GET', '/api/eproto/team/coordenadores');
    expect(s.json()).toEqual([]);
    const d = await diretor.call('GET', '/api/eproto/team/coordenadores');
    expect(ids(d.json())).toEqual(expect.arrayContaining([coord.user.id, otherCoord.user.id]));
  });
});
