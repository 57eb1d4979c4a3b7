import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, contracts, emailOutbox, userContracts, users } from '../../db/schema/index.ts';
import {
  cookieOf,
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
let ti: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ti = (await userWithSession(t, 'TI')).cookie;
  admin = (await userWithSession(t, 'Administrador')).cookie;
});
afterAll(async () => t.close());

const invite = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/invites', headers: { ...spa, cookie }, payload });
const post = (url: string, cookie: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...spa, cookie } });
const list = async (cookie: string, status = 'pendente') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/invites?status=${status}`, headers: { cookie } })
  ).json().items as Array<{ id: number; email: string; status: string }>;
const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;
const inviteInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth/invite?token=${encodeURIComponent(token)}` });
const accept = (token: string, nome = 'Pessoa Convidada') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    headers: spa,
    payload: { token, nome, password: 'senha-nova-123' },
  });

describe('POST /api/invites', () => {
  it('mails a 7-day single-use link to /accept-invite and lists the invitation as pending', async () => {
    t.mails.length = 0;
    const res = await invite(ti, {
      email: 'Nova.Pessoa@Teste.com',
      role: 'Diretor Comercial',
      nome: 'Nova Pessoa',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'nova.pessoa@teste.com',
      role: 'Diretor Comercial',
      nome: 'Nova Pessoa',
      status: 'pendente',
      invitedBy: { nome: 'Pessoa TI' },
    });
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toBe('nova.pessoa@teste.com');
    expect(t.mails[0]!.link).toMatch(/^http:\/\/localhost:3000\/accept-invite\?token=[\w-]{43}$/);
    expect(t.mails[0]!.body).toContain('7 dias');
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.id, res.json().id));
    expect(row!.tokenHash).not.toBe(tokenOf(t.mails[0]!.link));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 7 * 86_400_000)).toBeLessThan(5_000);
    expect((await list(ti)).map((i) => i.id)).toContain(res.json().id);
  });

  it('the link opens the invitation; accepting creates the account with the role and signs in', async () => {
    const [c] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'INV-1', nome: 'Contrato do convite', cliente: 'Cliente' })
      .returning();
    t.mails.length = 0;
    const res = await invite(ti, {
      email: 'aceita@teste.com',
      role: 'Coordenador',
      contractIds: [c!.id],
    });
    expect(res.json().contracts).toEqual([
      { id: c!.id, codigo: 'INV-1', nome: 'Contrato do convite' },
    ]);
    const token = tokenOf(t.mails[0]!.link);
    expect((await inviteInfo(token)).json()).toEqual({
      email: 'aceita@teste.com',
      role: 'Coordenador',
      nome: null,
    });
    const ok = await accept(token, 'Clara Nunes');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ nome: 'Clara Nunes', type: 'coordenador' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: cookieOf(ok) },
    });
    expect(me.json().email).toBe('aceita@teste.com');
    expect((await list(ti, 'todos')).find((i) => i.id === res.json().id)?.status).toBe('aceito');
    expect((await list(ti)).map((i) => i.id)).not.toContain(res.json().id);
    expect((await accept(token)).statusCode).toBe(400);
  });

  it('accepting links the new account to the invitation contracts', async () => {
    const [c] = await t.database.db
      .insert(contracts)
      .values({ codigo: 'INV-2', nome: 'Contrato vinculado', cliente: 'Cliente' })
      .returning();
    t.mails.length = 0;
    await invite(ti, { email: 'vinculo@teste.com', role: 'Equipe', contractIds: [c!.id] });
    const ok = await accept(tokenOf(t.mails[0]!.link));
    const links = await t.database.db
      .select()
      .from(userContracts)
      .where(eq(userContracts.userId, ok.json().user.id));
    expect(links.map((l) => l.contractId)).toEqual([c!.id]);
  });

  it('an administrador cannot invite someone as ti; ti can', async () => {
    const res = await invite(admin, { email: 'quer.ser.ti@teste.com', role: 'ti' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(
      'Somente a TI ou a diretoria podem convidar alguém com papel de TI, diretoria ou diretor financeiro (CFO).',
    );
    expect((await invite(ti, { email: 'quer.ser.ti@teste.com', role: 'TI' })).statusCode).toBe(201);
  });

  it('refuses an e-mail that already has an account or a pending invitation', async () => {
    const u = await createUser(t, { role: 'Equipe' });
    const taken = await invite(ti, { email: u.email.toUpperCase(), role: 'Equipe' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Já existe um usuário com este e-mail.');
    expect((await invite(ti, { email: 'duplo@teste.com', role: 'Equipe' })).statusCode).toBe(201);
    const twice = await invite(ti, { email: 'duplo@teste.com', role: 'Gerente' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/convite pendente/);
  });

  it('ten invitations of one e-mail sent at once leave exactly one pending link', async () => {
    const email = 'corrida.convite@teste.com';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        invite(ti, { email: i % 2 ? email.toUpperCase() : email, role: 'Equipe' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error).toMatch(/convite pendente/);
    const rows = await t.database.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(sql`lower(${authTokens.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('validates e-mail, role and contracts in Portuguese', async () => {
    const email = await invite(ti, { email: 'sem-arroba', role: 'Equipe' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toMatch(/Informe um e-mail válido/);
    const role = await invite(ti, { email: 'papel@teste.com', role: 'Astronauta' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toMatch(/Papel desconhecido/);
    const contract = await invite(ti, {
      email: 'contrato@teste.com',
      role: 'Equipe',
      contractIds: [999_999],
    });
    expect(contract.statusCode).toBe(400);
    expect(contract.json().error).toBe('Contrato não encontrado.');
  });
});

describe('expiry, resend and revocation', () => {
  it('an expired invitation is refused; resend issues a new 7-day link and the old one stops working', async () => {
    t.mails.length = 0;
    const { id } = (await invite(ti, { email: 'expira@teste.com', role: 'Gerente' })).json();
    const old = tokenOf(t.mails[0]!.link);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.id, id));
    const info = await inviteInfo(old);
    expect(info.statusCode).toBe(400);
    expect(info.json().error).toBe('Convite inválido ou expirado.');
    expect((await accept(old)).statusCode).toBe(400);
    expect((await list(ti)).find((i) => i.id === id)?.status).toBe('expirado');

    t.mails.length = 0;
    const resent = await post(`/api/invites/${id}/resend`, admin);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('pendente');
    expect(new Date(resent.json().expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    );
    expect(t.mails).toHaveLength(1);
    const fresh = tokenOf(t.mails[0]!.link);
    expect(fresh).not.toBe(old);
    expect((await inviteInfo(old)).statusCode).toBe(400);
    expect((await accept(fresh)).statusCode).toBe(200);
  });

  it('a revoked invitation is refused and cannot be resent', async () => {
    t.mails.length = 0;
    const { id } = (await invite(admin, { email: 'revogado@teste.com', role: 'Equipe' })).json();
    const token = tokenOf(t.mails[0]!.link);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/invites/${id}`,
      headers: { ...spa, cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('revogado');
    expect((await inviteInfo(token)).statusCode).toBe(400);
    expect((await accept(token)).statusCode).toBe(400);
    const again = await post(`/api/invites/${id}/resend`, admin);
    expect(again.statusCode).toBe(409);
    expect((await list(ti)).map((i) => i.id)).not.toContain(id);
    expect((await list(ti, 'todos')).find((i) => i.id === id)?.status).toBe('revogado');
    // A new invitation for the same e-mail is allowed once the old one is revoked.
    expect((await invite(admin, { email: 'revogado@teste.com', role: 'Equipe' })).statusCode).toBe(
      201,
    );
  });

  it('an accepted invitation cannot be revoked; unknown ids answer 404', async () => {
    t.mails.length = 0;
    const { id } = (await invite(ti, { email: 'aceito.cedo@teste.com', role: 'Equipe' })).json();
    await accept(tokenOf(t.mails[0]!.link));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/invites/${id}`,
      headers: { ...spa, cookie: ti },
    });
    expect(res.statusCode).toBe(409);
    expect((await post('/api/invites/999999/resend', ti)).statusCode).toBe(404);
  });

  it('an administrador cannot resend an invitation for the ti role', async () => {
    t.mails.length = 0;
    const { id } = (await invite(ti, { email: 'ti.convite@teste.com', role: 'TI' })).json();
    expect((await post(`/api/invites/${id}/resend`, admin)).statusCode).toBe(403);
    expect((await post(`/api/invites/${id}/resend`, ti)).statusCode).toBe(200);
    const accepted = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ti.convite@teste.com'));
    expect(accepted).toHaveLength(0);
  });
});

describe('GET /api/invites/outbox', () => {
  it('shows ti the invitation e-mails kept while SMTP is off, never password resets', async () => {
    await t.database.db.insert(emailOutbox).values([
      {
        to: 'convidado@teste.com',
        subject: 'E-Proto: convite para criar sua conta',
        body: 'corpo',
        link: 'http://localhost:3000/accept-invite?token=abc',
        status: 'kept',
      },
      {
        to: 'alguem@teste.com',
        subject: 'E-Proto: redefinição de senha',
        body: 'corpo',
        link: 'http://localhost:3000/reset-password?token=xyz',
        status: 'kept',
      },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/invites/outbox',
      headers: { cookie: ti },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().smtp).toBe(false);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        to: 'convidado@teste.com',
        link: 'http://localhost:3000/accept-invite?token=abc',
      }),
    ]);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/invites/outbox',
      headers: { cookie: admin },
    });
    expect(denied.statusCode).toBe(403);
  });
});
