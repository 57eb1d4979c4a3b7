import { rolesWith, ROLE_LABELS, ROLES, rolesFor, type Role } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { linkContract, makeBoard, makeContract, makeMural, person } from './murals.fixtures.ts';

/**
 * Role x action table (docs/lab-notes.md "Who may do what"), generated from the shared role
 * tables: each role is linked to the contract (or sees everything), then tries each action on a
 * demand it does not own, on one where it is the responsável, and on one outside its scope.
 */
let t: TestApp;
let contractId: number;
let boardId: number;

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  boardId = (await makeBoard(t, { contractId })).id;
});
afterAll(async () => t.close());

const manager = (r: Role) => rolesWith('demands.manage').includes(r);
const allSeeing = (r: Role) => rolesWith('contracts.all').includes(r);

describe.each(ROLES.map((r) => [r]))('role %s', (role) => {
  it('foreign demand (linked through the contract only)', async () => {
    const p = await person(t, ROLE_LABELS[role]);
    if (!allSeeing(role)) await linkContract(t, contractId, p.user.id);
    const m = await makeMural(t, { boardId, contractId });
    const other = await person(t, 'Equipe');
    const expectStatus = async (res: Promise<{ statusCode: number }>, ok: number, label: string) =>
      expect((await res).statusCode, `${role} ${label}`).toBe(ok);
    await expectStatus(p.call('GET', `/api/eproto/murals/${m.id}`), 200, 'read');
    await expectStatus(p.call('GET', `/api/eproto/murals/${m.id}/history`), 200, 'history');
    await expectStatus(
      p.call('POST', '/api/eproto/murals', { titulo: 'Nova demanda', board_id: boardId }),
      manager(role) ? 201 : 403,
      'create',
    );
    await expectStatus(
      p.call('PATCH', `/api/eproto/murals/${m.id}`, { titulo: 'Título novo' }),
      manager(role) ? 200 : 403,
      'edit',
    );
    await expectStatus(
      p.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'em_andamento' }),
      manager(role) ? 200 : 403,
      'move',
    );
    await expectStatus(
      p.call('POST', `/api/eproto/murals/${m.id}/messages`, { texto: 'Olá' }),
      manager(role) ? 201 : 403,
      'message',
    );
    await expectStatus(
      p.call('POST', `/api/eproto/murals/${m.id}/participants`, { user_id: other.user.id }),
      manager(role) ? 201 : 403,
      'participants',
    );
    await expectStatus(
      p.call('POST', '/api/eproto/boards', { nome: 'Quadro do papel' }),
      manager(role) ? 201 : 403,
      'create board',
    );
    await expectStatus(
      p.call('POST', '/api/eproto/contracts', {
        codigo: `C-${role}`,
        nome: 'Contrato',
        cliente: 'Cliente',
      }),
      rolesFor('/contracts').includes(role) ? 201 : 403,
      'create contract',
    );
  });

  it('own demand (responsável)', async () => {
    const p = await person(t, ROLE_LABELS[role]);
    const m = await makeMural(t, { boardId, contractId, responsavelId: p.user.id });
    const other = await person(t, 'Equipe');
    expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
    expect(
      (await p.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'em_andamento' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await p.call('POST', `/api/eproto/murals/${m.id}/messages`, { texto: 'Feito' })).statusCode,
    ).toBe(201);
    expect(
      (await p.call('POST', `/api/eproto/murals/${m.id}/participants`, { user_id: other.user.id }))
        .statusCode,
    ).toBe(201);
    expect(
      (await p.call('PATCH', `/api/eproto/murals/${m.id}`, { titulo: 'Meu título' })).statusCode,
    ).toBe(manager(role) ? 200 : 403);
    const detail = await p.call('GET', `/api/eproto/murals/${m.id}`);
    expect(detail.json().permissions).toMatchObject({ move: true, message: true, upload: true });
  });

  it('demand out of scope', async () => {
    const p = await person(t, ROLE_LABELS[role]);
    const elsewhere = await makeContract(t);
    const board = await makeBoard(t, { contractId: elsewhere.id });
    const m = await makeMural(t, { boardId: board.id, contractId: elsewhere.id });
    const expected = allSeeing(role) ? 200 : 404;
    expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(expected);
    expect((await p.call('GET', `/api/eproto/boards/${board.id}`)).statusCode).toBe(expected);
    const list = await p.call('GET', '/api/eproto/murals/summary?perPage=1000');
    expect(list.json<{ id: number }[]>().some((x) => x.id === m.id)).toBe(allSeeing(role));
  });
});

describe('explicit denials', () => {
  it('participating in another board does not make a contract viewer a member', async () => {
    const p = await person(t, 'Equipe');
    await linkContract(t, contractId, p.user.id);
    await makeBoard(t, { participants: [p.user.id] });
    const m = await makeMural(t, { boardId, contractId });
    expect(
      (await p.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'concluido' }))
        .statusCode,
    ).toBe(403);
    expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).json().permissions.move).toBe(false);
  });

  it('a board participant is a member of its demands', async () => {
    const p = await person(t, 'Equipe');
    const b = await makeBoard(t, { participants: [p.user.id] });
    const m = await makeMural(t, { boardId: b.id });
    expect(
      (await p.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'concluido' }))
        .statusCode,
    ).toBe(200);
  });

  it('financeiro sees a demand once it was sent to finance', async () => {
    const p = await person(t, 'Financeiro');
    const m = await makeMural(t, { boardId, contractId });
    expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(404);
    const { murals } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(murals).set({ financeStatus: 'enviado' }).where(eq(murals.id, m.id));
    expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
  });

  it('requires a session (401) and the SPA header on writes (403)', async () => {
    const m = await makeMural(t, { boardId, contractId });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/eproto/murals/${m.id}` })).statusCode,
    ).toBe(401);
    const p = await person(t, 'Gerente');
    await linkContract(t, contractId, p.user.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/eproto/murals/${m.id}/kanban`,
      headers: { cookie: p.cookie },
      payload: { stage: 'concluido' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });
});
