import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DbHealth } from './health.ts';
import * as schema from './schema/index.ts';
import { scopeTransactions } from './transaction-scope.ts';

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

/** Pools that reach PostgreSQL itself, where statements may be prepared by name (executeHot). */
const preparable = new WeakMap<object, { pool: pg.Pool; names: Set<string> }>();
/** Statement texts prepared per pool at most (each server connection keeps their plans). */
const MAX_PREPARED = 100;
const dialect = new PgDialect();

/**
 * Opens a pooled connection to PostgreSQL (or to PgBouncer in transaction mode: nothing here
 * keeps session state on a pooled connection). `directUrl` reaches PostgreSQL itself for
 * LISTEN and migrations; when it is another address than `url`, `url` is taken for a
 * transaction pooler and no statement is ever prepared by name on it.
 */
export function openDatabase(
  url: string,
  max = 10,
  directUrl = url,
  timeouts: { acquireMs?: number; queryMs?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // A hung server (stopped, not dead) never answers: a request waits at most this long for a
    // connection, and a query at most queryMs (client side, so it ends even when the server
    // cannot); both end in 503 (db/unavailable.ts).
    connectionTimeoutMillis: timeouts.acquireMs ?? 5_000,
    query_timeout: timeouts.queryMs ?? 30_000,
  });
  pool.on('error', () => undefined);
  // A checked-out client (the LISTEN connection, a query in flight at shutdown) whose server
  // goes away emits 'error' too; its query still rejects, but unheard it would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  // A write request's audit row commits inside the write's own transaction (plugins/audit.ts).
  scopeTransactions(db, pool);
  if (url === directUrl) preparable.set(db, { pool, names: new Set() });
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

/** A drizzle query that can be prepared by name (a select or an insert/update builder). */
interface PreparableQuery<R> extends PromiseLike<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}

/**
 * executeHot for a drizzle query builder (its rows mapped as usual): prepared by name on each
 * server connection, so PostgreSQL plans it once per connection instead of at every run. The
 * demand page's statement (five tables and the scope's sub-selects) took ~3.9 ms to plan and
 * ~0.4 ms to run at 10×, every time. Behind a transaction pooler, in a transaction, or past
 * MAX_PREPARED texts, it runs unnamed like every other statement.
 */
export async function runHot<R>(db: DbOrTx, query: PreparableQuery<R>): Promise<R> {
  const named = preparable.get(db);
  if (named) {
    const text = query.toSQL().sql;
    const name = `hot_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (named.names.has(name) || named.names.size < MAX_PREPARED) {
      named.names.add(name);
      return query.prepare(name).execute();
    }
  }
  return query;
}

/**
 * Runs a hot read that is sent many times with the same text: prepared by name on each server
 * connection when the pool reaches PostgreSQL itself, so after its first runs PostgreSQL
 * reuses the plan instead of parsing and planning it again (~0.3 ms of the demand list's
 * page statement). Behind a transaction pooler, in a transaction, or past MAX_PREPARED texts,
 * it runs unnamed like every other statement.
 */
export async function executeHot<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const named = preparable.get(db);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (named) {
    const name = `hot_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (named.names.has(name) || named.names.size < MAX_PREPARED) {
      named.names.add(name);
      return (await named.pool.query<T>({ name, text, values: params })).rows;
    }
  }
  return (await db.execute<T>(query)).rows as T[];
}
