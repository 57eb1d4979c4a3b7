import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { newToken, tokenHash } from '../src/lib/crypto.ts';
import { localStorage } from '../src/lib/storage.ts';
import { seedDemoIfEmpty } from '../src/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A test app on a fresh database holding the demo company (as `npm start` seeds it). */
export async function createDemoApp(): Promise<TestApp> {
  const t = await createTestApp();
  const storage = localStorage(path.join(t.config.dataDir, 'uploads'));
  expect(await seedDemoIfEmpty(t.database.db, 'senha-demo-123', storage)).toBe(true);
  return t;
}

/** A session cookie for a demo person, by e-mail. */
export async function demoCookie(t: TestApp, email: string): Promise<string> {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId: u!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `eproto_session=${token}`;
}
