import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authTokens, emailOutbox } from '../../db/schema/index.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import {
  createTestApp,
  createUser,
  login,
  PASSWORD,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';

// Reset and invitation links: single use, revoked by a newer link, by using one, by a password
// change and by deactivation; never in the production log; reset requests answered first.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const STRONG = 'Campo#Seguro2026x';
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...spa, ...(cookie && { cookie }) },
  });
const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

/** Asks for a reset link through the route and returns its token once the mail is out. */
async function resetLink(email: string): Promise<string> {
  const before = t.mails.length;
  expect((await post('/api/auth/password-reset-request', { email })).statusCode).toBe(200);
  const mail = await vi.waitFor(() => {
    const m = t.mails.slice(before).find((x) => x.to === email);
    if (!m) throw new Error('e-mail ainda não enviado');
    return m;
  });
  return tokenOf(mail.link);
}
const linkWorks = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/auth/password-reset?token=${token}` }))
    .statusCode === 200;

/** A reset token written straight to the table (a second outstanding link). */
async function extraResetToken(user: { id: number; email: string }) {
  const token = newToken();
  await t.database.db.insert(authTokens).values({
    kind: 'reset',
    tokenHash: tokenHash(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

describe('reset links', () => {
  it('a new link revokes the older ones', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const first = await resetLink(u.email);
    const second = await resetLink(u.email);
    expect(await linkWorks(first)).toBe(false);
    expect(await linkWorks(second)).toBe(true);
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, u.id));
    expect(rows.filter((r) => r.revokedAt !== null)).toHaveLength(1);
  });

  it('using one revokes every other outstanding link, and works once', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const used = await resetLink(u.email);
    const other = await extraResetToken(u);
    expect(await linkWorks(other)).toBe(true);
    expect(
      (await post('/api/auth/password-reset', { token: used, password: STRONG })).statusCode,
    ).toBe(200);
    expect(await linkWorks(other)).toBe(false);
    const again = await post('/api/auth/password-reset', { token: used, password: STRONG });
    expect(again.json().error).toBe('Link inválido ou expirado.');
  });

  it('changing the password on /profile revokes outstanding links', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    const token = await resetLink(u.email);
    const cookie = await login(t, u.email);
    const changed = await post(
      '/api/profile/password',
      { currentPassword: PASSWORD, newPassword: STRONG },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await linkWorks(token)).toBe(false);
  });

  it('deactivating the person revokes outstanding links, which stay dead after reactivation', async () => {
    const ti = await userWithSession(t, 'TI');
    const u = await createUser(t, { role: 'Equipe' });
    const token = await resetLink(u.email);
    expect((await post(`/api/users/${u.id}/deactivate`, {}, ti.cookie)).statusCode).toBe(200);
    expect((await post(`/api/users/${u.id}/reactivate`, {}, ti.cookie)).statusCode).toBe(200);
    expect(await linkWorks(token)).toBe(false);
  });
});

describe('invitation links', () => {
  it('accepting one revokes every other invitation to the same e-mail', async () => {
    const email = `dupla.${Date.now()}@teste.com`;
    const tokens = [newToken(), newToken()];
    for (const token of tokens) {
      await t.database.db.insert(authTokens).values({
        kind: 'invite',
        tokenHash: tokenHash(token),
        email,
        role: 'Equipe',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    const ok = await post('/api/auth/accept-invite', {
      token: tokens[0],
      nome: 'Pessoa Convidada',
      password: STRONG,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/auth/invite?token=${tokens[1]}` });
    expect(other.json().error).toBe('Convite inválido ou expirado.');
  });
});

describe('POST /api/auth/password-reset-request', () => {
  it('answers before looking anything up, for known and unknown e-mails alike', async () => {
    const u = await createUser(t, { role: 'Gerente' });
    // Hold the users table: any lookup before the answer would hang this request.
    const blocker = await t.database.pool.connect();
    await blocker.query('begin');
    await blocker.query('lock table users in access exclusive mode');
    const before = t.mails.length;
    try {
      for (const email of [u.email, 'nao.existe.nunca@teste.com']) {
        const res = await post('/api/auth/password-reset-request', { email });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(
          'Se o e-mail existir, enviaremos instruções para redefinir a senha.',
        );
      }
      expect(t.mails.length).toBe(before);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    // The work goes on after the answer: the known e-mail gets its link.
    await vi.waitFor(() => expect(t.mails.slice(before).map((m) => m.to)).toEqual([u.email]));
  });
});

describe('links in the log', () => {
  async function logOf(env: Record<string, string>) {
    const lines: string[] = [];
    const app = await createTestApp(
      { LOG_LEVEL: 'info', ...env },
      { mailer: 'outbox', logStream: { write: (line) => void lines.push(line) } },
    );
    const u = await createUser(app, { role: 'Gerente' });
    const ask = await app.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      headers: spa,
      payload: { email: u.email },
    });
    expect(ask.statusCode).toBe(200);
    const [mail] = await vi.waitFor(async () => {
      const rows = await app.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, u.email));
      if (rows.length === 0) throw new Error('e-mail ainda não guardado');
      return rows;
    });
    const token = tokenOf(mail!.link!);
    await app.app.inject({ method: 'GET', url: `/api/auth/password-reset?token=${token}` });
    await app.app.inject({ method: 'GET', url: `/api/auth/invite?token=${token}` });
    const ti = await createUser(app, { role: 'TI' });
    const invitedEmail = `convite.log.${Date.now()}@teste.com`;
    const invited = await app.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: { ...spa, cookie: await login(app, ti.email) },
      payload: { email: invitedEmail, role: 'Equipe' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invite] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, invitedEmail));
    await app.close();
    return { lines, token, inviteToken: tokenOf(invite!.link!) };
  }

  it('never carries a reset or invitation link in production', async () => {
    const { lines, token, inviteToken } = await logOf({ NODE_ENV: 'production' });
    const log = lines.join('');
    expect(log).toContain('E-mail guardado na caixa de saída');
    expect(log).not.toContain(token);
    expect(log).not.toContain(inviteToken);
    expect(log).not.toMatch(/token=[\w-]{10,}/);
  });

  it('shows the link in development (no SMTP) but never the token of a requested URL', async () => {
    const { lines, token } = await logOf({ NODE_ENV: 'development' });
    const mailer = lines.filter((l) => l.includes('E-mail guardado'));
    expect(mailer.join('')).toContain(`/reset-password?token=${token}`);
    const others = lines.filter((l) => !l.includes('E-mail guardado'));
    expect(others.join('')).toContain('/api/auth/password-reset?token=[oculto]');
    expect(others.filter((l) => l.includes(token))).toEqual([]);
  });
});
