import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema/index.ts';
import { newToken, tokenHash } from '../src/lib/crypto.ts';
import { localStorage } from '../src/lib/storage.ts';
import { seedDemoIfEmpty } from '../src/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Every demo person's password in the tests. */
const DEMO_PASSWORD = 'eproto123';

const DEMO_TEMPLATE = 'eproto_demo_template';
const BUILDING = 'eproto_demo_building';

/**
 * The demo company is seeded once per run into a template database, by the first test file
 * that asks for it (in a worker, so coverage sees the seeders); every other file clones it.
 * Seeding it in each of the ~10 files that read it took ~37 s a file on the 2-core CI machine.
 * Whoever creates the building database seeds it; the others wait until it is renamed.
 */
async function ensureDemoTemplate(): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('dbAdminUrl') });
  await admin.connect();
  try {
    for (;;) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        DEMO_TEMPLATE,
      ]);
      if (rowCount) return;
      try {
        await admin.query(`CREATE DATABASE ${BUILDING} TEMPLATE eproto_template`);
      } catch (err) {
        // Another file is seeding it: 42P04, or 23505 when both CREATEs ran at the same moment.
        if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
        await sleep(250);
        continue;
      }
      try {
        const url = new URL(inject('dbAdminUrl'));
        url.pathname = `/${BUILDING}`;
        const database = openDatabase(url.toString(), 2);
        const storage = localStorage(inject('demoFilesDir'));
        try {
          if (!(await seedDemoIfEmpty(database.db, DEMO_PASSWORD, storage)))
            throw new Error('O banco de demonstração já tinha usuários.');
        } finally {
          await database.close();
        }
        await admin.query(`ALTER DATABASE ${BUILDING} RENAME TO ${DEMO_TEMPLATE}`);
      } catch (err) {
        await admin.query(`DROP DATABASE IF EXISTS ${BUILDING}`);
        throw err;
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * A test app on a fresh database holding the demo company (as `npm start` seeds it, password
 * DEMO_PASSWORD), with the demo's files in its storage.
 */
export async function createDemoApp(): Promise<TestApp> {
  await ensureDemoTemplate();
  const t = await createTestApp({}, { template: DEMO_TEMPLATE });
  fs.cpSync(inject('demoFilesDir'), path.join(t.config.dataDir, 'uploads'), { recursive: true });
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
