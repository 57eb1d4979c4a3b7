import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobQueue } from '../jobs/queue.ts';
import { JOB_SPECS } from '../jobs/specs.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 7_210_001;

/**
 * Applies pending migrations on one direct connection (DATABASE_DIRECT_URL), in one
 * transaction that first takes a transaction-level advisory lock: several nodes starting at
 * once wait for each other, and the lock ends with the transaction (never left on a session).
 * Then installs the job queue's schema and queues (jobs/queue.ts).
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = new pg.Client({
    connectionString: database.directUrl,
    application_name: 'eproto-migrate',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await drizzle(client).transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      // The migrator runs its own transaction on what it is given: here a savepoint of ours,
      // so it reads the applied migrations only once it holds the lock.
      await migrate(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
    });
  } finally {
    await client.end().catch(() => undefined);
  }
  await installJobQueue(database.directUrl, JOB_SPECS);
}
