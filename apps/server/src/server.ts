import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DatabaseUnreachableError, waitForDatabase } from './db/wait-for-database.ts';
import { EventBus } from './lib/events.ts';
import { createLogDestination } from './lib/log-destination.ts';
import { createStopper } from './lib/stop-within.ts';
import { createStorage } from './lib/storage.ts';
import { ensureVapidKeys } from './modules/push/push-sender.ts';
import { demoBanner, ensureAdmin, seedDemoIfEmpty } from './seed/seed.ts';

// Console until the app's logger exists; then the same lines go through pino.
const log = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};

async function main() {
  const config = loadConfig();
  let unlock = () => undefined as void;
  let stopPg = async () => undefined as void;
  let killPg = () => undefined as void;
  let url = config.DATABASE_URL;
  let directUrl = config.databaseDirectUrl;
  // Set once the pool exists; the supervisor reports a postmaster crash through it at once.
  let onPgDown = () => undefined as void;
  if (!url) {
    unlock = lockDataDir(config.dataDir);
    const pg = await startEmbeddedPostgres(config.dataDir, log, {
      supervise: { onDown: () => onPgDown() },
    });
    url = pg.url;
    directUrl = pg.url;
    stopPg = pg.stop;
    killPg = pg.kill;
  } else {
    await waitForDatabase(config.databaseDirectUrl ?? url, {
      maxWaitMs: config.DB_BOOT_WAIT_SECONDS * 1000,
      warn: log.warn,
    });
  }
  const database = openDatabase(url, 10, directUrl, {
    acquireMs: config.DB_ACQUIRE_TIMEOUT_SECONDS * 1000,
    queryMs: config.DB_QUERY_TIMEOUT_SECONDS * 1000,
  });
  onPgDown = () => database.health.markDown();
  await runMigrations(database);
  // Web Push keys: made on the first start, kept in the database, shared by every node.
  await ensureVapidKeys(database.db);
  const events = new EventBus(database.pool, log, { directUrl: database.directUrl });
  await events.start();
  const storage = await createStorage(config);
  // Asynchronous: a stdout nobody reads never blocks the server, nor its exit.
  const logDestination = createLogDestination();
  const app = await buildApp({ config, database, events, storage, logStream: logDestination });
  Object.assign(log, {
    info: (m: string) => app.log.info(m),
    warn: (m: string) => app.log.warn(m),
    error: (m: string) => app.log.error(m),
  });
  database.health.start((up, downForMs) =>
    up
      ? app.log.warn(`Banco de dados acessível de novo após ${downForMs} ms.`)
      : app.log.error('Banco de dados inacessível; pedidos recebem 503 até ele voltar.'),
  );

  let seeded = false;
  if (config.demoMode) seeded = await seedDemoIfEmpty(database.db, config.DEMO_PASSWORD, storage);
  else await ensureAdmin(database.db, config, app.log);

  const limitSeconds = config.SHUTDOWN_TIMEOUT_SECONDS;
  const stop = createStopper({
    timeoutMs: limitSeconds * 1000,
    steps: [
      // Running jobs finish (or go back to the queue for another node) before the pool closes;
      // they get half of the bound, so the rest of the shutdown still fits in it.
      () => app.jobs.stop({ timeoutMs: Math.max(1_000, (limitSeconds * 1000) / 2) }),
      () => app.close(),
      () => events.stop(),
      () => database.close(),
      () => stopPg(),
    ],
    beforeExit: (_code, timedOut) => {
      if (timedOut) {
        app.log.error(`Encerramento não terminou em ${limitSeconds} s; saindo assim mesmo.`);
        killPg();
      }
      unlock();
      logDestination.flushWithin(1_000);
    },
  });
  const onSignal = (signal: string) => {
    app.log.info(`${signal} recebido: encerrando (no máximo ${limitSeconds} s).`);
    void stop();
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // Every background job (jobs/specs.ts): workers and schedules of this node.
  await app.jobs.start();
  const shown = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  if (config.demoMode) {
    console.log(demoBanner(shown, config.DEMO_PASSWORD));
    if (seeded) console.log('  (empresa de demonstração criada agora)\n');
  } else {
    console.log(`\n  E-Proto pronto em ${shown}\n`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  if (err instanceof DatabaseUnreachableError) {
    console.error(err.message);
    process.exit(3);
  }
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('Falha ao iniciar o E-Proto / E-Proto failed to start:', err);
  process.exit(1);
});
