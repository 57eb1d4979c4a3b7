import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DbHealth } from './health.ts';
import * as schema from './schema/index.ts';

// DATE columns stay plain 'YYYY-MM-DD' strings: no time-zone shifting through JS Date.
pg.types.setTypeParser(1082, (v: string) => v);
// BIGINT counts fit in a JS number for this application's volumes.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** PostgreSQL itself, for what needs a session (LISTEN, migrations); the pool's URL by default. */
  directUrl: string;
  /** Reachability of the server; probing starts only when the server process starts it. */
  health: DbHealth;
  close: () => Promise<void>;
}

/**
 * Opens a pooled connection to PostgreSQL (or to PgBouncer in transaction mode: nothing here
 * keeps session state on a pooled connection, and queries are unnamed, so never prepared on
 * the server). `directUrl` reaches PostgreSQL itself for LISTEN and migrations.
 */
export function openDatabase(url: string, max = 10, directUrl = url): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined);
  // A checked-out client (the LISTEN connection, a query in flight at shutdown) whose server
  // goes away emits 'error' too; its query still rejects, but unheard it would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  const health = new DbHealth(url);
  return {
    db,
    pool,
    directUrl,
    health,
    close: async () => {
      await health.stop();
      await pool.end();
    },
  };
}
