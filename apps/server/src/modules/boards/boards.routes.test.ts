import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

let t: TestApp;
let coordenador: Person;
let equipe: Person;
let outsider: Person;
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  coordenador = await person(t, 'Coordenador', 'Marcos Ribeiro');
  equipe = await person(t, 'Equipe', 'João Pereira');
  outsider = await person(t, 'Gerente', 'Outro Gerente');
  contractId = (await makeContract(t)).id;
  await linkContract(t, contractId, coordenador.user.id);
});
afterAll(async () => t.close());

describe('boards', () => {
  it('a gestor creates a board with participants; it is listed with its counters', async () => {
    const res = await coordenador.call('POST', '/api/eproto/boards', {
      nome: 'Manutenção — Bloco A',
      contract_id: contractId,
      cor: '#12b886',
      participants: [equipe.user.id],
    });
    expect(res.statusCode).toBe(201);
    const board = res.json<{ id: number }>();
    expect(board).toMatchObject({
      nome: 'Manutenção — Bloco A',
      contract_id: contractId,
      cor: '#12b886',
      participantes: 1,
      demandas: 0,
      can_edit: true,
    });
    const list = await equipe.call('GET', '/api/eproto/boards');
    expect(list.json()).toMatchObject([{ id: board.id, can_edit: false }]);
    const parts = await equipe.call('GET', `/api/eproto/boards/${board.id}/participants`);
    expect(parts.json()).toMatchObject([
      { user_key: equipe.user.id, user: { nome: 'João Pereira' } },
    ]);
  });

  it('refuses bad input (400), non-gestores (403) and out-of-scope contracts (404)', async () => {
    const before = (await t.database.db.select().from(boards)).length;
    expect((await coordenador.call('POST', '/api/eproto/boards', { nome: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await coordenador.call('POST', '/api/eproto/boards', { nome: 'Quadro', cor: 'verde' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await coordenador.call('POST', '/api/eproto/boards', {
          nome: 'Quadro',
          participants: [999999],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await equipe.call('POST', '/api/eproto/boards', { nome: 'Meu quadro' })).statusCode,
    ).toBe(403);
    expect(
      (
        await outsider.call('POST', '/api/eproto/boards', {
          nome: 'Quadro',
          contract_id: contractId,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.database.db.select().from(boards)).length).toBe(before);
  });

  it('scopes reads: an outsider gets 404 on the board and does not list it', async () => {
    const b = await makeBoard(t, { contractId });
    expect((await outsider.call('GET', `/api/eproto/boards/${b.id}`)).statusCode).toBe(404);
    expect((await outsider.call('GET', `/api/eproto/boards/${b.id}/participants`)).statusCode).toBe(
      404,
    );
    expect(
      (await outsider.call('PATCH', `/api/eproto/boards/${b.id}`, { nome: 'Invadido' })).statusCode,
    ).toBe(404);
    expect((await outsider.call('DELETE', `/api/eproto/boards/${b.id}`)).statusCode).toBe(404);
    const list = await outsider.call('GET', '/api/eproto/boards');
    expect(list.json<{ id: number }[]>().some((x) => x.id === b.id)).toBe(false);
    expect((await coordenador.call('GET', `/api/eproto/boards/${b.id}`)).statusCode).toBe(200);
  });

  it('a person sees a board where they have a demand, counting only their demands', async () => {
    const b = await makeBoard(t);
    await makeMural(t, { boardId: b.id, responsavelId: equipe.user.id });
    await makeMural(t, { boardId: b.id });
    const res = await equipe.call('GET', `/api/eproto/boards/${b.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ demandas: 1 });
  });

  it('edits, manages participants and deletes (refused while it has demands)', async () => {
    const b = await makeBoard(t, { contractId });
    const patch = await coordenador.call('PATCH', `/api/eproto/boards/${b.id}`, {
      nome: 'Renomeado',
      descricao: null,
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ nome: 'Renomeado', descricao: null });
    expect((await coordenador.call('PATCH', `/api/eproto/boards/${b.id}`, {})).statusCode).toBe(
      400,
    );
    const add = await coordenador.call('POST', `/api/eproto/boards/${b.id}/participants`, {
      user_key: outsider.user.id,
    });
    expect(add.statusCode).toBe(201);
    expect((await outsider.call('GET', `/api/eproto/boards/${b.id}`)).statusCode).toBe(200);
    expect(
      (
        await coordenador.call('POST', `/api/eproto/boards/${b.id}/participants`, {
          user_key: outsider.user.id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await coordenador.call(
          'DELETE',
          `/api/eproto/boards/${b.id}/participants/${outsider.user.id}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await outsider.call('GET', `/api/eproto/boards/${b.id}`)).statusCode).toBe(404);
    expect(
      (
        await coordenador.call(
          'DELETE',
          `/api/eproto/boards/${b.id}/participants/${outsider.user.id}`,
        )
      ).statusCode,
    ).toBe(404);
    const m = await makeMural(t, { boardId: b.id, contractId });
    const refused = await coordenador.call('DELETE', `/api/eproto/boards/${b.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/ainda tem demandas/);
    const other = await makeBoard(t, { contractId });
    await coordenador.call('PATCH', `/api/eproto/murals/${m.id}`, { board_id: other.id });
    expect((await coordenador.call('DELETE', `/api/eproto/boards/${b.id}`)).statusCode).toBe(200);
    expect((await coordenador.call('GET', `/api/eproto/boards/${b.id}`)).statusCode).toBe(404);
  });

  it('board participants who are not gestores cannot edit it (403)', async () => {
    const b = await makeBoard(t, { participants: [equipe.user.id] });
    expect(
      (await equipe.call('PATCH', `/api/eproto/boards/${b.id}`, { nome: 'Meu nome' })).statusCode,
    ).toBe(403);
    expect(
      (
        await equipe.call('POST', `/api/eproto/boards/${b.id}/participants`, {
          user_key: outsider.user.id,
        })
      ).statusCode,
    ).toBe(403);
    expect((await equipe.call('DELETE', `/api/eproto/boards/${b.id}`)).statusCode).toBe(403);
  });
});
