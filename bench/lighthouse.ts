// Phone speed of the screens a technician opens (issue 33), against the production build and the
// demo company, in Debian's Chromium:
//  - cold: Lighthouse 12.2.3's mobile profile (Moto G Power viewport, simulated slow 4G: 150 ms
//    RTT, 1.6 Mbit/s down, 4x CPU slowdown; empty cache, no service worker), signed in through
//    a Cookie header (extraHeaders), median of 3 runs per page: performance score, FCP, LCP,
//    TBT, CLS, bytes and requests, and the compressed JS the page fetched; each run also keeps
//    its scripts (URL, KB, start/end on the observed clock) and its observed LCP (scriptList);
//  - warm: the second visit on a phone in Playwright (390x844 touch) with the service worker
//    installed and the query cache kept in IndexedDB by the first visit, under CDP CPU 4x and
//    the same 4G link (Network.emulateNetworkConditions): navigation start -> the screen's own
//    content is on screen (its title, its first rows, no skeleton or loader left). Median of 3.
//    bench/lib/phone-screens.ts; `npm run bench -- warm` runs only this part (bench/warm.ts).
// Targets: performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1 on every field screen
// cold; warm usable <= 1 s. The JS budget per route is checked without a browser by
// scripts/check-bundle.mjs (npm test).
// Lighthouse's simulated throttling scales the CPU time Chromium really spent: on a loaded
// machine (other processes on the same cores) TBT and LCP come out higher than on an idle one;
// the report records the load average at the start and at the end.
//   npm run bench -- lighthouse            BENCH_PORT=4607 to serve on a given port
//   BENCH_LH_RUNS=3  BENCH_LH_PAGES=agenda,os  BENCH_LH_WARM=0 (skip the warm run)
//   BENCH_START_TIMEOUT_S=600 (how long the server may take to start, bench/lib/servers.ts)
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  median,
  r0,
  screenPath,
  WARM_TARGET_MS,
  wantedScreens,
  warmRuns,
} from './lib/phone-screens.ts';
import { CHROMIUM, CHROMIUM_ARGS, signIn, startApp, writeReport } from './lib/servers.ts';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const TARGET = { score: 90, lcp: 2_500, tbt: 200, cls: 0.1, warm: WARM_TARGET_MS };

interface LhRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytesKB: number;
  requests: number;
  scripts: number;
  jsKB: number;
}

/** Where the main thread went in one run (Lighthouse's long-tasks, bootup-time, mainthread-work-breakdown). */
interface LhMainThread {
  /** Long tasks (ms, simulated at 4x): start, duration and the script Lighthouse blames. */
  longTasks: Array<{ start: number; ms: number; url: string }>;
  /** Per script: evaluation and parse/compile ms. */
  bootup: Array<{ url: string; scripting: number; parse: number }>;
  /** Main-thread time by kind (Script Evaluation, Style & Layout, Rendering...). */
  breakdown: Record<string, number>;
}

/**
 * What one run downloaded, script by script, on the clock Chromium really ran (observed, not
 * Lighthouse's simulated 4G): ms since the first request, and the LCP on that same clock, so the
 * scripts a screen waits for before its LCP can be told from the ones that come after.
 */
interface LhScripts {
  /** Observed FCP and LCP (ms since navigation start). */
  observedFcp: number;
  observedLcp: number;
  list: Array<{ url: string; kb: number; start: number; end: number }>;
}

const shortUrl = (u: string) => (/^https?:/.test(u) ? new URL(u).pathname : u);

function mainThreadOf(lhr: { audits: Record<string, { details?: unknown }> }): LhMainThread {
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<
      Record<string, unknown>
    >;
  return {
    longTasks: items('long-tasks').map((t) => ({
      start: r0(Number(t.startTime)),
      ms: r0(Number(t.duration)),
      url: shortUrl(typeof t.url === 'string' ? t.url : ''),
    })),
    bootup: items('bootup-time').map((t) => ({
      url: shortUrl(typeof t.url === 'string' ? t.url : ''),
      scripting: r0(Number(t.scripting)),
      parse: r0(Number(t.scriptParseCompile)),
    })),
    breakdown: Object.fromEntries(
      items('mainthread-work-breakdown').map((t) => [String(t.groupLabel), r0(Number(t.duration))]),
    ),
  };
}

async function lighthouseRun(
  url: string,
  port: number,
  cookie: string | null,
): Promise<LhRun & { mainThread: LhMainThread; scriptList: LhScripts }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const items = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items ?? []) as Array<{
    url: string;
    transferSize?: number;
    resourceType?: string;
    networkRequestTime?: number;
    networkEndTime?: number;
  }>;
  const observed = ((lhr.audits.metrics?.details as { items?: unknown[] } | undefined)
    ?.items?.[0] ?? {}) as Record<string, number | undefined>;
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const final = lhr.finalDisplayedUrl;
  if (new URL(final).pathname !== new URL(url).pathname)
    throw new Error(`${url} terminou em ${final} (sessão recusada?)`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: r0(num('first-contentful-paint')),
    lcp: r0(num('largest-contentful-paint')),
    tbt: r0(num('total-blocking-time')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    si: r0(num('speed-index')),
    bytesKB: r0(num('total-byte-weight') / 1024),
    requests: items.length,
    scripts: scripts.length,
    jsKB: Math.round((scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0) / 1024) * 10) / 10,
    mainThread: mainThreadOf(lhr),
    scriptList: {
      observedFcp: r0(Number(observed.observedFirstContentfulPaint)),
      observedLcp: r0(Number(observed.observedLargestContentfulPaint)),
      list: scripts.map((sc) => ({
        url: shortUrl(sc.url),
        kb: Math.round(((sc.transferSize ?? 0) / 1024) * 10) / 10,
        start: r0(Number(sc.networkRequestTime)),
        end: r0(Number(sc.networkEndTime)),
      })),
    },
  };
}

/** Scripts whose download ended before the run's observed LCP: count and KB. */
function beforeLcp(s: LhScripts): { scripts: number; kb: number } {
  const early = s.list.filter((sc) => sc.end <= s.observedLcp);
  return {
    scripts: early.length,
    kb: Math.round(early.reduce((n, sc) => n + sc.kb, 0) * 10) / 10,
  };
}

/** Median of each figure over the runs (score too: the runs' median score). */
function medianOf(runs: LhRun[]): LhRun {
  const keys = Object.keys(runs[0]!) as Array<keyof LhRun>;
  return Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as LhRun;
}

async function main() {
  const screens = wantedScreens();
  const loadBefore = os.loadavg();
  const app = await startApp(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {});
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows: Array<Record<string, unknown>> = [];
  try {
    // A fresh session for each run: the server renews a session's cookie as it is used, so a
    // header replayed by Lighthouse may no longer be the current one a few runs later.
    const cookieOf = async (email: string | null) => (email ? signIn(app.url, email) : null);
    for (const screen of screens) {
      const cookie = await cookieOf(screen.as);
      const path = await screenPath(app.url, screen, cookie);
      const url = `${app.url}${path}`;
      const runs: Array<LhRun & { mainThread: LhMainThread; scriptList: LhScripts }> = [];
      for (let i = 0; i < RUNS; i++) {
        // On a loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART): run again.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await lighthouseRun(url, chrome.port, await cookieOf(screen.as)));
            break;
          } catch (e) {
            if (attempt === 3) throw e;
            console.log(`  ${screen.key}: ${(e as Error).message} — de novo`);
          }
        }
      }
      const cold = medianOf(runs.map(({ mainThread: _, scriptList: __, ...figures }) => figures));
      const warm =
        process.env.BENCH_LH_WARM === '0'
          ? []
          : await warmRuns(url, screen, await cookieOf(screen.as), RUNS);
      const row = {
        screen: screen.key,
        path,
        as: screen.as ?? '—',
        field: screen.field,
        cold,
        runs,
        warmMs: warm.length ? median(warm) : null,
        warmRuns: warm,
      };
      rows.push(row);
      const worstRun = runs.find((r) => r.tbt === Math.max(...runs.map((x) => x.tbt)))!;
      const worst = worstRun.mainThread;
      console.log(
        `${screen.key.padEnd(8)} tarefas longas (run de maior TBT): ${worst.longTasks.map((t) => `${t.ms} ms @${t.start} ${t.url}`).join(', ')}`,
      );
      const early = beforeLcp(worstRun.scriptList);
      console.log(
        `${screen.key.padEnd(8)} scripts antes do LCP observado (${worstRun.scriptList.observedLcp} ms, mesma run): ${early.scripts}, ${early.kb} KB`,
      );
      console.log(
        `${screen.key.padEnd(8)} ${String(cold.score).padStart(3)}  LCP ${cold.lcp} ms  TBT ${cold.tbt} ms  CLS ${cold.cls}  ` +
          `${cold.bytesKB} KB/${cold.requests} req (${cold.scripts} scripts, ${cold.jsKB} KB JS)  warm ${row.warmMs ?? '—'} ms`,
      );
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  const loadAfter = os.loadavg();
  const verdict = (r: (typeof rows)[number]) => {
    const c = r.cold as LhRun;
    return (
      c.score >= TARGET.score &&
      c.lcp <= TARGET.lcp &&
      c.tbt <= TARGET.tbt &&
      c.cls <= TARGET.cls &&
      (r.warmMs === null || (r.warmMs as number) <= TARGET.warm)
    );
  };
  console.log(
    '\n| tela (papel) | perf | FCP | LCP | TBT | CLS | KB / req | JS (KB, scripts) | 2ª visita |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const c = r.cold as LhRun;
    const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
    console.log(
      `| ${r.path as string} (${(r.as as string).split('@')[0]}) | ${c.score} | ${s(c.fcp)} | ${s(c.lcp)} | ${c.tbt} ms | ${c.cls} | ${c.bytesKB} / ${c.requests} | ${c.jsKB}, ${c.scripts} | ${r.warmMs === null ? '—' : `${r.warmMs as number} ms`} |${r.field ? (verdict(r) ? '' : ' ✖') : ''}`,
    );
  }
  const cpus = os.cpus().length;
  console.log(
    `\nCarga da máquina (loadavg 1 min): ${loadBefore[0]!.toFixed(1)} no início, ${loadAfter[0]!.toFixed(1)} no fim, em ${cpus} núcleos.`,
  );
  const file = writeReport('lighthouse', {
    lighthouse: '12.2.3',
    profile: 'mobile (simulated slow 4G, 4x CPU)',
    runs: RUNS,
    machine: { cpus, loadavgStart: loadBefore, loadavgEnd: loadAfter },
    targets: TARGET,
    screens: rows,
  });
  console.log(`Relatório: ${file}`);
  const failing = rows.filter((r) => r.field && !verdict(r));
  if (failing.length) {
    console.log(`Fora das metas: ${failing.map((r) => r.screen as string).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
