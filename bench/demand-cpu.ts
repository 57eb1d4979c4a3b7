// CPU per request of the demand reads and writes held to issue 37's targets, one request at a
// time (less sensitive to a shared machine than throughput): the server's and PostgreSQL's CPU
// read from /proc, and the wall time of each request (p50, p95). On a copy of the generated
// company (BENCH_DATA_TEMPLATE, e.g. the 10× one), signed in as gerente@ like bench/load.ts:
//  - page:      GET /murals/{id}, each demand once (the uncached page: a first visit)
//  - counts:    GET /murals/counts?board_id= of the big board (1,000 cards at 1×, 5,000 at 10×)
//  - countsIds: GET /murals/counts?ids= of 1,000 of its cards (what a list asks)
//  - cold:      GET /murals/summary of 1,000 cards, perPage 1000, 999, … (nothing reused whole)
//  - move:      PATCH /murals/{id}/kanban
//  - osStep:    POST /tatico/os/{id}/etapas (pausar/retomar, bench/lib/os-steps.ts)
// BENCH_CPU_N (default 200) requests per measure (counts: a fifth), BENCH_CPU_ONLY=page,move
// picks some. BENCH_SERVER_ENTRY runs another build of the server (e.g. the one before a change,
// `node scripts/build-server.mjs --outdir /tmp/base`) on the same data, for a before/after.
// After the writes it prints how often each index of `murals` was read (pg_stat_user_indexes).
//   BENCH_SCALE=10 BENCH_DATA_TEMPLATE=/srv/eproto-bench-10x npm run bench -- demand-cpu
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { STAGES, type Stage } from '@eproto/domain';
import { databaseUrl, generate } from './lib/generate.ts';
import { prepareOsSteps } from './lib/os-steps.ts';
import { signIn, startApp, writeReport, type Running } from './lib/servers.ts';

const N = Number(process.env.BENCH_CPU_N ?? 200);
const ONLY = process.env.BENCH_CPU_ONLY?.split(',');
const wants = (k: string) => !ONLY || ONLY.includes(k);

/** CPU ticks (1/100 s) of a process, and of its reaped children when asked. */
function ticks(pid: number, withChildren: boolean) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = Number(f[11]) + Number(f[12]);
  return withChildren ? own + Number(f[13]) + Number(f[14]) : own;
}

/** CPU ticks of PostgreSQL: the postmaster, its backends and what it reaped. */
function pgTicks(postmaster: number) {
  let t = ticks(postmaster, true);
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const st = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(st[1]) === postmaster) t += ticks(Number(p), false);
    } catch {
      /* gone */
    }
  }
  return t;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const r1 = (x: number) => Math.round(x * 10) / 10;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return r1(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0);
};

async function ok(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what} respondeu ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer()).length;
}

/** ms of CPU per request (server, PostgreSQL), wall p50/p95 and bytes per answer. */
async function measure(app: Running, postmaster: number, reqs: Array<() => Promise<number>>) {
  await sleep(300);
  const s0 = ticks(app.proc.pid!, false);
  const p0 = pgTicks(postmaster);
  const walls: number[] = [];
  let bytes = 0;
  for (const r of reqs) {
    const t0 = performance.now();
    bytes += await r();
    walls.push(performance.now() - t0);
  }
  await sleep(500);
  const per = (t: number) => r1((t * 10) / reqs.length);
  return {
    n: reqs.length,
    server: per(ticks(app.proc.pid!, false) - s0),
    pg: per(pgTicks(postmaster) - p0),
    p50: pct(walls, 50),
    p95: pct(walls, 95),
    bytes: Math.round(bytes / reqs.length),
  };
}

const entry = process.env.BENCH_SERVER_ENTRY;
const app = await startApp({
  LOG_LEVEL: 'error',
  ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
});
try {
  const dir = app.dataDir!;
  const gen = await generate(dir);
  const postmaster = Number(fs.readFileSync(`${dir}/pg/postmaster.pid`, 'utf8').split('\n')[0]);
  const cookie = await signIn(app.url, 'gerente@eproto.test');
  const H = { cookie, 'x-requested-with': 'eproto', 'accept-encoding': 'gzip' };
  const W = { ...H, 'content-type': 'application/json' };
  const board = gen.bigBoardId;
  const db = new pg.Client({ connectionString: databaseUrl(dir) });
  await db.connect();
  const { rows: cards } = await db.query<{ id: number; stage: Stage }>(
    `select id, stage from murals where board_id = $1 order by id`,
    [board],
  );
  const before = await db.query<{ name: string; scans: string }>(
    `select indexrelname as name, idx_scan as scans from pg_stat_user_indexes where relname = 'murals'`,
  );
  const get = (path: string, what: string) => async () =>
    ok(await fetch(`${app.url}${path}`, { headers: H }), what);
  // Warm-up: JIT, pools, plans; the card texts of the first page kept (a node's steady state).
  for (let i = 0; i < 20; i++) {
    await get(`/api/eproto/murals/summary?board_id=${board}&perPage=${1000 - i}&page=1`, 's')();
    await get(`/api/eproto/murals/${cards[cards.length - 1 - i]!.id}`, 'page')();
  }
  const at = (n: number, f: (i: number) => () => Promise<number>) =>
    measure(
      app,
      postmaster,
      Array.from({ length: n }, (_, i) => f(i)),
    );
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const show = (k: string) => {
    const r = results[k]!;
    console.log(
      `  ${k.padEnd(10)} ${String(r.server).padStart(6)} + ${String(r.pg).padStart(5)} ms CPU (servidor + PG)   p50 ${r.p50} / p95 ${r.p95} ms   ${r.bytes} B   (${r.n} pedidos; carga ${os.loadavg()[0]!.toFixed(1)})`,
    );
  };
  if (wants('page')) {
    results.page = await at(Math.min(N, cards.length - 40), (i) =>
      get(`/api/eproto/murals/${cards[i]!.id}`, 'page'),
    );
    show('page');
  }
  if (wants('counts')) {
    results.counts = await at(Math.max(5, N / 5), () =>
      get(`/api/eproto/murals/counts?board_id=${board}`, 'counts'),
    );
    show('counts');
  }
  if (wants('countsIds')) {
    const ids = cards.slice(0, 1000).map((c) => c.id);
    results.countsIds = await at(Math.max(5, N / 5), () =>
      get(`/api/eproto/murals/counts?ids=${ids.join(',')}`, 'counts'),
    );
    show('countsIds');
  }
  if (wants('cold')) {
    results.cold = await at(N, (i) =>
      get(
        `/api/eproto/murals/summary?board_id=${board}&perPage=${990 - (i % 500)}&page=1&sort=-updated_at`,
        'summary',
      ),
    );
    show('cold');
  }
  if (wants('move')) {
    const stage = new Map(cards.map((c) => [c.id, c.stage]));
    results.move = await at(N, (i) => async () => {
      const c = cards[i % cards.length]!;
      const next = STAGES[(STAGES.indexOf(stage.get(c.id)!) + 1) % STAGES.length]!;
      stage.set(c.id, next);
      return ok(
        await fetch(`${app.url}/api/eproto/murals/${c.id}/kanban`, {
          method: 'PATCH',
          headers: W,
          body: JSON.stringify({ stage: next }),
        }),
        'kanban',
      );
    });
    show('move');
  }
  if (wants('osStep')) {
    const os = await prepareOsSteps(app.url, dir);
    results.osStep = await at(N, () => async () => {
      const r = os.varying.next();
      return ok(
        await fetch(`${app.url}${r.path}`, {
          method: 'POST',
          headers: { ...W, ...r.headers },
          body: r.body,
        }),
        'etapa',
      );
    });
    show('osStep');
  }
  const after = await db.query<{ name: string; scans: string }>(
    `select indexrelname as name, idx_scan as scans from pg_stat_user_indexes where relname = 'murals' order by 1`,
  );
  await db.end();
  const scans = Object.fromEntries(
    after.rows.map((r) => [
      r.name,
      Number(r.scans) - Number(before.rows.find((b) => b.name === r.name)?.scans ?? 0),
    ]),
  );
  console.log(`  Leituras de cada índice de murals nesta medida: ${JSON.stringify(scans)}`);
  console.log(
    `  Relatório: ${writeReport('demand-cpu', { entry: entry ?? 'apps/server/dist', scale: gen.totals, loadAvg: os.loadavg(), results, indexScans: scans })}`,
  );
} finally {
  await app.stop();
}
