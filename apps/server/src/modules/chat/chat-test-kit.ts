import { randomBytes } from 'node:crypto';
import { contracts, sessions, userContracts } from '../../db/schema/index.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { createUser, spa, type TestApp } from '../../../test/helpers.ts';

/**
 * A user of a role title with an open session, without going through /api/auth/login (its
 * per-address throttle is tested elsewhere and would stop a test file that signs in dozens).
 */
export async function signedIn(t: TestApp, role: string, v: { nome?: string } = {}) {
  const user = await createUser(t, { role, nome: v.nome });
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A contract with the given people linked to it. */
export async function contractWith(t: TestApp, userIds: number[], codigo?: string) {
  const [c] = await t.database.db
    .insert(contracts)
    .values({
      codigo: codigo ?? `CT-${randomBytes(3).toString('hex')}`,
      nome: 'Manutenção predial',
      cliente: 'Cliente Teste',
    })
    .returning();
  if (userIds.length) {
    await t.database.db
      .insert(userContracts)
      .values(userIds.map((userId) => ({ userId, contractId: c!.id })));
  }
  return c!;
}

/** multipart/form-data body with one file field, as a browser sends it. */
export function multipart(fileName: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----eproto${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A tiny valid PNG (1x1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Calls the API as a signed-in SPA would. */
export function caller(t: TestApp, cookie: string) {
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers: { ...spa, cookie } }),
    upload: (fileName: string, data: Buffer, type?: string) => {
      const body = multipart(fileName, data, type);
      return t.app.inject({
        method: 'POST',
        url: '/api/chat/upload',
        payload: body.payload,
        headers: { ...spa, ...body.headers, cookie },
      });
    },
  };
}
