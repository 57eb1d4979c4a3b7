import { rolesWith, ROLE_LABELS, ROLES, rolesFor, type Role } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from './protocols.fixtures.ts';

/**
 * Role x task call table (docs/lab-notes.md "Tasks: who may do what"), generated from the shared
 * role tables: each role is linked to the contract, then works on a task of someone else, on its
 * own task, and on a task of a contract it is not linked to.
 */
let t: TestApp;
let contractId: number;
let muralId: number;
let foreignMuralId: number;

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  const boardId = (await makeBoard(t, { contractId })).id;
  muralId = (await makeMural(t, { boardId, contractId })).id;
  const otherContract = (await makeContract(t)).id;
  const otherBoard = (await makeBoard(t, { contractId: otherContract })).id;
  foreignMuralId = (await makeMural(t, { boardId: otherBoard, contractId: otherContract })).id;
});
afterAll(async () => t.close());

const manager = (r: Role) => rolesWith('demands.manage').includes(r);
const reviewer = (r: Role) => rolesFor('/eproto/reviews').includes(r);
const seesAll = (r: Role) => ['diretoria', 'ti', 'administrador'].includes(r);

describe.each(ROLES.map((r) => [r]))('role %s', (role) => {
  it('someone else’s task, its own task, and a task out of scope', async () => {
    const p = await person(t, ROLE_LABELS[role]);
    await linkContract(t, contractId, p.user.id);
    const other = await insertTask(t, { muralId, inicio: '2026-03-02', fim: '2026-03-04' });
    const own = await insertTask(t, { muralId, responsavelId: p.user.id });
    const hidden = await insertTask(t, { muralId: foreignMuralId });
    const cell = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body: object | undefined,
      expected: number,
      label: string,
    ) => expect((await p.call(method, url, body)).statusCode, `${role} ${label}`).toBe(expected);
    const m = manager(role);
    const base = '/api/eproto/protocols';

    await cell('GET', `${base}?mural_id=${muralId}`, undefined, 200, 'list');
    await cell('GET', `${base}/${other.id}`, undefined, 200, 'read');
    await cell('POST', base, { mural_id: muralId, titulo: 'Nova tarefa' }, m ? 201 : 403, 'create');
    await cell(
      'PATCH',
      `${base}/${other.id}`,
      { fim_previsto: '2026-03-05' },
      m ? 200 : 403,
      'edit',
    );
    await cell(
      'PATCH',
      `${base}/${other.id}/kanban`,
      { stage: 'em_andamento' },
      m ? 200 : 403,
      'move',
    );
    await cell('POST', `${base}/${other.id}/messages`, { texto: 'Olá' }, m ? 201 : 403, 'message');
    await cell(
      'POST',
      `${base}/${other.id}/dependencies`,
      { predecessor_id: own.id },
      m ? 201 : 403,
      'link',
    );

    // Own task: the responsável edits, moves to review, talks; concluding is a reviewer's move.
    await cell('PATCH', `${base}/${own.id}`, { titulo: 'Minha tarefa' }, 200, 'edit own');
    await cell('POST', `${base}/${own.id}/messages`, { texto: 'Feito' }, 201, 'message own');
    await cell('PATCH', `${base}/${own.id}/kanban`, { stage: 'em_revisao' }, 200, 'review own');
    await cell(
      'PATCH',
      `${base}/${own.id}/kanban`,
      { stage: 'concluido' },
      reviewer(role) ? 200 : 403,
      'conclude own',
    );
    await cell('DELETE', `${base}/${own.id}`, undefined, m ? 200 : 403, 'delete own');

    // Out of scope: 404 unless the role sees every contract.
    await cell('GET', `${base}/${hidden.id}`, undefined, seesAll(role) ? 200 : 404, 'read hidden');
    await cell(
      'PATCH',
      `${base}/${hidden.id}`,
      { titulo: 'Escondida' },
      seesAll(role) ? 200 : 404,
      'edit hidden',
    );
    await cell('DELETE', `${base}/${other.id}`, undefined, m ? 200 : 403, 'delete');
  });
});
