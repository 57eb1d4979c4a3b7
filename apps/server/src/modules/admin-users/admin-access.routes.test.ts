import type { LightMyRequestResponse } from 'fastify';
import { MANAGE_PRIVILEGED_DENIED, ROLES, ROLE_LABELS, rolesFor, type Role } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

/**
 * Role x route table of every administration call, generated from the shared access table
 * (rolesFor) that the web guard reads too: allowed roles get the success status, the rest 403.
 */
let t: TestApp;
const cookies = {} as Record<Role, string>;
let ticketOfTi = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) cookies[role] = (await userWithSession(t, ROLE_LABELS[role])).cookie;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: { ...spa, cookie: cookies.ti },
    payload: {
      assunto: 'Chamado da TI',
      descricao: 'Descrição longa',
      categoria: 'outro',
      prioridade: 'baixa',
    },
  });
  ticketOfTi = res.json().id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Case {
  screen: string;
  name: string;
  ok: number;
  /** Roles that succeed when fewer than the screen's (separation of duties); the rest get 403. */
  only?: readonly Role[];
  request: () => Promise<{ method: Method; url: string; payload?: object }>;
}

const freshUser = async (role = 'Equipe') => (await createUser(t, { role })).id;

// Separation of duties (issue 38): an administrador opens /users but may not edit, deactivate or
// reactivate ti, diretoria or CFO accounts; only ti (and diretoria, who has no /users screen).
const PRIVILEGED_TARGETS = [
  'TI',
  'Diretoria',
  'Diretor de Operações',
  'CEO',
  'CFO',
  'Diretor Financeiro',
];
const privilegedCases: Case[] = PRIVILEGED_TARGETS.flatMap((role): Case[] => [
  {
    screen: '/users',
    name: `PATCH /api/users/:id (conta ${role})`,
    ok: 200,
    only: ['ti'],
    request: async () => ({
      method: 'PATCH',
      url: `/api/users/${await freshUser(role)}`,
      payload: { nome: 'Nome Novo' },
    }),
  },
  {
    screen: '/users',
    name: `POST /api/users/:id/deactivate (conta ${role})`,
    ok: 200,
    only: ['ti'],
    request: async () => ({
      method: 'POST',
      url: `/api/users/${await freshUser(role)}/deactivate`,
    }),
  },
  {
    screen: '/users',
    name: `POST /api/users/:id/reactivate (conta ${role})`,
    ok: 200,
    only: ['ti'],
    request: async () => ({
      method: 'POST',
      url: `/api/users/${(await createUser(t, { role, active: false })).id}/reactivate`,
    }),
  },
]);
let inviteSeq = 0;
const freshInvite = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invites',
    headers: { ...spa, cookie: cookies.ti },
    payload: { email: `convite.tabela.${++inviteSeq}@teste.com`, role: 'Equipe' },
  });
  return res.json().id as number;
};

const CASES: Case[] = [
  {
    screen: '/users',
    name: 'GET /api/users',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    screen: '/users',
    name: 'PATCH /api/users/:id',
    ok: 200,
    request: async () => ({
      method: 'PATCH',
      url: `/api/users/${await freshUser()}`,
      payload: { nome: 'Nome Novo' },
    }),
  },
  {
    screen: '/users',
    name: 'POST /api/users/:id/deactivate',
    ok: 200,
    request: async () => ({ method: 'POST', url: `/api/users/${await freshUser()}/deactivate` }),
  },
  {
    screen: '/users',
    name: 'POST /api/users/:id/reactivate',
    ok: 200,
    request: async () => ({ method: 'POST', url: `/api/users/${await freshUser()}/reactivate` }),
  },
  {
    screen: '/users',
    name: 'POST /api/users/:id/password-reset',
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: `/api/users/${await freshUser()}/password-reset`,
    }),
  },
  {
    screen: '/users/invite',
    name: 'GET /api/invites',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/invites' }),
  },
  {
    screen: '/users/invite',
    name: 'POST /api/invites',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/invites',
      payload: { email: `novo.${++inviteSeq}@teste.com`, role: 'Coordenador' },
    }),
  },
  {
    screen: '/users/invite',
    name: 'POST /api/invites/:id/resend',
    ok: 200,
    request: async () => ({ method: 'POST', url: `/api/invites/${await freshInvite()}/resend` }),
  },
  {
    screen: '/users/invite',
    name: 'DELETE /api/invites/:id',
    ok: 200,
    request: async () => ({ method: 'DELETE', url: `/api/invites/${await freshInvite()}` }),
  },
  {
    screen: '/users/activity',
    name: 'GET /api/activity',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/activity' }),
  },
  {
    screen: '/users/activity',
    name: 'GET /api/invites/outbox',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/invites/outbox' }),
  },
  {
    screen: '/users/activity',
    name: 'GET /api/activity/export',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/activity/export?format=csv' }),
  },
  {
    screen: '/ti/help',
    name: 'GET /api/support/tickets',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/support/tickets' }),
  },
  {
    screen: '/ti/help',
    name: 'POST /api/support/tickets',
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/support/tickets',
      payload: {
        assunto: 'Sem acesso',
        descricao: 'Não consigo entrar',
        categoria: 'acesso',
        prioridade: 'media',
      },
    }),
  },
  {
    screen: '/ti/help/:id',
    name: 'GET /api/support/tickets/:id (own ticket)',
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/support/tickets/${ticketOfTi}` }),
  },
  {
    screen: '/profile',
    name: 'GET /api/profile',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/profile' }),
  },
  ...privilegedCases,
  {
    screen: '/profile',
    name: 'PATCH /api/profile',
    ok: 200,
    request: async () => ({ method: 'PATCH', url: '/api/profile', payload: { theme: 'light' } }),
  },
];

describe.each(CASES)('$name', (c) => {
  it.each(ROLES.map((role) => [role]))('%s', async (role) => {
    const r = await c.request();
    // A ticket of someone else answers 404 to non-ti roles (checked in support tests); the
    // table's own-object cell uses a ticket ti opened, so only ti expects success there.
    const allowed =
      c.screen === '/ti/help/:id'
        ? role === 'ti'
        : (c.only ?? rolesFor(c.screen)).includes(role) && rolesFor(c.screen).includes(role);
    const res: LightMyRequestResponse = await t.app.inject({
      ...r,
      headers: { ...spa, cookie: cookies[role] },
    });
    if (allowed) expect(res.statusCode, res.body).toBe(c.ok);
    else if (c.screen === '/ti/help/:id' && rolesFor(c.screen).includes(role))
      expect(res.statusCode).toBe(404);
    else expect(res.statusCode, res.body).toBe(403);
    if (c.only && !allowed && rolesFor(c.screen).includes(role)) {
      expect(res.json().error).toBe(MANAGE_PRIVILEGED_DENIED);
    }
  });

  it('without a session: 401', async () => {
    const r = await c.request();
    const res = await t.app.inject({ ...r, headers: spa });
    expect(res.statusCode).toBe(401);
  });
});
