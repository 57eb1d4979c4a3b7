import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';

/** pg-boss keeps its tables in this schema (installed by runMigrations). */
export const QUEUE_SCHEMA = 'pgboss';

/** How a queue keeps, retries and schedules its jobs. */
export interface QueueSpec {
  /** Cron in the company's time zone: the job is sent by the schedule (once for all nodes). */
  cron?: string;
  /** 'stately': at most one waiting and one running (periodic jobs never pile up). */
  policy?: 'standard' | 'stately';
  /** Attempts after the first; then the job stays `failed` with its error. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each attempt when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job not finished by then (its node died) is failed and retried. */
  expireInSeconds: number;
}

/** What a handler learns about the job it runs. */
export interface JobRun {
  id: string;
  /** Attempts already failed (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler = (data: Record<string, unknown>, run: JobRun) => Promise<unknown>;

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface JobQueueOptions {
  /** A session connection to PostgreSQL itself (DATABASE_DIRECT_URL): workers and schedules. */
  directUrl: string;
  timeZone: string;
  log: JobLog;
  /** Seconds between polls of an idle queue (default 2). */
  pollingIntervalSeconds?: number;
  /** Seconds between the expiry checks of running jobs (default 60). */
  superviseIntervalSeconds?: number;
}

type Executor = { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The connection behind a Drizzle database or transaction: a job sent through it is written in
 * that transaction (commits or rolls back with the change that caused it).
 */
export function executorOf(db: DbOrTx): Executor {
  const session = (db as unknown as { session: { client: Executor & { query: Query } } }).session;
  const client = session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}
type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The one background-work queue of the app (pg-boss on PostgreSQL). buildApp makes it and
 * registers every job's handler (jobs/registry.ts); server.ts starts and stops its workers and
 * schedules. A job is sent with `send`, inside the caller's transaction when `db` is one.
 */
export interface JobQueue {
  /** Registers the handlers (buildApp); `start` runs them. */
  register(specs: Record<string, QueueSpec>, handlers: Record<string, JobHandler>): void;
  /** Workers, schedules and the expiry supervisor of this node (tests poll faster). */
  start(options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /**
   * Stops taking jobs, waits for the running ones (up to `timeoutMs`, 10 s by default; a job
   * cut short goes back to the queue at its expiry) and closes its connections.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Writes a job through `db` (a transaction: the job exists only if it commits). Null when a
   * `stately` queue already has one waiting (that one will do).
   */
  send(db: DbOrTx, name: string, data: object, options?: { id?: string }): Promise<string | null>;
  /** The pg-boss instance (tests, the ti screen's retry). */
  readonly boss: PgBoss;
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    connectionString: opts.directUrl,
    schema: QUEUE_SCHEMA,
    application_name: 'eproto-jobs',
    max: 4,
    migrate: true,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.superviseIntervalSeconds ?? 60,
    // Kept in the job table 7 days (the ti screen lists them), then archived.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    deleteAfterDays: 30,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'Falha na fila de tarefas'));
  let specs: Record<string, QueueSpec> = {};
  let handlers: Record<string, JobHandler> = {};
  let started = false;
  // A stop that arrives while `start` is still creating queues (a SIGTERM right after the
  // server listens) waits for it to notice, so no worker is added to a stopped pg-boss.
  let starting: Promise<void> | null = null;
  let stopping = false;

  async function startWorkers(polling: number) {
    await boss.start();
    for (const [name, spec] of Object.entries(specs)) {
      if (stopping) return;
      await ensureQueue(boss, name, spec);
      if (spec.cron) await boss.schedule(name, spec.cron, {}, { tz: opts.timeZone });
      else await boss.unschedule(name);
      const handler = handlers[name];
      if (!handler) throw new Error(`Tarefa sem executor: ${name}`);
      if (stopping) return;
      await boss.work<Record<string, unknown>>(
        name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: polling,
        },
        async ([job]) => {
          if (!job) return;
          try {
            const result = await handler(job.data ?? {}, {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
            // Kept as the job's output (jsonb), which the ti screen shows.
            return typeof result === 'object' && result !== null ? result : { result };
          } catch (err) {
            opts.log.error({ err, job: name, id: job.id }, `Tarefa ${name} falhou`);
            throw err;
          }
        },
      );
    }
    opts.log.info({ queues: Object.keys(specs) }, 'Fila de tarefas iniciada.');
  }

  return {
    boss,
    register(s, h) {
      specs = s;
      handlers = h;
    },
    async start(startOptions = {}) {
      if (started) return;
      const polling = startOptions.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 2;
      started = true;
      stopping = false;
      starting = startWorkers(polling);
      try {
        await starting;
      } catch (err) {
        // A stop cut the start short (its connections closed under it): nothing to report.
        if (!stopping) throw err;
      } finally {
        starting = null;
      }
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (!started) return;
      started = false;
      stopping = true;
      await starting?.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
    async send(db, name, data, options = {}) {
      return boss.send(name, data, { ...options, db: executorOf(db) });
    },
  };
}

/** Creates the queue or brings its retry and expiry settings up to date. */
async function ensureQueue(boss: PgBoss, name: string, spec: QueueSpec) {
  const options = {
    name,
    policy: spec.policy ?? 'standard',
    retryLimit: spec.retryLimit,
    retryDelay: spec.retryDelay,
    retryBackoff: spec.retryBackoff,
    expireInSeconds: spec.expireInSeconds,
  };
  // Nodes starting together create the same queue's partition at once: PostgreSQL may pick
  // one of them as a deadlock victim, which simply tries again and finds the queue made.
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
      break;
    } catch (err) {
      if (attempt >= 5 || (err as { code?: string }).code !== '40P01') throw err;
    }
  }
  await boss.updateQueue(name, options);
}

/**
 * Installs (or upgrades) pg-boss's schema and creates every queue, on a session connection
 * (runMigrations calls it after the app's migrations): a job can then be sent in any
 * transaction, on every node, before any worker starts.
 */
export async function installJobQueue(directUrl: string, specs: Record<string, QueueSpec>) {
  const boss = new PgBoss({
    connectionString: directUrl,
    schema: QUEUE_SCHEMA,
    application_name: 'eproto-migrate',
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const [name, spec] of Object.entries(specs)) await ensureQueue(boss, name, spec);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
