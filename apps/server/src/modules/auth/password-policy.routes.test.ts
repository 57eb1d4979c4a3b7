import { PASSWORD_MESSAGES } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, companySettings, users } from '../../db/schema/index.ts';
import { hashPassword, newToken, tokenHash } from '../../lib/crypto.ts';
import {
  createTestApp,
  createUser,
  login,
  PASSWORD,
  spa,
  type TestApp,
} from '../../../test/helpers.ts';

// The shared password policy (packages/domain/src/password-policy.ts) on every route that sets
// a new password; passwords already stored are never re-checked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The employer's name is a word the password may not be built from.
  await t.database.db
    .insert(companySettings)
    .values({ nome: 'Construtora Horizonte Ltda', cnpj: '11222333000181' });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...spa, ...(cookie && { cookie }) } });

let seq = 0;
/** Sets a new password through one of the three routes, for a person named Joana Prado. */
const ROUTES: Record<string, (password: string) => Promise<{ status: number; body: string }>> = {
  'POST /api/auth/password-reset': async (password) => {
    const u = await createUser(t, { role: 'Gerente', nome: 'Joana Prado', email: mail() });
    const token = newToken();
    await t.database.db.insert(authTokens).values({
      kind: 'reset',
      tokenHash: tokenHash(token),
      userId: u.id,
      email: u.email,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await post('/api/auth/password-reset', { token, password });
    return { status: res.statusCode, body: res.body };
  },
  'POST /api/auth/accept-invite': async (password) => {
    const token = newToken();
    await t.database.db.insert(authTokens).values({
      kind: 'invite',
      tokenHash: tokenHash(token),
      email: mail(),
      role: 'Equipe',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await post('/api/auth/accept-invite', { token, nome: 'Joana Prado', password });
    return { status: res.statusCode, body: res.body };
  },
  'POST /api/profile/password': async (password) => {
    const u = await createUser(t, { role: 'Gerente', nome: 'Joana Prado', email: mail() });
    const cookie = await login(t, u.email);
    const res = await post(
      '/api/profile/password',
      { currentPassword: PASSWORD, newPassword: password },
      cookie,
    );
    return { status: res.statusCode, body: res.body };
  },
};
function mail() {
  return `joana.prado.${++seq}.${Date.now()}@teste.com`;
}

const CASES: Array<[string, string | null]> = [
  ['Corvo#7xk', PASSWORD_MESSAGES.short],
  ['1234567890', PASSWORD_MESSAGES.common],
  ['password123', PASSWORD_MESSAGES.common],
  ['qwertyuiop', PASSWORD_MESSAGES.common],
  ['joana.prado-2026', PASSWORD_MESSAGES.personal],
  ['Prado#Verde-2026', PASSWORD_MESSAGES.personal],
  // Issue 38: the product's or company's name, the person's name or a common word, and a year.
  ['Eproto@2026', PASSWORD_MESSAGES.organisation],
  ['E-Proto#2026', PASSWORD_MESSAGES.organisation],
  ['Horizonte@2026', PASSWORD_MESSAGES.organisation],
  ['Construtora2026!', PASSWORD_MESSAGES.organisation],
  ['Senha@1234', PASSWORD_MESSAGES.oneWord],
  ['Joana@2026!', PASSWORD_MESSAGES.personal],
  ['Corvo-Verde-Pipoca-42', null],
];

describe.each(Object.entries(ROUTES))('%s', (_route, setPassword) => {
  it.each(CASES)('%s -> %s', async (password, problem) => {
    const res = await setPassword(password);
    if (problem === null) {
      expect(res.status, res.body).toBe(200);
    } else {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: problem, code: 'VALIDATION' });
    }
  });
});

describe('passwords stored before the policy', () => {
  it('still sign in: the demo password and a short old one', async () => {
    for (const old of ['eproto123', 'abc12345']) {
      const u = await createUser(t, { role: 'Gerente' });
      await t.database.db
        .update(users)
        .set({ passwordHash: await hashPassword(old) })
        .where(eq(users.id, u.id));
      await expect(login(t, u.email, old)).resolves.toMatch(/^eproto_session=/);
    }
  });

  it('the field a form shows the message under comes back with it', async () => {
    const res = await ROUTES['POST /api/profile/password']!('1234567890');
    expect(JSON.parse(res.body).field).toBe('newPassword');
  });
});
