import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, authTokens, sessions } from '../../db/schema/index.ts';
import {
  cookieOf,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  spa,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...spa, ...headers },
  });
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('POST /api/auth/login', () => {
  it('answers { user } with a hardened session cookie', async () => {
    const u = await createUser(t, { role: 'Diretor de Operações', nome: 'Carla Dias' });
    const res = await post('/api/auth/login', { email: u.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: u.id,
        email: u.email,
        nome: 'Carla Dias',
        type: 'diretoria',
        rawType: 'Diretor de Operações',
        avatar: null,
      },
    });
    const c = res.cookies.find((x) => x.name === 'eproto_session')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.path).toBe('/');
    expect(c.secure).toBeFalsy();
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(stored!.tokenHash).not.toBe(c.value);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses unknown e-mail and wrong password with the same 401 message', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const wrong = await post('/api/auth/login', { email: u.email, password: 'outra-senha' });
    const unknown = await post('/api/auth/login', {
      email: 'ninguem@teste.com',
      password: 'outra-senha',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Email e/ou senha incorretos');
    expect(unknown.json().error).toBe('Email e/ou senha incorretos');
    const failed = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'login_failed'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a deactivated user', async () => {
    const u = await createUser(t, { role: 'Equipe', active: false });
    const res = await post('/api/auth/login', { email: u.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('rejects malformed bodies with a Portuguese 400', async () => {
    const res = await post('/api/auth/login', { email: 42 });
    expect(res.statusCode).toBe(400);
    // our own sentence as it is, with the field alongside
    expect(res.json().error).toBe('Informe o e-mail.');
    expect(res.json().field).toBe('email');
    expect(res.json().code).toBe('VALIDATION');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...spa, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('requires the SPA header on state-changing calls (CSRF)', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });

  it('rotates the token at every login and ends the previous one sent with it', async () => {
    const u = await createUser(t, { role: 'Coordenador' });
    const first = await login(t, u.email);
    const res = await post(
      '/api/auth/login',
      { email: u.email, password: PASSWORD },
      { cookie: first },
    );
    const second = cookieOf(res);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('slows down the sixth attempt of one e-mail from one address (login-throttle tests: all rules)', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/login', { email: u.email, password: 'errada-123' })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: u.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Muitas tentativas/);
  });

  it('slows down an address that failed on 20 different e-mails', async () => {
    const ip = '10.9.8.7';
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: spa,
        payload: { email: `varios${i}@teste.com`, password: 'errada-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const u = await createUser(t, { role: 'Gerente' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: spa,
      payload: { email: u.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(429);
  });

  it('refuses a NUL in the e-mail or password with 400, and still counts the attempt', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const from = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.8.20',
        headers: spa,
        payload: payload as object,
      });
    const tries = [
      { email: `${u.email}\u0000`, password: PASSWORD },
      { email: u.email, password: `${PASSWORD}\u0000` },
      { email: `\u0000${u.email}`, password: 'x' },
      { email: u.email.toUpperCase(), password: '\u0000' },
      { email: `${u.email}\u0000`, password: '\u0000' },
    ];
    for (const payload of tries) {
      const res = await from(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Texto com caractere inválido.' });
    }
    // Five refused attempts of this e-mail from this address: the sixth waits like after five
    // wrong passwords, even with the right one.
    const sixth = await from({ email: u.email, password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /api/users/me needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTruthy();
  });

  it('logout ends the session on the server', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const cookie = await login(t, u.email);
    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id)),
    ).toHaveLength(0);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('expires after 12 h idle and after the absolute limit', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const idle = await login(t, u.email);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, u.id));
    // A fresh app instance has no cached session, so the database decides.
    const fresh = await createTestAppSharing();
    expect(
      (await fresh.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: idle } }))
        .statusCode,
    ).toBe(401);
    const abs = await login(t, u.email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'`, lastSeenAt: sql`now()` })
      .where(eq(sessions.userId, u.id));
    expect(
      (await fresh.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: abs } }))
        .statusCode,
    ).toBe(401);
    await fresh.close();
  });

  it('sets the Secure flag in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const u = await createUser(prod, { role: 'Gerente' });
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: spa,
      payload: { email: u.email, password: PASSWORD },
    });
    expect(res.cookies.find((c) => c.name === 'eproto_session')!.secure).toBe(true);
    await prod.close();
  });
});

/**
 * Waits for the reset link mailed to `userId` and for its token to commit: the mail is handed
 * over inside the token's transaction, a moment before its COMMIT.
 */
async function mailedLink(userId: number) {
  await vi.waitFor(() => expect(t.mails).toHaveLength(1));
  await vi.waitFor(async () =>
    expect(
      await t.database.db.select().from(authTokens).where(eq(authTokens.userId, userId)),
    ).toHaveLength(1),
  );
  return t.mails[0]!.link!;
}

describe('password reset', () => {
  it('answers the same for unknown and known e-mails, and mails a one-hour link', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    t.mails.length = 0;
    const known = await post('/api/auth/password-reset-request', { email: u.email });
    const unknown = await post('/api/auth/password-reset-request', {
      email: 'nao.existe@teste.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(
      'Se o e-mail existir, enviaremos instruções para redefinir a senha.',
    );
    // The link is prepared after the answer (auth-links.routes.test.ts).
    await mailedLink(u.id);
    expect(t.mails[0]!.to).toBe(u.email);
    const [tok] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, u.id));
    const ttl = tok!.expiresAt.getTime() - tok!.createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);
  });

  it('refuses an invalid e-mail with the SPEC text', async () => {
    const res = await post('/api/auth/password-reset-request', { email: 'sem-arroba' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Informe um e-mail válido\./);
  });

  it('refuses a NUL in the e-mail with 400 and mails nothing', async () => {
    const before = t.mails.length;
    const res = await post('/api/auth/password-reset-request', { email: 'ana@teste.com\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Texto com caractere inválido.', field: 'email' });
    expect(t.mails.length).toBe(before);
  });

  it('resets with a single-use token and ends every session', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const cookie = await login(t, u.email);
    t.mails.length = 0;
    await post('/api/auth/password-reset-request', { email: u.email });
    const token = new URL(await mailedLink(u.id)).searchParams.get('token')!;
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/auth/password-reset?token=${token}`,
    });
    expect(info.json()).toEqual({ email: u.email });
    const weak = await post('/api/auth/password-reset', { token, password: 'curta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/10 caracteres/);
    const ok = await post('/api/auth/password-reset', { token, password: 'nova-senha-forte' });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/auth/password-reset', { token, password: 'outra-senha-forte' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Link inválido ou expirado.');
    expect((await me(cookie)).statusCode).toBe(401);
    await login(t, u.email, 'nova-senha-forte');
  });

  it('refuses an expired token', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    t.mails.length = 0;
    await post('/api/auth/password-reset-request', { email: u.email });
    const token = new URL(await mailedLink(u.id)).searchParams.get('token')!;
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.userId, u.id));
    const res = await post('/api/auth/password-reset', { token, password: 'nova-senha-forte' });
    expect(res.statusCode).toBe(400);
  });
});

describe('invitation acceptance', () => {
  it('creates the account from a valid invite and signs the person in, once', async () => {
    const { newToken, tokenHash } = await import('../../lib/crypto.ts');
    const token = newToken();
    await t.database.db.insert(authTokens).values({
      kind: 'invite',
      tokenHash: tokenHash(token),
      email: 'convidada@teste.com',
      role: 'Coordenador',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const info = await t.app.inject({ method: 'GET', url: `/api/auth/invite?token=${token}` });
    expect(info.json()).toEqual({ email: 'convidada@teste.com', role: 'Coordenador', nome: null });
    const res = await post('/api/auth/accept-invite', {
      token,
      nome: 'Maria Clara',
      password: 'senha-nova-123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'convidada@teste.com',
      nome: 'Maria Clara',
      type: 'coordenador',
    });
    expect((await me(cookieOf(res))).statusCode).toBe(200);
    const again = await post('/api/auth/accept-invite', {
      token,
      nome: 'Outra',
      password: 'senha-nova-123',
    });
    expect(again.statusCode).toBe(400);
  });

  it('reads a malformed link as an invalid one, in a sentence a person can act on', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    for (const q of ['?token=xyz', '?token=', '', `?token=${'x'.repeat(300)}`]) {
      const invite = await get(`/api/auth/invite${q}`);
      expect(invite.statusCode).toBe(400);
      expect(invite.json().error).toBe('Convite inválido ou expirado.');
      const reset = await get(`/api/auth/password-reset${q}`);
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error).toBe('Link inválido ou expirado.');
    }
    const unknown = await get(`/api/auth/invite?token=${'a'.repeat(43)}`);
    expect(unknown.json().error).toBe('Convite inválido ou expirado.');
  });
});

describe('health', () => {
  it('answers health and ready without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ok',
    });
  });
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });
  it('sends Strict-Transport-Security in production only', async () => {
    const dev = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(dev.headers['strict-transport-security']).toBeUndefined();
    const prod = await createTestApp({ NODE_ENV: 'production' });
    for (const url of ['/api/health', '/api/nada-aqui', '/login']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    await prod.close();
  });
  it('answers unknown API paths with a Portuguese 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Recurso não encontrado.');
  });
});

/** A second app instance over the same database (no shared in-memory session cache). */
async function createTestAppSharing() {
  const { buildApp } = await import('../../app.ts');
  const app = await buildApp({
    config: t.config,
    database: t.database,
    events: t.events,
    storage: (await import('../../lib/storage.ts')).localStorage(t.config.dataDir),
    mailer: async () => undefined,
  });
  await app.ready();
  return app;
}
