// Browser figures in Chromium (Debian's, headless) against the production build, on the demo
// company scaled up by bench/lib/generate.ts:
//  - JS per route: gzip size of every script a fresh tab (no cache) fetches to open the route;
//  - /login time to usable: navigation start -> the e-mail field is on screen and enabled
//    (React mounted, so typing and submitting work);
//  - board time to usable: navigation start to /eproto/quadros?quadro=<id> -> every stage
//    column shows its first card, armed for dragging (dnd-kit attributes on it), and the column
//    totals add up to the board's demands; with the network breakdown (every summary page and
//    counts call, with its bytes) and the CPU Chromium used meanwhile;
//  - kanban drag: requestAnimationFrame deltas while a card is dragged with the mouse from
//    "A fazer" across two columns to "Em revisão" (drop excluded).
// Which boards: the target (ARCHITECTURE.md "Quality bars", issue 21) is a board of 1,000
// demands. At 1× the big board of the generated company is that board. At 10× the big board
// holds 5,000, so the bench first adds a board of 1,000 demands to its own copy of the data
// (bench/lib/generate.ts boardOfThousand: 1,000 generated demands of the other boards moved
// onto a board shaped like the 1× big board — same contract, participants, titles, stages,
// priorities and half opened by gerente@ — each with its tasks, messages and history; the
// company keeps its 50,000 demands) and measures both boards, side by side. So the 1,000 row
// compares like with like across scales (same board, a 10× larger company around it), and the
// 5,000 row shows what a board five times larger costs. The template (BENCH_DATA_TEMPLATE)
// stays as generated, so the other benches see the same company as before. Each run opens
// each board first with an empty HTTP cache, then again in a new tab of the same context
// (assets cached); the first run after the server starts also pays the server's first build
// of each answer (listed apart in the JSON report as run 1).
// Targets: /login JS <= 150 KB gzip, board usable < 1 s, drag at 60 fps p95 (frame <= 16.7 ms).
// Service workers are blocked so each run is a first visit without the precache download
// competing.
import fs from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { ROUTE_ACCESS, roleOf, STAGES, type Stage } from '@eproto/domain';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import pg from 'pg';
import { at, frameStats, VSYNC_MS } from './lib/frames.ts';
import { boardOfThousand, databaseUrl, generate } from './lib/generate.ts';
import { CHROMIUM, CHROMIUM_ARGS, signIn, startApp, writeReport } from './lib/servers.ts';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
/** Moves timed from one person's tab to another's (issue 37: p95 < 300 ms). */
const MOVES = Number(process.env.BENCH_BROWSER_MOVES ?? 20);
const MOVE_SEEN_TARGET_MS = 300;
/** A move not shown in the other tab by then counts as missed (listed in the report). */
const MOVE_GIVE_UP_MS = 30_000;
const LOGIN_JS_BUDGET_KB = 150;
const BOARD_TARGET_MS = 1_000;
const FRAME_BUDGET_MS = VSYNC_MS;
const VIEWPORT = { width: 1440, height: 900 };

const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * CPU time (ms, user + system) used so far by each Chromium process this bench started, by pid:
 * a figure the other processes on the machine do not inflate, unlike wall-clock times.
 */
function chromiumCpu(): Map<number, number> {
  const tick = 100; // USER_HZ on Linux
  const children = new Map<number, number[]>();
  const stat = new Map<number, { comm: string; cpu: number }>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      const pid = Number(d);
      const ppid = Number(f[1]);
      stat.set(pid, { comm, cpu: ((Number(f[11]) + Number(f[12])) * 1000) / tick });
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      /* process ended */
    }
  }
  const cpu = new Map<number, number>();
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (stat.get(c)?.comm.startsWith('chrom')) cpu.set(c, stat.get(c)!.cpu);
      walk(c);
    }
  };
  walk(process.pid);
  return cpu;
}

/** Chromium CPU ms since `before`, over the processes alive now (a process that ended meanwhile,
 * such as the renderer of a closed tab, no longer counts at either end). */
function chromiumCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of chromiumCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return {
    count: s.length,
    min: r1(s[0] ?? 0),
    p50: r1(at(s, 0.5)),
    p95: r1(at(s, 0.95)),
    max: r1(s.at(-1) ?? 0),
  };
}

/** Watches every frame for the moments the login form and the board become usable. */
const PROBE = `(() => {
  const b = (window.__bench = { login: null, board: null, columns: null });
  const check = () => {
    if (b.login === null) {
      const email = document.querySelector('input[type="email"]');
      if (email && !email.disabled && email.getBoundingClientRect().height > 0) b.login = performance.now();
    }
    if (b.board === null) {
      const cols = [...document.querySelectorAll('section[data-stage]')];
      const armed = cols.length === 4 &&
        cols.every((c) => c.querySelector('[data-testid^="mural-card-"][aria-roledescription]'));
      if (armed) {
        const total = cols.reduce((n, c) =>
          n + Number(/: (\\d+) demandas/.exec(c.getAttribute('aria-label') || '')?.[1] || 0), 0);
        if (total >= (window.__benchExpect || 1)) { b.board = performance.now(); b.columns = total; }
      }
    }
    if (b.login === null || b.board === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function newContext(browser: Browser, cookie?: { value: string; url: string }) {
  const ctx = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  if (cookie)
    await ctx.addCookies([{ name: 'eproto_session', value: cookie.value, url: cookie.url }]);
  await ctx.addInitScript(PROBE);
  return ctx;
}

/** Gzip size of every script a fresh tab fetches to open `url` (until the network is idle). */
async function scriptsOf(ctx: BrowserContext, url: string) {
  const page = await ctx.newPage();
  const files: Array<{ url: string; gzip: number }> = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    void res
      .body()
      .then((body) =>
        files.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 6 }).length }),
      )
      .catch(() => undefined);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await page.close();
  return { kb: r1(files.reduce((n, f) => n + f.gzip, 0) / 1024), files };
}

async function timeLogin(browser: Browser, base: string) {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { login: number | null } }).__bench.login !== null,
  );
  const ms = await page.evaluate(
    () => (window as unknown as { __bench: { login: number } }).__bench.login,
  );
  await ctx.close();
  return r1(ms);
}

type Span = { start: number; end: number; kb: number } | null;
interface BoardTiming {
  usableMs: number;
  columnsTotal: number;
  domContentLoadedMs: number;
  sessionMs: Span;
  pageChunkMs: Span;
  /** Every GET /murals/summary page of the board (start, end, body KB as sent). */
  summary: Span[];
  /** Every GET /murals/counts call. */
  counts: Span[];
  /** API calls the tab started before the board was usable (the board's and everything else). */
  apiBeforeUsable: number;
  /** CPU used by Chromium from navigation to usable (wall-clock minus waiting for a core). */
  chromiumCpuMs: number;
}

async function openBoard(
  page: Page,
  base: string,
  boardId: number,
  expect: number,
): Promise<BoardTiming> {
  await page.addInitScript(`window.__benchExpect = ${expect};`);
  // Counters calls in flight, to wait for the last one after the board is usable (however
  // many calls the app makes for them).
  let countsOpen = 0;
  let countsDone = 0;
  const isCounts = (r: Request) => r.url().includes('/murals/counts');
  page.on('request', (r) => void (isCounts(r) && countsOpen++));
  const settled = (r: Request) => {
    if (!isCounts(r)) return;
    countsOpen--;
    countsDone++;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const cpu0 = chromiumCpu();
  await page.goto(`${base}/eproto/quadros?quadro=${boardId}`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { board: number | null } }).__bench.board !== null,
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  const cpuMs = Math.round(chromiumCpuSince(cpu0));
  // Counters may arrive after the cards; wait for them so the breakdown is complete.
  for (let waited = 0; (countsDone === 0 || countsOpen > 0) && waited < 30_000; waited += 50) {
    await page.waitForTimeout(50);
  }
  // A string, not a function: tsx would wrap its inner arrow functions in __name() helpers
  // that do not exist in the page.
  const timing = await page.evaluate<Omit<BoardTiming, 'chromiumCpuMs'>>(`(() => {
    const res = performance.getEntriesByType('resource');
    const one = (e) => ({ start: Math.round(e.startTime), end: Math.round(e.responseEnd),
      kb: Math.round(e.encodedBodySize / 102.4) / 10 });
    const span = (part) => {
      const e = res.filter((x) => x.name.includes(part)).at(-1);
      return e ? one(e) : null;
    };
    const all = (part, also = '') =>
      res.filter((x) => x.name.includes(part) && x.name.includes(also)).map(one);
    const usable = window.__bench.board;
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      usableMs: Math.round(usable * 10) / 10,
      columnsTotal: window.__bench.columns,
      domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
      sessionMs: span('/api/users/me'),
      pageChunkMs: span('boards-page-route'),
      summary: all('/murals/summary', 'board_id='),
      counts: all('/murals/counts'),
      apiBeforeUsable: res.filter((x) => x.name.includes('/api/') && x.startTime < usable).length,
    };
  })()`);
  return { ...timing, chromiumCpuMs: cpuMs };
}

/** rAF deltas while dragging the first "A fazer" card across two columns with the mouse. */
async function dragFrames(page: Page) {
  const card = page.locator('section[data-stage="a_fazer"] [data-testid^="mural-card-"]').first();
  const from = (await card.boundingBox())!;
  const to = (await page.locator('section[data-stage="em_revisao"]').boundingBox())!;
  const x0 = from.x + from.width / 2;
  const y0 = from.y + Math.min(40, from.height / 2);
  const x1 = to.x + to.width / 2;
  const y1 = to.y + 160;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 10, y0 + 4); // past the 6 px activation distance
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    const tick = (t) => {
      window.__frames.push(t);
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const steps = 120;
  for (let i = 1; i <= steps; i++) {
    const f = i / steps;
    await page.mouse.move(
      x0 + 10 + (x1 - x0 - 10) * f,
      y0 + 4 + (y1 - y0 - 4) * f + Math.sin(f * 9) * 30,
    );
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  const dropped = await page.locator('[data-over]').count();
  await page.mouse.up();
  const deltas = frames.slice(1).map((t, i) => t - frames[i]!);
  return { deltas, overTargetAtDrop: dropped > 0 };
}

/**
 * A move made by one person seen by another on the same board, each in their own browser
 * context: gerente@ moves a card of the board of 1,000 (the app's PATCH, from their tab) and
 * diretor@'s tab, open on the same board, shows it in the new column (the push event, then the
 * one-card patch: app/realtime/change-patches.ts). From just before the write is sent to the
 * frame where the card is in its new column, on the machine's clock (both tabs run here).
 */
async function moveLatency(
  browser: Browser,
  base: string,
  boardId: number,
  cards: Array<{ id: number; stage: string }>,
) {
  const who = async (email: string) => {
    const ctx = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
    const value = (await signIn(base, email)).split('=')[1]!;
    await ctx.addCookies([{ name: 'eproto_session', value, url: base }]);
    const page = await ctx.newPage();
    const stream = ctx.waitForEvent('response', {
      predicate: (r) => new URL(r.url()).pathname === '/api/events',
      timeout: 60_000,
    });
    await page.goto(`${base}/eproto/quadros?quadro=${boardId}`);
    await page.locator('section[data-stage] [data-testid^="mural-card-"]').first().waitFor({
      timeout: 60_000,
    });
    await stream;
    return { ctx, page };
  };
  const mover = await who('gerente@eproto.test');
  const watcher = await who('diretor@eproto.test');
  const ms: number[] = [];
  const missed: Array<{ id: number; to: string; shownIn: string }> = [];
  try {
    for (const card of cards) {
      const to = STAGES[(STAGES.indexOf(card.stage as Stage) + 1) % STAGES.length]!;
      // Strings, not functions: tsx would wrap inner arrow functions in __name() helpers that
      // do not exist in the page. The watcher is armed before the write is sent: the count in
      // the new column's header goes up by one (the column is virtualised, so the card itself
      // may be below the fold); a MutationObserver sees it the moment React writes it (no
      // frame needed, so a tab the browser treats as in the background is timed the same).
      await watcher.page.evaluate(`(() => {
        window.__seen = null;
        const column = document.querySelector('section[data-stage="${to}"]');
        const count = () =>
          Number(/: (\\d+) demandas/.exec(column.getAttribute('aria-label') || '')?.[1] || 0);
        const before = count();
        const obs = new MutationObserver(() => {
          if (window.__seen === null && count() > before) {
            window.__seen = Date.now();
            obs.disconnect();
          }
        });
        obs.observe(column, { attributes: true, attributeFilter: ['aria-label'] });
        window.__stopSeen = () => obs.disconnect();
      })()`);
      const sent = await mover.page.evaluate<number>(`(async () => {
        const t0 = Date.now();
        const res = await fetch('/api/eproto/murals/${card.id}/kanban', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'eproto' },
          body: JSON.stringify({ stage: ${JSON.stringify(to)} }),
        });
        if (!res.ok) throw new Error('PATCH ' + res.status);
        return t0;
      })()`);
      const arrived = await watcher.page
        .waitForFunction(
          () => (window as unknown as { __seen: number | null }).__seen !== null,
          undefined,
          { timeout: MOVE_GIVE_UP_MS, polling: 50 },
        )
        .then(() => true)
        .catch(() => false);
      if (arrived) ms.push((await watcher.page.evaluate<number>('window.__seen')) - sent);
      else {
        // Where the watcher's tab shows the card instead (for the report), if on screen.
        const where = await watcher.page.evaluate<string>(`(() => {
          window.__stopSeen();
          const el = document.querySelector('[data-testid="mural-card-${card.id}"]');
          return el ? el.closest('section[data-stage]')?.getAttribute('data-stage') ?? '?' : 'fora da tela';
        })()`);
        missed.push({ id: card.id, to, shownIn: where });
      }
      card.stage = to;
      // The next move after the patch requests of this one have settled.
      await watcher.page.waitForTimeout(300);
    }
  } finally {
    await mover.ctx.close();
    await watcher.ctx.close();
  }
  return { ms, missed };
}

// BENCH_PORT: a fixed port (a shared machine gives each person theirs).
const app = await startApp(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {});
let browser: Browser | null = null;
try {
  const gen = await generate(app.dataDir!);
  const thousand = await boardOfThousand(app.dataDir!, gen);
  // The 1,000 board first (the target); at 10× the big board beside it.
  const boards = [
    { id: thousand.id, demands: thousand.muralIds.length },
    ...(thousand.id === gen.bigBoardId
      ? []
      : [{ id: gen.bigBoardId, demands: gen.bigBoardMuralIds.length }]),
  ];
  const db = new pg.Client({ connectionString: databaseUrl(app.dataDir!) });
  await db.connect();
  const taskId = (
    await db.query<{ id: number }>('select id from protocols where mural_id = $1 limit 1', [
      thousand.muralIds[0],
    ])
  ).rows[0]!.id;
  // Cards gerente@ moves while diretor@ watches (from the end of the board's list).
  const moveCards = (
    await db.query<{ id: number; stage: string }>(
      'select id, stage from murals where id = any($1::int[]) order by id desc limit $2',
      [thousand.muralIds, MOVES],
    )
  ).rows;
  await db.end();
  const cookie = {
    value: (await signIn(app.url, 'gerente@eproto.test')).split('=')[1]!,
    url: app.url,
  };

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });

  // First, while the server is fresh: a move seen from one person's tab in another's.
  const moves = await moveLatency(browser, app.url, thousand.id, moveCards);
  const moveSeen = stats(moves.ms);
  const moveLine = `  Movimentação de gerente@ vista na aba de diretor@ (mesmo quadro de ${thousand.muralIds.length}): p50 ${moveSeen.p50} ms, p95 ${moveSeen.p95} ms, máx ${moveSeen.max} ms em ${moveSeen.count}; ${moves.missed.length} não chegaram em ${MOVE_GIVE_UP_MS / 1000} s (meta ${MOVE_SEEN_TARGET_MS} ms) — ${moveSeen.p95 < MOVE_SEEN_TARGET_MS ? 'ok' : 'ACIMA'}`;
  // BENCH_BROWSER_MOVES_ONLY=1: the moves alone (report browser-moves.json), then stop.
  if (process.env.BENCH_BROWSER_MOVES_ONLY) {
    const file = writeReport('browser-moves', {
      loadAverage: os.loadavg().map(r1),
      cpus: os.cpus().length,
      scale: gen.scale.factor,
      moveSeenByOtherPersonMs: { ...moveSeen, targetMs: MOVE_SEEN_TARGET_MS, missed: moves.missed },
      movesMs: moves.ms.map(r1),
    });
    console.log(`${moveLine}\n  Relatório: ${file}`);
    await browser.close();
    await app.stop();
    process.exit(0);
  }

  // JS per route, each in a fresh context (nothing cached).
  const routes: Array<{ route: string; kb: number; files: number }> = [];
  let loginFiles: Array<{ url: string; gzip: number }> = [];
  {
    const ctx = await newContext(browser);
    const js = await scriptsOf(ctx, `${app.url}/login`);
    loginFiles = js.files;
    routes.push({ route: '/login', kb: js.kb, files: js.files.length });
    await ctx.close();
  }
  const gerenteRoutes = ROUTE_ACCESS.filter((r) => r.roles.includes(roleOf('Gerente')));
  for (const r of process.env.BENCH_BROWSER_SKIP_ROUTES ? [] : gerenteRoutes) {
    const path = r.path
      .replace('/eproto/murals/:id', `/eproto/murals/${thousand.muralIds[0]}`)
      .replace('/eproto/protocols/:id', `/eproto/protocols/${taskId}`)
      .replace('/eproto/quadros', `/eproto/quadros?quadro=${thousand.id}`);
    if (path.includes(':')) continue;
    const ctx = await newContext(browser, cookie);
    const js = await scriptsOf(ctx, `${app.url}${path}`);
    routes.push({ route: path, kb: js.kb, files: js.files.length });
    await ctx.close();
  }

  const login: number[] = [];
  for (let i = 0; i < RUNS; i++) login.push(await timeLogin(browser, app.url));

  // Each run: every board on a first visit (no HTTP cache), then a reload in a new tab of the
  // same context (assets cached), and a drag there.
  const measured = boards.map((b) => ({
    ...b,
    cold: [] as BoardTiming[],
    warm: [] as BoardTiming[],
    drags: [] as Array<{ deltas: number[]; overTargetAtDrop: boolean }>,
  }));
  for (let i = 0; i < RUNS; i++) {
    for (const b of measured) {
      const ctx = await newContext(browser, cookie);
      const page = await ctx.newPage();
      b.cold.push(await openBoard(page, app.url, b.id, b.demands));
      const reloaded = await ctx.newPage();
      b.warm.push(await openBoard(reloaded, app.url, b.id, b.demands));
      await page.close();
      await reloaded.waitForTimeout(500);
      b.drags.push(await dragFrames(reloaded));
      await ctx.close();
    }
  }

  const loginKb = routes[0]!.kb;
  const boardReports = measured.map((b) => {
    // rAF timestamps are on the vsync beat (bench/lib/frames.ts, shared with the Gantt bench)
    const frame = frameStats(b.drags.flatMap((d) => d.deltas));
    return {
      id: b.id,
      demands: b.demands,
      targetMs: BOARD_TARGET_MS,
      firstVisit: { usable: stats(b.cold.map((c) => c.usableMs)), runs: b.cold },
      reload: { usable: stats(b.warm.map((c) => c.usableMs)), runs: b.warm },
      drag: {
        frames: frame,
        budgetMs: r1(FRAME_BUDGET_MS),
        targetP95Ms: r1(FRAME_BUDGET_MS),
        droppedOnTarget: b.drags.every((d) => d.overTargetAtDrop),
      },
    };
  });
  const report = {
    loadAverage: os.loadavg().map(r1),
    cpus: os.cpus().length,
    scale: gen.scale.factor,
    runs: RUNS,
    viewport: VIEWPORT,
    chromium: browser.version(),
    jsPerRouteGzipKB: routes,
    loginJsFiles: loginFiles,
    loginJsTargetKB: LOGIN_JS_BUDGET_KB,
    loginUsableMs: stats(login),
    boards: boardReports,
    moveSeenByOtherPersonMs: { ...moveSeen, targetMs: MOVE_SEEN_TARGET_MS, missed: moves.missed },
  };

  console.log(
    `\nE-Proto — navegador (empresa ${gen.scale.factor}×; Chromium headless, 1440×900, sem service worker; carga da máquina ${report.loadAverage.join(' ')} em ${report.cpus} núcleos)`,
  );
  console.log(`  JS por rota (gzip, aba nova sem cache):`);
  for (const r of routes)
    console.log(`    ${r.route.padEnd(44)} ${String(r.kb).padStart(6)} KB  (${r.files} arquivos)`);
  console.log(
    `  /login: ${loginKb} KB de JS (meta ≤ ${LOGIN_JS_BUDGET_KB} KB) — ${loginKb <= LOGIN_JS_BUDGET_KB ? 'ok' : 'ACIMA'}`,
  );
  console.log(
    `  /login utilizável: p50 ${report.loginUsableMs.p50} ms (faixa ${report.loginUsableMs.min}–${report.loginUsableMs.max})`,
  );
  const span = (x: Span) => (x ? `${x.start}–${x.end}` : '—');
  const spans = (xs: Span[]) =>
    xs.length === 0
      ? '—'
      : `${xs.map(span).join(', ')} (${r1(xs.reduce((n, x) => n + (x?.kb ?? 0), 0))} KB)`;
  const breakdown = (c: BoardTiming) =>
    `CPU do Chromium ${c.chromiumCpuMs} ms; DOMContentLoaded ${c.domContentLoadedMs}, sessão ${span(c.sessionMs)}, página ${span(c.pageChunkMs)}, summary ${spans(c.summary)}, counts ${spans(c.counts)} ms; ${c.apiBeforeUsable} chamadas à API antes`;
  for (const b of boardReports) {
    const m = measured.find((x) => x.id === b.id)!;
    const line = (name: string, s: ReturnType<typeof stats>, runs: BoardTiming[]) => {
      console.log(
        `    ${name} p50 ${s.p50} ms (faixa ${s.min}–${s.max}; ${runs.map((r) => r.usableMs).join(', ')})`,
      );
      runs.forEach((r, i) => console.log(`      ${i + 1}: ${breakdown(r)}`));
    };
    console.log(`  Quadro de ${b.demands} demandas utilizável (meta < ${BOARD_TARGET_MS} ms):`);
    line('primeira visita:', b.firstVisit.usable, m.cold);
    line('recarregando:   ', b.reload.usable, m.warm);
    const f = b.drag.frames;
    console.log(
      `    arrasto: ${f.count} quadros, p50 ${f.p50} ms, p95 ${f.p95} ms, máx ${f.max} ms; ${f.missed} quadros perdidos (${f.missedPct}%) (meta p95 ≤ ${r1(FRAME_BUDGET_MS)} ms)`,
    );
  }
  console.log(moveLine);
  console.log(
    `  Relatório: ${writeReport(gen.scale.factor === 1 ? 'browser' : `browser-${gen.scale.factor}x`, report)}`,
  );
} finally {
  await browser?.close();
  await app.stop();
}
