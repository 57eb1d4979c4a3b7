import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { activityLog, oidcFlows, users } from '../../db/schema/index.ts';
import { createTestApp, createUser, spa, type TestApp } from '../../../test/helpers.ts';
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../test/oidc-provider.ts';

const CALLBACK = 'http://localhost:3000/api/auth/oidc/callback';

let op: TestOidcProvider;
let other: TestOidcProvider;
let t: TestApp;
let jit: TestApp;

const envFor = (p: TestOidcProvider, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: p.issuer,
  OIDC_CLIENT_ID: p.clientId,
  OIDC_CLIENT_SECRET: p.clientSecret,
  OIDC_NOME: 'Microsoft',
  ...extra,
});

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [CALLBACK] });
  other = await startOidcProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp(envFor(op));
  jit = await createTestApp(envFor(op, { OIDC_CRIAR_CONTAS: 'true', OIDC_PAPEL_PADRAO: 'Equipe' }));
});
afterAll(async () => {
  await t.close();
  await jit.close();
  await op.close();
  await other.close();
});

let seq = 0;
/** A person known to the provider (login = sub) with the given e-mail claims. */
function providerAccount(email: string, verified = true, name = 'Pessoa do Provedor') {
  const sub = `pessoa-${++seq}`;
  op.accounts.set(sub, { email, email_verified: verified, name });
  return sub;
}

/** GET /oidc/start: where the browser goes and the flow cookie it carries. */
async function start(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode).toBe(302);
  const flow = res.cookies.find((c) => c.name === 'eproto_oidc')!;
  expect(flow.httpOnly).toBe(true);
  expect(flow.sameSite).toBe('Lax');
  return { location: new URL(res.headers.location as string), cookie: `eproto_oidc=${flow.value}` };
}

async function callback(app: TestApp, back: URL, cookie: string) {
  const res = await app.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(302);
  const session = res.cookies.find((c) => c.name === 'eproto_session' && c.value);
  return { res, location: res.headers.location, session };
}

/** The whole sign-in as a browser does it: start, provider, callback. */
async function signIn(app: TestApp, sub: string, tamper?: (back: URL) => void) {
  const { location, cookie } = await start(app);
  const back = await signInAtProvider(location.href, sub);
  tamper?.(back);
  return callback(app, back, cookie);
}

const me = (app: TestApp, cookie: string) =>
  app.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('GET /api/auth/sso', () => {
  it('names the provider when configured, null otherwise', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(res.json()).toEqual({ oidc: { nome: 'Microsoft' } });
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/auth/sso' })).json()).toEqual({
        oidc: null,
      });
      // Without configuration the start answers /login with "indisponível", never the provider.
      const res2 = await off.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res2.headers.location).toBe('/login?sso=indisponivel');
    } finally {
      await off.close();
    }
  });
});

describe('OIDC sign-in against a real provider', () => {
  it('asks for code with PKCE (S256), state and nonce on the configured issuer', async () => {
    const { location } = await start(t);
    expect(location.origin).toBe(op.issuer);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(op.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('scope')).toBe('openid email profile');
  });

  it('signs an active account in by its verified e-mail, and logout ends the session', async () => {
    const u = await createUser(t, { role: 'Gerente', email: 'gerente.sso@empresa.com.br' });
    const sub = providerAccount('Gerente.SSO@empresa.com.br');
    const { location, session } = await signIn(t, sub);
    expect(location).toBe('/login?sso=ok');
    expect(session?.httpOnly).toBe(true);
    const cookie = `eproto_session=${session!.value}`;
    const who = await me(t, cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json().id).toBe(u.id);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, u.id), eq(activityLog.action, 'login')));
    expect(logged.map((r) => r.details)).toEqual([{ via: 'sso' }]);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...spa, cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it('refuses the same callback twice (the flow is single use)', async () => {
    await createUser(t, { role: 'Equipe', email: 'replay@empresa.com.br' });
    const sub = providerAccount('replay@empresa.com.br');
    const { location, cookie } = await start(t);
    const back = await signInAtProvider(location.href, sub);
    const flows = async () => (await t.database.db.select().from(oidcFlows)).length;
    const before = await flows();
    expect((await callback(t, back, cookie)).location).toBe('/login?sso=ok');
    expect(await flows()).toBe(before - 1);
    const again = await callback(t, back, cookie);
    expect(again.location).toBe('/login?sso=invalido');
    expect(again.session).toBeUndefined();
  });

  it('refuses a wrong state', async () => {
    await createUser(t, { role: 'Equipe', email: 'estado@empresa.com.br' });
    const sub = providerAccount('estado@empresa.com.br');
    const r = await signIn(t, sub, (back) => back.searchParams.set('state', 'estado-forjado-123'));
    expect(r.location).toBe('/login?sso=invalido');
    expect(r.session).toBeUndefined();
  });

  it("refuses a callback that comes without this browser's flow cookie (login CSRF)", async () => {
    await createUser(t, { role: 'Equipe', email: 'csrf@empresa.com.br' });
    const sub = providerAccount('csrf@empresa.com.br');
    const { location } = await start(t);
    const back = await signInAtProvider(location.href, sub);
    const mine = await start(t); // the victim's own flow, another cookie
    const r = await callback(t, back, mine.cookie);
    expect(r.location).toBe('/login?sso=invalido');
    expect(r.session).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    await createUser(t, { role: 'Equipe', email: 'nonce@empresa.com.br' });
    const sub = providerAccount('nonce@empresa.com.br');
    const { location, cookie } = await start(t);
    // The provider signs an ID token for another nonce (a token minted for another flow).
    location.searchParams.set('nonce', 'nonce-de-outro-fluxo-0123456789');
    const back = await signInAtProvider(location.href, sub);
    const r = await callback(t, back, cookie);
    expect(r.location).toBe('/login?sso=invalido');
    expect(r.session).toBeUndefined();
    const failed = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'login_failed'));
    expect(failed.map((f) => String(f.details?.motivo))).toContainEqual(
      expect.stringMatching(/nonce/i),
    );
  });

  it('refuses a response from another issuer', async () => {
    await createUser(t, { role: 'Equipe', email: 'issuer@empresa.com.br' });
    const sub = providerAccount('issuer@empresa.com.br');
    const r = await signIn(t, sub, (back) => back.searchParams.set('iss', other.issuer));
    expect(r.location).toBe('/login?sso=invalido');
    expect(r.session).toBeUndefined();
  });

  it('refuses a code issued by another provider for the same client', async () => {
    await createUser(t, { role: 'Equipe', email: 'outro@empresa.com.br' });
    const sub = `outra-${++seq}`;
    other.accounts.set(sub, { email: 'outro@empresa.com.br', email_verified: true });
    const { location, cookie } = await start(t);
    const forged = new URL(location.pathname + location.search, other.issuer);
    const back = await signInAtProvider(forged.href, sub);
    expect(back.searchParams.get('iss')).toBe(other.issuer);
    const r = await callback(t, back, cookie);
    expect(r.location).toBe('/login?sso=invalido');
    expect(r.session).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified', async () => {
    await createUser(t, { role: 'Equipe', email: 'naoverificado@empresa.com.br' });
    const sub = providerAccount('naoverificado@empresa.com.br', false);
    const r = await signIn(t, sub);
    expect(r.location).toBe('/login?sso=email');
    expect(r.session).toBeUndefined();
  });

  it('refuses an inactive account and an unknown e-mail with the same answer', async () => {
    await createUser(t, { role: 'Equipe', email: 'inativa@empresa.com.br', active: false });
    const inactive = await signIn(t, providerAccount('inativa@empresa.com.br'));
    const unknown = await signIn(t, providerAccount('ninguem@empresa.com.br'));
    expect(inactive.location).toBe('/login?sso=conta');
    expect(unknown.location).toBe('/login?sso=conta');
    expect(inactive.session).toBeUndefined();
    expect(unknown.session).toBeUndefined();
    const created = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ninguem@empresa.com.br'));
    expect(created).toEqual([]);
  });

  it('refuses a provider error (the person cancelled) and garbage', async () => {
    const { cookie } = await start(t);
    for (const q of ['?error=access_denied&state=x', '?code=%00%ff&state=', '']) {
      const r = await callback(t, new URL(`${CALLBACK}${q}`), cookie);
      expect(r.location).toBe('/login?sso=invalido');
    }
  });
});

describe('just-in-time accounts (OIDC_CRIAR_CONTAS)', () => {
  it('creates an unknown verified e-mail with the default role, never an inactive one', async () => {
    const sub = providerAccount('nova.pessoa@empresa.com.br', true, 'Nova Pessoa');
    const r = await signIn(jit, sub);
    expect(r.location).toBe('/login?sso=ok');
    const [row] = await jit.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'nova.pessoa@empresa.com.br'));
    expect(row).toMatchObject({ nome: 'Nova Pessoa', role: 'Equipe', active: true });
    expect(row!.passwordHash).toBeNull();
    await createUser(jit, { role: 'Equipe', email: 'desligada@empresa.com.br', active: false });
    const off = await signIn(jit, providerAccount('desligada@empresa.com.br'));
    expect(off.location).toBe('/login?sso=conta');
  });

  it('refuses a privileged default role in the configuration', async () => {
    const env = { ...envFor(op), OIDC_CRIAR_CONTAS: 'true', PUBLIC_URL: 'http://localhost:3000' };
    expect(() => loadConfig({ ...env, OIDC_PAPEL_PADRAO: 'TI' })).toThrow(/OIDC_PAPEL_PADRAO/);
    expect(() => loadConfig({ ...env, OIDC_PAPEL_PADRAO: 'Diretor Financeiro' })).toThrow(
      /OIDC_PAPEL/,
    );
    expect(loadConfig({ ...env, OIDC_PAPEL_PADRAO: 'Coordenador' }).oidc?.defaultRole).toBe(
      'Coordenador',
    );
    // Half a configuration is refused at start, not discovered at the first sign-in.
    expect(() => loadConfig({ OIDC_ISSUER: op.issuer })).toThrow(/OIDC_CLIENT_ID/);
  });
});
