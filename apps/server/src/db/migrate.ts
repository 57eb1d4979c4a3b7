import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 7_210_001;

/**
 * Applies pending migrations on one direct connection (DATABASE_DIRECT_URL): the advisory lock
 * that keeps several nodes from racing is held by the session, which a pooler in transaction
 * mode (PgBouncer) would not keep between statements.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = new pg.Client({
    connectionString: database.directUrl,
    application_name: 'eproto-migrate',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
