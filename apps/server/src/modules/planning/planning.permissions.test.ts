import { rolesWith, ROLE_LABELS, ROLES, rolesFor, type Role } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  muralEvent,
  person,
} from './planning.fixtures.ts';

/**
 * Role x call table: every planning call, for every role, linked to the demand's contract and
 * not linked. The screens these calls serve are open to the roles of the shared access table;
 * what the answer holds is the caller's scope (404 for a demand out of it).
 */
let t: TestApp;
let contractId: number;
let muralId: number;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  const boardId = (await makeBoard(t, { contractId })).id;
  muralId = (
    await makeMural(t, {
      boardId,
      contractId,
      inicioPrevisto: '2026-06-01',
      fimPrevisto: '2026-06-10',
    })
  ).id;
  taskId = (await makeDatedTask(t, { muralId, ini: '2026-06-02', fim: '2026-06-03' })).id;
  await muralEvent(t, { muralId, action: 'criada', at: new Date() });
});
afterAll(async () => t.close());

const RANGE = 'start=2026-06-01&end=2026-06-30';
const CALLS = [
  {
    name: 'GET /gantt/murals/{id}',
    screen: '/eproto/gantt',
    url: () => `/api/eproto/gantt/murals/${muralId}`,
    own: true,
  },
  {
    name: 'GET /gantt/team',
    screen: '/eproto/gantt',
    url: () => `/api/eproto/gantt/team?${RANGE}`,
    list: 'tasks',
  },
  { name: 'GET /team/members', screen: '/eproto/gantt', url: () => '/api/eproto/team/members' },
  {
    name: 'GET /team/coordenadores',
    screen: '/eproto/gantt',
    url: () => '/api/eproto/team/coordenadores',
  },
  {
    name: 'GET /calendar',
    screen: '/eproto/calendar',
    url: () => `/api/eproto/calendar?${RANGE}`,
    list: 'calendar',
  },
  {
    name: 'GET /murals/{id}/calendar',
    screen: '/eproto/murals/:id',
    url: () => `/api/eproto/murals/${muralId}/calendar`,
    own: true,
  },
  { name: 'GET /feed', screen: '/eproto/feed', url: () => '/api/eproto/feed', list: 'feed' },
] as const;

/** Whether the answer of a list call contains the demand or its task. */
function holdsItem(list: string, body: unknown): boolean {
  if (list === 'tasks')
    return (body as { tasks: { id: number }[] }).tasks.some((x) => x.id === taskId);
  if (list === 'feed')
    return (body as { items: { mural_id: number }[] }).items.some((x) => x.mural_id === muralId);
  return (body as { id: number; type: string }[]).some(
    (x) => x.type === 'mural' && x.id === muralId,
  );
}

describe.each(ROLES.map((r) => [r]))('role %s', (role: Role) => {
  const seesAll = rolesWith('contracts.all').includes(role);

  it.each(CALLS.map((c) => [c.name, c]))('linked: %s', async (_n, c) => {
    const p = await person(t, ROLE_LABELS[role]);
    if (!seesAll) await linkContract(t, contractId, p.user.id);
    const res = await p.call('GET', c.url());
    const allowed = rolesFor(c.screen).includes(role);
    expect(res.statusCode, `${role} ${c.url()}`).toBe(allowed ? 200 : 403);
    if ('list' in c && allowed) expect(holdsItem(c.list, res.json())).toBe(true);
  });

  it.each(CALLS.map((c) => [c.name, c]))('not linked: %s', async (_n, c) => {
    const p = await person(t, ROLE_LABELS[role]);
    const res = await p.call('GET', c.url());
    if ('own' in c) {
      expect(res.statusCode, `${role} ${c.url()}`).toBe(seesAll ? 200 : 404);
    } else {
      expect(res.statusCode, `${role} ${c.url()}`).toBe(200);
      if ('list' in c) expect(holdsItem(c.list, res.json())).toBe(seesAll);
    }
  });
});

describe('without a session', () => {
  it.each(CALLS.map((c) => [c.name, c]))('%s answers 401', async (_s, c) => {
    const res = await t.app.inject({ method: 'GET', url: c.url() });
    expect(res.statusCode).toBe(401);
  });
});
