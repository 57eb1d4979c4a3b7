import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { createJobQueue, type JobQueueOptions } from '../src/jobs/queue.ts';
import { EventBus } from '../src/lib/events.ts';
import type { HostLookup } from '../src/lib/outbound-url.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { reportUnrecordedWrite } from './audit-guard.ts';
import { localStorage, type Storage } from '../src/lib/storage.ts';

export const PASSWORD = 'senha-de-teste-123';
let cachedHash: Promise<string> | null = null;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  events: EventBus;
  mails: Mail[];
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** 'outbox': the app's own mailer (outbox table + log line) instead of the recorder. */
  mailer?: 'recorder' | 'outbox' | Mailer;
  /** Receives the app's log lines (set LOG_LEVEL in env, the default is silent). */
  logStream?: { write(line: string): void };
  /** The file store (default: local disk in the test's own DATA_DIR). */
  storage?: Storage;
  /**
   * An existing database (default: a fresh clone), e.g. reached through PgBouncer, with
   * `directUrl` to PostgreSQL itself for LISTEN and migrations.
   */
  database?: { url: string; directUrl: string };
  /** DNS of outbound URLs (push endpoints): names the test makes up, answered its own way. */
  outboundLookup?: HostLookup;
  /** The job queue's timings (default: buildApp's, polling every 2 s, expiries checked each minute). */
  jobs?: Pick<JobQueueOptions, 'pollingIntervalSeconds' | 'superviseIntervalSeconds'>;
  /** The template the fresh database is cloned from (default: the migrated, empty one). */
  template?: string;
}

/**
 * A fresh database cloned from the migrated template (or another template: the demo company's,
 * test/demo-app.ts); returns its URL.
 */
export async function cloneTestDatabase(template = 'eproto_template'): Promise<string> {
  const adminUrl = inject('dbAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database cloned from the migrated template, and the real app on top of it. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const database = opts.database
    ? openDatabase(opts.database.url, 5, opts.database.directUrl)
    : openDatabase(await cloneTestDatabase(opts.template), 5);
  const events = new EventBus(database.pool, undefined, {
    directUrl: opts.database?.directUrl,
  });
  await events.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const mails: Mail[] = [];
  const app = await buildApp({
    config,
    database,
    events,
    storage: opts.storage ?? localStorage(path.join(dataDir, 'uploads')),
    mailer:
      opts.mailer === 'outbox'
        ? undefined
        : typeof opts.mailer === 'function'
          ? opts.mailer
          : async (m) => {
              mails.push(m);
            },
    logStream: opts.logStream,
    outboundLookup: opts.outboundLookup,
    onUnrecordedWrite: reportUnrecordedWrite,
    ...(opts.jobs && {
      jobs: createJobQueue({
        directUrl: database.directUrl,
        timeZone: config.COMPANY_TIME_ZONE,
        log: { info: () => undefined, error: () => undefined },
        ...opts.jobs,
      }),
    }),
  });
  await app.ready();
  return {
    app,
    database,
    events,
    mails,
    config,
    close: async () => {
      // A test that listened on a port may leave a client socket open (an upload cut at 413):
      // close() alone would wait for it.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await events.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user with the test password. */
export async function createUser(
  t: TestApp,
  v: { email?: string; nome?: string; role: string; active?: boolean },
) {
  cachedHash ??= hashPassword(PASSWORD);
  const [row] = await t.database.db
    .insert(users)
    .values({
      email:
        v.email ??
        `${v.role.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@teste.com`,
      nome: v.nome ?? `Pessoa ${v.role}`,
      role: v.role,
      active: v.active ?? true,
      passwordHash: await cachedHash,
    })
    .returning();
  return row!;
}

/** Headers every SPA call carries. */
export const spa = { [CSRF_HEADER]: CSRF_VALUE } as const;

/** Signs in and returns the Cookie header value of the new session. */
export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: spa,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login falhou: ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** "name=value" of the session cookie set by a response. */
export function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'eproto_session');
  if (!c) throw new Error('sem cookie de sessão');
  return `${c.name}=${c.value}`;
}

/** Creates a user of a role and signs them in. */
export async function userWithSession(t: TestApp, role: string) {
  const user = await createUser(t, { role });
  return { user, cookie: await login(t, user.email) };
}
