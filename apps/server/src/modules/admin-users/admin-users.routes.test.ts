import { and, eq } from 'drizzle-orm';
import { MANAGE_PRIVILEGED_DENIED } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, contracts, userContracts, users } from '../../db/schema/index.ts';
import {
  createTestApp,
  createUser,
  login,
  PASSWORD,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
let ti: { id: number; cookie: string };
let admin: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await userWithSession(t, 'TI');
  const b = await userWithSession(t, 'Administrador');
  ti = { id: a.user.id, cookie: a.cookie };
  admin = { id: b.user.id, cookie: b.cookie };
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...spa, cookie }, ...(payload ? { payload } : {}) });
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('GET /api/users', () => {
  it('searches, filters and paginates, with role, contracts, status and last sign-in', async () => {
    const tag = 'buscavel';
    const [c] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'CT-900', nome: 'Contrato Teste', cliente: 'Cliente' })
      .returning();
    const a = await createUser(t, { role: 'Diretor de Operações', nome: `Ana ${tag}` });
    const b = await createUser(t, { role: 'Equipe de Campo', nome: `Bruno ${tag}`, active: false });
    const c3 = await createUser(t, { role: 'Gerente', nome: `Carla ${tag}` });
    await t.database.db.insert(userContracts).values({ userId: a.id, contractId: c!.id });
    await login(t, a.email);

    const all = await call('GET', `/api/users?search=${tag}`, ti.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((u: { nome: string }) => u.nome)).toEqual([
      `Ana ${tag}`,
      `Bruno ${tag}`,
      `Carla ${tag}`,
    ]);
    const ana = all.json().items[0];
    expect(ana).toMatchObject({
      id: a.id,
      rawType: 'Diretor de Operações',
      type: 'diretoria',
      active: true,
      contracts: [{ id: c!.id, codigo: 'CT-900', nome: 'Contrato Teste' }],
    });
    expect(ana.lastLoginAt).toEqual(expect.any(String));
    expect(all.json().items[1]).toMatchObject({ id: b.id, active: false, lastLoginAt: null });

    const page2 = await call('GET', `/api/users?search=${tag}&perPage=2&page=2`, ti.cookie);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page2.json().items.map((u: { id: number }) => u.id)).toEqual([c3.id]);

    const inactive = await call('GET', `/api/users?search=${tag}&status=inativos`, admin.cookie);
    expect(inactive.json().items.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const byRole = await call('GET', `/api/users?search=${tag}&role=diretoria`, admin.cookie);
    expect(byRole.json().items.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const byEmail = await call(
      'GET',
      `/api/users?search=${encodeURIComponent(c3.email)}`,
      ti.cookie,
    );
    expect(byEmail.json().items.map((u: { id: number }) => u.id)).toEqual([c3.id]);
  });

  it('refuses a malformed query with a Portuguese 400', async () => {
    const res = await call('GET', '/api/users?perPage=5000', ti.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('PATCH /api/users/:id', () => {
  it('edits name and role, keeping raw titles such as "Diretor de Operações"', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const cookie = await login(t, u.email);
    const res = await call('PATCH', `/api/users/${u.id}`, ti.cookie, {
      nome: 'Helena Prado',
      role: 'Diretor de Operações',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Helena Prado',
      rawType: 'Diretor de Operações',
      type: 'diretoria',
    });
    // The person's own session sees the new role at once.
    expect((await me(cookie)).json()).toMatchObject({ nome: 'Helena Prado', type: 'diretoria' });
    const [log] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, ti.id), eq(activityLog.objectId, String(u.id))));
    expect(log).toMatchObject({ action: 'PATCH /api/users/:id', objectType: 'users' });
  });

  it('refuses an unknown role title and an empty body', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const bad = await call('PATCH', `/api/users/${u.id}`, ti.cookie, { role: 'Astronauta' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Papel desconhecido/);
    expect((await call('PATCH', `/api/users/${u.id}`, ti.cookie, {})).statusCode).toBe(400);
  });

  it('an administrador can neither grant nor remove the ti role; ti can', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const grant = await call('PATCH', `/api/users/${u.id}`, admin.cookie, { role: 'TI' });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().error).toBe(
      'Somente a TI ou a diretoria podem conceder ou retirar os papéis de TI, diretoria e diretor financeiro (CFO).',
    );
    const other = await createUser(t, { role: 'TI' });
    const remove = await call('PATCH', `/api/users/${other.id}`, admin.cookie, { role: 'Gerente' });
    expect(remove.statusCode).toBe(403);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(still!.role).toBe('TI');
    expect((await call('PATCH', `/api/users/${u.id}`, ti.cookie, { role: 'TI' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PATCH', `/api/users/${u.id}`, ti.cookie, { role: 'Gerente' })).statusCode,
    ).toBe(200);
  });

  it('nobody changes their own role', async () => {
    const res = await call('PATCH', `/api/users/${ti.id}`, ti.cookie, { role: 'Gerente' });
    expect(res.statusCode).toBe(403);
    const name = await call('PATCH', `/api/users/${ti.id}`, ti.cookie, { nome: 'Rafael TI' });
    expect(name.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expect(
      (await call('PATCH', '/api/users/999999', ti.cookie, { nome: 'Ninguém Aqui' })).statusCode,
    ).toBe(404);
  });
});

describe('deactivate / reactivate', () => {
  it('ends every open session of the person at once and blocks sign-in until reactivated', async () => {
    const u = await createUser(t, { role: 'Coordenador' });
    const first = await login(t, u.email);
    const second = await login(t, u.email);
    expect((await me(first)).statusCode).toBe(200);
    const res = await call('POST', `/api/users/${u.id}/deactivate`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: spa,
      payload: { email: u.email, password: PASSWORD },
    });
    expect(denied.statusCode).toBe(401);

    const back = await call('POST', `/api/users/${u.id}/reactivate`, admin.cookie);
    expect(back.json().active).toBe(true);
    expect((await me(await login(t, u.email))).statusCode).toBe(200);
  });

  it('nobody deactivates themselves', async () => {
    for (const actor of [ti, admin]) {
      const res = await call('POST', `/api/users/${actor.id}/deactivate`, actor.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Você não pode desativar ou reativar a própria conta.');
    }
    expect((await me(ti.cookie)).statusCode).toBe(200);
  });

  it('an administrador cannot deactivate a ti account; ti can', async () => {
    const other = await userWithSession(t, 'TI');
    const res = await call('POST', `/api/users/${other.user.id}/deactivate`, admin.cookie);
    expect(res.statusCode).toBe(403);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/users/${other.user.id}/deactivate`, ti.cookie)).statusCode,
    ).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(401);
  });
});

describe('separation of duties: diretoria and CFO accounts', () => {
  it.each(['Diretor Comercial', 'CFO', 'Diretor Financeiro', 'CEO'])(
    'an administrador can neither edit, deactivate nor reactivate a %s; ti can',
    async (role) => {
      const boss = await userWithSession(t, role);
      const id = boss.user.id;
      for (const [method, url, payload] of [
        ['PATCH', `/api/users/${id}`, { nome: 'Outro Nome' }],
        ['PATCH', `/api/users/${id}`, { cpf: '52998224725' }],
        ['POST', `/api/users/${id}/deactivate`, undefined],
      ] as const) {
        const res = await call(method, url, admin.cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: MANAGE_PRIVILEGED_DENIED });
      }
      // Nothing changed and the session still works.
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ nome: boss.user.nome, cpf: null, active: true });
      expect((await me(boss.cookie)).statusCode).toBe(200);

      expect((await call('POST', `/api/users/${id}/deactivate`, ti.cookie)).statusCode).toBe(200);
      const back = await call('POST', `/api/users/${id}/reactivate`, admin.cookie);
      expect(back.statusCode).toBe(403);
      expect(back.json().error).toBe(MANAGE_PRIVILEGED_DENIED);
      expect((await call('POST', `/api/users/${id}/reactivate`, ti.cookie)).statusCode).toBe(200);
      const renamed = await call('PATCH', `/api/users/${id}`, ti.cookie, { nome: 'Outro Nome' });
      expect(renamed.json().nome).toBe('Outro Nome');
    },
  );

  it('an administrador still manages a finance supervisor and a coordenador', async () => {
    for (const role of ['Supervisor Financeiro', 'Coordenador']) {
      const u = await createUser(t, { role });
      expect(
        (await call('PATCH', `/api/users/${u.id}`, admin.cookie, { nome: 'Novo' })).statusCode,
      ).toBe(200);
      expect((await call('POST', `/api/users/${u.id}/deactivate`, admin.cookie)).statusCode).toBe(
        200,
      );
      expect((await call('POST', `/api/users/${u.id}/reactivate`, admin.cookie)).statusCode).toBe(
        200,
      );
    }
  });
});

describe('POST /api/users/:id/password-reset', () => {
  it('mails the person a one-hour reset link', async () => {
    const u = await createUser(t, { role: 'Financeiro' });
    t.mails.length = 0;
    const res = await call('POST', `/api/users/${u.id}/password-reset`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Link de redefinição de senha enviado.');
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toBe(u.email);
    expect(t.mails[0]!.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it('refuses a deactivated account', async () => {
    const u = await createUser(t, { role: 'Financeiro', active: false });
    t.mails.length = 0;
    const res = await call('POST', `/api/users/${u.id}/password-reset`, ti.cookie);
    expect(res.statusCode).toBe(400);
    expect(t.mails).toHaveLength(0);
  });
});
