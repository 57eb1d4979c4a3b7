import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface WaitForDatabaseOptions {
  /** Give up after this long (0: keep trying for ever). */
  maxWaitMs: number;
  /** Where each failed attempt is reported (one line, Portuguese). */
  warn: (message: string) => void;
  /** First pause between attempts; doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** The database did not answer within the time the configuration allows at boot. */
export class DatabaseUnreachableError extends Error {}

/** Host and port of a connection string, without the password, for log lines. */
function whereOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits for an external PostgreSQL to accept a connection before the app starts, retrying with
 * a growing pause: a node started while its database is still booting (or briefly away) comes
 * up by itself when the database does, instead of exiting and depending on a supervisor.
 */
export async function waitForDatabase(url: string, options: WaitForDatabaseOptions): Promise<void> {
  const started = Date.now();
  let delay = options.firstDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 10_000;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: 'eproto-boot',
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      const waited = Date.now() - started;
      const reason = err instanceof Error ? err.message : String(err);
      if (options.maxWaitMs > 0 && waited + delay > options.maxWaitMs) {
        throw new DatabaseUnreachableError(
          `Banco de dados em ${whereOf(url)} inacessível há ${Math.round(waited / 1000)} s ` +
            `(${attempt} tentativas; último erro: ${reason}). Confira DATABASE_URL ou aumente ` +
            'DB_BOOT_WAIT_SECONDS.',
        );
      }
      options.warn(
        `Banco de dados em ${whereOf(url)} inacessível (${reason}); nova tentativa em ` +
          `${(delay / 1000).toLocaleString('pt-BR')} s.`,
      );
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(delay);
    delay = Math.min(delay * 2, maxDelay);
  }
}
