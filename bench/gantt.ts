// Gantt with 5,000 tasks in Chromium: how many rows the DOM holds against how many are visible
// (virtualisation), and the frame times while scrolling through them (p95, 60 fps = 16.7 ms)
// at a fling's speed (100 px per frame, the figure held to the target) and, for reference, at
// a steady wheel's (25 px per frame). Frame times are the gaps between requestAnimationFrame
// timestamps, as in the kanban drag of bench/browser.ts (bench/lib/frames.ts), with Chromium's
// own count of presented and dropped frames (its trace) beside them.
// The same scroll loop also runs on a minimal hand-virtualised page in the same browser: the
// floor of this machine (software rendering, no GPU), reported beside the Gantt's figures.
// Data goes straight into the database of a fresh demo server: one board, 250 demands of 20
// chained tasks each (4,750 finish-to-start links), spread over the people of the demo company.
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { chromeFrames, frameStats, type ChromeFrames, type FrameStats } from './lib/frames.ts';
import { databaseUrl } from './lib/generate.ts';
import { CHROMIUM, CHROMIUM_ARGS, signIn, startApp, writeReport } from './lib/servers.ts';

const TASKS = 5_000;
const PER_DEMAND = 20;
const DEMANDS = TASKS / PER_DEMAND;
const ROW_PX = 34; // cellHeight of the Gantt
const SCROLL_FRAMES = 240;
/** Pixels per frame: about 6,000 px/s, a fast wheel or fling (the figure held to the target). */
const SCROLL_STEP = 100;
/** Also reported: about 1,500 px/s, steady wheel scrolling. */
const WHEEL_STEP = 25;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** 250 demands × 20 chained tasks, dates from two weeks ago to about two months ahead. */
async function seed(dataDir: string, start: Date): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await c.connect();
  try {
    await c.query('begin');
    const board = await c.query<{ id: number }>(
      `insert into boards (nome) values ('Bench — Gantt') returning id`,
    );
    const boardId = board.rows[0]!.id;
    const first = await c.query<{ id: number }>(
      `insert into murals (titulo, board_id, inicio_previsto, fim_previsto)
       select 'Demanda ' || g, $1, $2::date + (g % 30), $2::date + (g % 30) + ${PER_DEMAND * 3}
       from generate_series(1, ${DEMANDS}) g order by g returning id`,
      [boardId, iso(start)],
    );
    const firstMural = first.rows[0]!.id;
    // task k of a demand: starts 3 days after task k-1, lasts 2 days (so the chain holds)
    await c.query(
      `insert into protocols (mural_id, titulo, responsavel_id, stage, inicio_previsto, fim_previsto)
       select $1 + (g - 1) / ${PER_DEMAND},
         'Tarefa ' || g,
         (select id from users where active order by id offset (g % (select count(*) from users where active)) limit 1),
         (array['a_fazer','em_andamento','em_revisao','concluido'])[1 + g % 4],
         $2::date + ((g - 1) / ${PER_DEMAND}) % 30 + ((g - 1) % ${PER_DEMAND}) * 3,
         $2::date + ((g - 1) / ${PER_DEMAND}) % 30 + ((g - 1) % ${PER_DEMAND}) * 3 + 1
       from generate_series(1, ${TASKS}) g`,
      [firstMural, iso(start)],
    );
    await c.query(
      `insert into task_dependencies (protocol_id, predecessor_id, lag_days)
       select id, prev, 0 from (
         select p.id, lag(p.id) over (partition by p.mural_id order by p.id) as prev
         from protocols p where p.mural_id >= $1) x
       where prev is not null`,
      [firstMural],
    );
    await c.query('commit');
    return boardId;
  } finally {
    await c.end();
  }
}

/**
 * Runs in the page (kept as source text: tsx would otherwise wrap named functions with a helper
 * the page does not have). Scrolls the Gantt top to bottom one step per animation frame.
 */
const MEASURE = `async ({ frames, rowPx, step, selector }) => {
  const root = document.querySelector(selector);
  const scrollers = [root, ...root.querySelectorAll('*')].filter(
    (el) => el.scrollHeight > el.clientHeight + 100 && getComputedStyle(el).overflowY !== 'hidden',
  );
  const el = scrollers.sort((a, b) => b.scrollHeight - a.scrollHeight)[0];
  const count = () => ({
    bars: root.querySelectorAll('.wx-bar').length,
    gridRows: root.querySelectorAll('.wx-grid .wx-row').length,
    // arrows are painted on a canvas, which says how many it painted
    links: Number(root.querySelector('canvas.eproto-arrows')?.dataset.arrows ?? 0),
  });
  const before = count();
  let maxBars = before.bars;
  let maxGridRows = before.gridRows;
  const times = [];
  let last = await new Promise((r) => requestAnimationFrame(r));
  for (let i = 0; i < frames; i += 1) {
    el.scrollTop += step;
    const now = await new Promise((r) => requestAnimationFrame(r));
    times.push(now - last);
    last = now;
    const c = count();
    maxBars = Math.max(maxBars, c.bars);
    maxGridRows = Math.max(maxGridRows, c.gridRows);
  }
  return {
    scrollHeight: el.scrollHeight,
    viewportHeight: el.clientHeight,
    visibleRows: Math.ceil(el.clientHeight / rowPx),
    before,
    maxBars,
    maxGridRows,
    reachedBottom: el.scrollTop + el.clientHeight >= el.scrollHeight - rowPx * 2,
    times,
  };
}`;

interface Measured {
  scrollHeight: number;
  viewportHeight: number;
  visibleRows: number;
  before: { bars: number; gridRows: number; links: number };
  maxBars: number;
  maxGridRows: number;
  reachedBottom: boolean;
  times: number[];
}

async function measure(
  browser: Browser,
  page: Page,
  selector = '.eproto-gantt',
  step = SCROLL_STEP,
): Promise<Measured & { chrome: ChromeFrames }> {
  const args = JSON.stringify({
    frames: SCROLL_FRAMES,
    rowPx: ROW_PX,
    step,
    selector,
  });
  const { result, frames } = await chromeFrames(browser, page, () =>
    page.evaluate<Measured>(`(${MEASURE})(${args})`),
  );
  return { ...result, chrome: frames };
}

/** A 5,000-row list virtualised by hand: 20 absolutely placed bars re-rendered on scroll. */
const FLOOR_PAGE = `<div id="floor" style="height:640px;width:1100px;overflow:auto;position:relative">
<div id="area" style="height:${TASKS * ROW_PX}px;position:relative"></div></div>
<script>
const s = document.getElementById('floor'), a = document.getElementById('area');
const draw = () => {
  const first = Math.floor(s.scrollTop / ${ROW_PX});
  let h = '';
  for (let i = first; i < first + 20; i++)
    h += '<div class="wx-bar" style="position:absolute;top:' + i * ${ROW_PX} + 'px;left:' + ((i * 37) % 800) +
      'px;width:150px;height:26px;background:#4b66f0;border-radius:5px;color:#fff;font:12px sans-serif">Tarefa ' + i + '</div>';
  a.innerHTML = h;
};
s.addEventListener('scroll', draw);
draw();
</script>`;

const app = await startApp();
const dataDir = app.dataDir!;
try {
  const today = new Date();
  const start = addDays(today, -14);
  const end = addDays(today, 80);
  await seed(dataDir, start);
  const cookie = await signIn(app.url, 'diretor@eproto.test');
  const range = `inicio=${iso(start)}&fim=${iso(end)}`;
  const t0 = performance.now();
  const api = await fetch(`${app.url}/api/eproto/gantt/team?start=${iso(start)}&end=${iso(end)}`, {
    headers: { cookie },
  });
  const payload = (await api.json()) as { tasks: unknown[]; links: unknown[] };
  const apiMs = Math.round(performance.now() - t0);
  const t2 = performance.now();
  await (
    await fetch(`${app.url}/api/eproto/gantt/team?start=${iso(start)}&end=${iso(end)}`, {
      headers: { cookie },
    })
  ).arrayBuffer();
  const apiWarmMs = Math.round(performance.now() - t2);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    if (!e.message.includes('ServiceWorker')) console.error('Erro na página:', e.message);
  });
  const t1 = performance.now();
  await page.goto(`${app.url}/eproto/gantt?zoom=semana&grupo=pessoa&coordenador=todos&${range}`);
  await page
    .locator('.eproto-gantt .wx-bar')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-gantt-failure.png') });
      throw e;
    });
  const firstRenderMs = Math.round(performance.now() - t1);
  await page.waitForTimeout(500);
  const m = await measure(browser, page);
  await page.evaluate(`(() => {
    const root = document.querySelector('.eproto-gantt');
    for (const el of [root, ...root.querySelectorAll('*')]) el.scrollTop = 0;
  })()`);
  await page.waitForTimeout(500);
  const wheel = await measure(browser, page, '.eproto-gantt', WHEEL_STEP);
  const floorPage = await context.newPage();
  await floorPage.setContent(FLOOR_PAGE);
  const floor = await measure(browser, floorPage, '#floor');
  await browser.close();

  const scroll = frameStats(m.times);
  const wheelFrames = frameStats(wheel.times);
  const floorFrames = frameStats(floor.times);
  const report = {
    tasks: payload.tasks.length,
    links: payload.links.length,
    apiMs,
    apiWarmMs,
    firstRenderMs,
    visibleRows: m.visibleRows,
    domBarsAtTop: m.before.bars,
    domGridRowsAtTop: m.before.gridRows,
    arrowsPaintedAtTop: m.before.links,
    maxDomBarsWhileScrolling: m.maxBars,
    maxDomGridRowsWhileScrolling: m.maxGridRows,
    reachedBottom: m.reachedBottom,
    scrollFrames: m.times.length,
    frameMs: scroll,
    chromeFrames: m.chrome,
    frameTargetMs: 16.7,
    scrollStepPx: SCROLL_STEP,
    wheelFrameMs: { stepPx: WHEEL_STEP, ...wheelFrames },
    wheelChromeFrames: wheel.chrome,
    floorFrameMs: floorFrames,
    floorChromeFrames: floor.chrome,
  };
  console.log('\nE-Proto — bench do Gantt (Chromium, 1440×900)');
  console.log(`  Tarefas no gráfico: ${report.tasks} (${report.links} dependências)`);
  console.log(
    `  GET /api/eproto/gantt/team: ${apiMs} ms (de novo: ${apiWarmMs} ms); primeira renderização: ${firstRenderMs} ms`,
  );
  console.log(
    `  Linhas visíveis: ${m.visibleRows}; no DOM: ${m.before.bars} barras e ${m.before.gridRows} linhas da grade (máx. ${m.maxBars} / ${m.maxGridRows} rolando); setas desenhadas: ${m.before.links}`,
  );
  const line = (f: FrameStats, c: ChromeFrames) =>
    `p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, máx ${f.max} ms; ${f.missed} quadros perdidos (${f.missedPct}%); Chromium: ${c.presented} apresentados, ${c.partial} parciais, ${c.dropped} descartados`;
  console.log(
    `  Rolagem (${m.times.length} quadros de ${SCROLL_STEP} px): ${line(scroll, m.chrome)} (meta p95 ≤ 16,7 ms)`,
  );
  console.log(
    `  Rolagem mais lenta (${wheel.times.length} quadros de ${WHEEL_STEP} px, ~1.500 px/s): ${line(wheelFrames, wheel.chrome)}`,
  );
  console.log(
    `  Piso desta máquina (lista virtualizada mínima, mesma rolagem): ${line(floorFrames, floor.chrome)}`,
  );
  console.log(`  Relatório: ${writeReport('gantt', report)}`);
} finally {
  await app.stop();
}
