// The deadline-reminders job's first pass of a day on a copy of a prepared bench company
// (BENCH_DATA_TEMPLATE: a template never started today, e.g. /work/bench-10x; a "-settled" one
// measures a later pass of the day, everything already claimed): wall time, CPU seconds of
// this process and of PostgreSQL (postmaster and all its children), statements sent, events.
//   BENCH_DATA_TEMPLATE=/work/bench-10x npm run bench -- reminders
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { runDeadlineReminders } from '../apps/server/src/jobs/deadline-reminders.ts';
import { EventBus } from '../apps/server/src/lib/events.ts';
import { writeReport } from './lib/servers.ts';

const template = process.env.BENCH_DATA_TEMPLATE;
if (!template) {
  console.log('BENCH_DATA_TEMPLATE não definido: bench de lembretes pulado.');
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-reminders-'));
// cp -a keeps the owner the embedded PostgreSQL runs as (see startApp).
const cp = spawnSync('cp', ['-a', `${template}/.`, dir]);
if (cp.status !== 0) throw new Error(`cópia de ${template} falhou: ${String(cp.stderr)}`);
fs.rmSync(path.join(dir, 'pg', 'postmaster.pid'), { force: true });

const log = { info: () => undefined, warn: console.warn, error: console.error };
const embedded = await startEmbeddedPostgres(dir, log);
const database = openDatabase(embedded.url, 10, embedded.url);
await runMigrations(database);
const events = new EventBus(database.pool, log, { directUrl: embedded.url });
await events.start();
const config = { ...loadConfig(), DATA_DIR: dir };

const postmaster = Number(fs.readFileSync(`${dir}/pg/postmaster.pid`, 'utf8').split('\n')[0]);
/** utime + stime (+ cutime + cstime) of a process, in clock ticks. */
function ticks(pid: number, withChildren: boolean) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = Number(f[11]) + Number(f[12]);
  return withChildren ? own + Number(f[13]) + Number(f[14]) : own;
}
/** CPU seconds of PostgreSQL: the postmaster, its children alive and those it reaped. */
function pgCpuSeconds() {
  let t = ticks(postmaster, true);
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const st = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(st[1]) === postmaster) t += ticks(Number(p), false);
    } catch {
      /* exited meanwhile */
    }
  }
  return t / 100;
}

let eventsHeard = 0;
const stopListening = events.subscribe(() => eventsHeard++);
let statements = 0;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called back with its own `this`
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const pg0 = pgCpuSeconds();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const run = await runDeadlineReminders({ database, events, config });
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
// Let the backends' last work show in /proc.
await new Promise((r) => setTimeout(r, 500));
const pgCpu = pgCpuSeconds() - pg0;
pg.Client.prototype.query = query;
stopListening();

const result = {
  template,
  run,
  wallS: +(wall / 1000).toFixed(2),
  serverCpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
  postgresCpuS: +pgCpu.toFixed(2),
  statements,
  eventsHeard,
};
console.log(JSON.stringify(result));
writeReport('reminders', result);
await events.stop();
await database.close();
await embedded.stop();
fs.rmSync(dir, { recursive: true, force: true });
