// Cache layers of the demand summary (GET /murals/summary), one at a time (issue 37 point 4):
// CPU per request of the server and of PostgreSQL, read from /proc (less sensitive to a loaded
// machine than wall time), one request at a time, each variant on a new server over a copy of
// the same generated company (BENCH_DATA_TEMPLATE; without one the company is generated once
// into a temporary template first). Per variant: 60 warm-up reads (card texts kept: a node's
// steady state), then N requests of each kind:
//  - cold: the 1,000-card page with perPage 1000, 999, ... (no answer reused whole);
//  - same: the same page N times (answer cache hits, when it is on);
//  - moves: PATCH /murals/:id/kanban on the board's first 100 cards;
//  - views: PATCH /murals/:id/visualizado (a demand marked as seen).
// Each layer has its knob, the variant names:
//   todas        every layer on
//   sem-respostas  no answer cache (CACHE_SUMMARY_MB=0)
//   sem-views    no answer cache, no views kept (CACHE_USER_VIEWS_MB=0 too: each page reads
//                its views in one statement)
//   sem-textos   no answer cache, no card texts (CACHE_SUMMARY_CARDS_MB=0 too)
//   sem-gatilhos no answer cache, no views kept, and the triggers of migrations 0036 (card
//                names, fired by renames only) and 0038 (views numbered) dropped
// BENCH_LAYERS=todas,sem-textos picks some; BENCH_LAYERS_ROUNDS (default 2) rounds of all of
// them, interleaved; BENCH_LAYERS_N (default 100) requests per measure. At 10× the big board
// holds 5,000 demands: its page of 1,000 is measured.
//   BENCH_DATA_TEMPLATE=/srv/eproto-bench-10x npm run bench -- cache-layers
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { STAGES, type Stage } from '@eproto/domain';
import { databaseUrl, generate } from './lib/generate.ts';
import { signIn, startApp, writeReport, type Running } from './lib/servers.ts';

const N = Number(process.env.BENCH_LAYERS_N ?? 100);
const ROUNDS = Number(process.env.BENCH_LAYERS_ROUNDS ?? 2);

interface Variant {
  key: string;
  label: string;
  env: Record<string, string>;
  dropTriggers?: boolean;
}
const VARIANTS: Variant[] = [
  { key: 'todas', label: 'todas as camadas', env: {} },
  { key: 'sem-respostas', label: 'sem o cache de respostas', env: { CACHE_SUMMARY_MB: '0' } },
  {
    key: 'sem-views',
    label: '… e sem as visualizações',
    env: { CACHE_SUMMARY_MB: '0', CACHE_USER_VIEWS_MB: '0' },
  },
  {
    key: 'sem-textos',
    label: '… e sem os textos de cartão',
    env: { CACHE_SUMMARY_MB: '0', CACHE_SUMMARY_CARDS_MB: '0' },
  },
  {
    key: 'sem-gatilhos',
    label: 'sem respostas, views, gatilhos',
    env: { CACHE_SUMMARY_MB: '0', CACHE_USER_VIEWS_MB: '0' },
    dropTriggers: true,
  },
];

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

const loadAvg = () => os.loadavg().map((x) => Math.round(x * 10) / 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ms of CPU per request (server, PostgreSQL) and wall ms per request. */
async function measure(app: Running, postmaster: number, reqs: Array<() => Promise<void>>) {
  await sleep(300);
  const s0 = ticks(app.proc.pid!, false);
  const p0 = pgTicks(postmaster);
  const t0 = performance.now();
  for (const r of reqs) await r();
  const wall = performance.now() - t0;
  await sleep(500);
  const per = (t: number) => Math.round(((t * 10) / reqs.length) * 10) / 10;
  return {
    server: per(ticks(app.proc.pid!, false) - s0),
    pg: per(pgTicks(postmaster) - p0),
    wall: Math.round((wall / reqs.length) * 10) / 10,
  };
}

async function ok(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what} respondeu ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function run(v: Variant, round: number) {
  const app = await startApp({ LOG_LEVEL: 'error', ...v.env });
  try {
    const dir = app.dataDir!;
    const gen = await generate(dir);
    const postmaster = Number(fs.readFileSync(`${dir}/pg/postmaster.pid`, 'utf8').split('\n')[0]);
    const db = new pg.Client({ connectionString: databaseUrl(dir) });
    await db.connect();
    if (v.dropTriggers) {
      await db.query(`drop trigger "mural_views_seq" on "mural_views";
        drop trigger "boards_mural_card_names" on "boards";
        drop trigger "contracts_mural_card_names" on "contracts";
        drop trigger "users_mural_card_names" on "users";`);
    }
    const board = gen.bigBoardId;
    const { rows: cards } = await db.query<{ id: number; stage: Stage }>(
      `select id, stage from murals where board_id = $1 order by id limit 100`,
      [board],
    );
    await db.end();
    const cookie = await signIn(app.url, 'gerente@eproto.test');
    const H = { cookie, 'x-requested-with': 'eproto', 'accept-encoding': 'gzip' };
    const W = { ...H, 'content-type': 'application/json' };
    const summary = (perPage: number) => async () =>
      ok(
        await fetch(
          `${app.url}/api/eproto/murals/summary?board_id=${board}&perPage=${perPage}&page=1&sort=-updated_at`,
          { headers: H },
        ),
        'summary',
      );
    for (let i = 0; i < 60; i++) await summary(1000 - (i % 20))();
    const at = (n: number, f: (i: number) => () => Promise<void>) =>
      measure(
        app,
        postmaster,
        Array.from({ length: n }, (_, i) => f(i)),
      );
    const cold = await at(N, (i) => summary(1000 - (i % 500)));
    const same = await at(N, () => summary(1000));
    const stage = new Map(cards.map((c) => [c.id, c.stage]));
    const moves = await at(N, (i) => async () => {
      const c = cards[i % cards.length]!;
      const next = STAGES[(STAGES.indexOf(stage.get(c.id)!) + 1) % STAGES.length]!;
      stage.set(c.id, next);
      await ok(
        await fetch(`${app.url}/api/eproto/murals/${c.id}/kanban`, {
          method: 'PATCH',
          headers: W,
          body: JSON.stringify({ stage: next }),
        }),
        'kanban',
      );
    });
    const views = await at(N, (i) => async () => {
      const c = cards[i % cards.length]!;
      await ok(
        await fetch(`${app.url}/api/eproto/murals/${c.id}/visualizado`, {
          method: 'PATCH',
          headers: H,
        }),
        'visualizado',
      );
    });
    return { round, variant: v.key, label: v.label, loadAvg: loadAvg(), cold, same, moves, views };
  } finally {
    await app.stop();
  }
}

let tmpTemplate: string | undefined;
if (!process.env.BENCH_DATA_TEMPLATE) {
  tmpTemplate = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-layers-'));
  const app = await startApp({}, tmpTemplate);
  try {
    await generate(tmpTemplate);
  } finally {
    await app.stop();
  }
  process.env.BENCH_DATA_TEMPLATE = tmpTemplate;
}
try {
  const wanted = process.env.BENCH_LAYERS?.split(',');
  const chosen = VARIANTS.filter((v) => !wanted || wanted.includes(v.key));
  const results = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of chosen) {
      const r = await run(v, round);
      console.log(
        `  ${r.label.padEnd(32)} resumo sem reaproveitar ${r.cold.server} + ${r.cold.pg} ms · o mesmo ${r.same.server} + ${r.same.pg} · movimentação ${r.moves.server} + ${r.moves.pg} · visto ${r.views.server} + ${r.views.pg} (servidor + PostgreSQL por pedido; carga ${r.loadAvg.join(' ')})`,
      );
      results.push(r);
    }
  }
  const file = writeReport('cache-layers', {
    requestsPerMeasure: N,
    rounds: ROUNDS,
    template: tmpTemplate ? 'gerado' : process.env.BENCH_DATA_TEMPLATE,
    results,
  });
  console.log(`  Relatório: ${file}`);
} finally {
  if (tmpTemplate) fs.rmSync(tmpTemplate, { recursive: true, force: true });
}
