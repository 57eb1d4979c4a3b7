// Phone speed of the screens a technician opens (issue 33), against the production build and the
// demo company, in Debian's Chromium:
//  - cold: Lighthouse 12.2.3's mobile profile (Moto G Power viewport, simulated slow 4G: 150 ms
//    RTT, 1.6 Mbit/s down, 4x CPU slowdown; empty cache, no service worker), signed in through
//    a Cookie header (extraHeaders), median of 3 runs per page: performance score, FCP, LCP,
//    TBT, CLS, bytes and requests, and the compressed JS the page fetched;
//  - warm: the second visit on a phone in Playwright (390x844 touch) with the service worker
//    installed and the query cache kept in IndexedDB by the first visit, under CDP CPU 4x and
//    the same 4G link (Network.emulateNetworkConditions): navigation start -> the screen's own
//    content is on screen (its title, its first rows, no skeleton or loader left). Median of 3.
// Targets: performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1 on every field screen
// cold; warm usable <= 1 s. The JS budget per route is checked without a browser by
// scripts/check-bundle.mjs (npm test).
// Lighthouse's simulated throttling scales the CPU time Chromium really spent: on a loaded
// machine (other processes on the same cores) TBT and LCP come out higher than on an idle one;
// the report records the load average at the start and at the end.
//   npm run bench -- lighthouse            BENCH_PORT=4607 to serve on a given port
//   BENCH_LH_RUNS=3  BENCH_LH_PAGES=agenda,os  BENCH_LH_WARM=0 (skip the warm run)
import os from 'node:os';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, signIn, startApp, writeReport } from './lib/servers.ts';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const TARGET = { score: 90, lcp: 2_500, tbt: 200, cls: 0.1, warm: 1_000 };
/** Lighthouse's mobile link (simulated) applied for real in the warm run. */
const LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6384 * 1_000_000) / 8,
  uploadThroughput: (0.75 * 1_000_000) / 8,
};
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

interface Screen {
  key: string;
  path: string;
  /** Who opens it (demo user), or nobody (/login). */
  as: string | null;
  /** Field screen (targets apply) or office screen (measured, reported). */
  field: boolean;
  /** A selector that only the screen's own content matches, once loaded. */
  content: string;
}

const SCREENS: Screen[] = [
  { key: 'login', path: '/login', as: null, field: true, content: 'input[type="email"]' },
  {
    key: 'murals',
    path: '/eproto/murals',
    as: 'equipe@eproto.test',
    field: true,
    content: 'main h1',
  },
  {
    key: 'agenda',
    path: '/tatico/agenda',
    as: 'equipe@eproto.test',
    field: true,
    content: '[data-testid="minha-agenda-entry"]',
  },
  {
    key: 'os',
    path: '/tatico/agenda/os/:id',
    as: 'equipe@eproto.test',
    field: true,
    content: '[data-testid="os-codigo"]',
  },
  { key: 'epi', path: '/tatico/epi', as: 'equipe@eproto.test', field: true, content: 'main h1' },
  {
    key: 'quadros',
    path: '/eproto/quadros',
    as: 'gerente@eproto.test',
    field: false,
    content: 'section[data-stage]',
  },
];

/**
 * Watches every frame: `usable` is the first frame where the screen's content selector matches a
 * visible element, with a page title, and nothing is loading (skeletons, loaders, aria-busy).
 */
const probe = (content: string) => `(() => {
  const b = (window.__bench = { usable: null });
  const visible = (el) => !!el && el.getBoundingClientRect().height > 0;
  const check = () => {
    const el = document.querySelector(${JSON.stringify(content)});
    const ready = visible(el) && !el.disabled &&
      !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root') &&
      (${JSON.stringify(content)}.startsWith('input') || visible(document.querySelector('h1')));
    if (ready) b.usable = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};
const r0 = (x: number) => Math.round(x);

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

async function lighthouseRun(url: string, port: number, cookie: string | null): Promise<LhRun> {
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
    ?.items ?? []) as Array<{ url: string; transferSize?: number; resourceType?: string }>;
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
  };
}

/** Median of each figure over the runs (score too: the runs' median score). */
function medianOf(runs: LhRun[]): LhRun {
  const keys = Object.keys(runs[0]!) as Array<keyof LhRun>;
  return Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as LhRun;
}

/** Waits for the probe's `usable` (ms since navigation start); says where the page was if not. */
async function usableIn(page: Page, url: string): Promise<number> {
  try {
    const handle = await page.waitForFunction(
      () => (window as { __bench?: { usable: number | null } }).__bench?.usable,
      null,
      { timeout: 60_000 },
    );
    return Number(await handle.jsonValue());
  } catch (e) {
    const where = await page
      .evaluate(() => `${location.pathname}: ${document.body.innerText.slice(0, 300)}`)
      .catch(() => '?');
    throw new Error(`${url} não ficou pronta (${where})`, { cause: e });
  }
}

/** Second visits of a screen with the service worker and the kept query cache (ms to usable). */
async function warmRuns(url: string, screen: Screen, cookie: string | null): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const ctx: BrowserContext = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string];
      await ctx.addCookies([{ name, value, url: new URL(url).origin }]);
    }
    await ctx.addInitScript(probe(screen.content));
    // First visit: installs the service worker (precache) and keeps the queries in IndexedDB.
    const first = await ctx.newPage();
    await first.goto(url);
    await usableIn(first, url);
    await first.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const sw = reg.active;
      if (sw && sw.state !== 'activated')
        await new Promise((r) => sw.addEventListener('statechange', r));
    });
    await first.waitForTimeout(1_500); // the cache is written 300 ms after the last query event
    await first.close();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', LINK);
      await page.goto(url);
      const ms = await usableIn(page, url);
      const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
      if (!controlled) throw new Error(`${url}: segunda visita sem service worker`);
      times.push(r0(ms));
      await page.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function firstOsId(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/tatico/os?perPage=1&abertas=true`, {
    headers: { cookie, 'x-requested-with': 'eproto' },
  });
  if (!res.ok) throw new Error(`GET /api/tatico/os: ${res.status}`);
  const list = (await res.json()) as { items: Array<{ id: number }> };
  const id = list.items[0]?.id;
  if (!id) throw new Error('equipe@ não tem OS aberta nos dados de demonstração');
  return id;
}

async function main() {
  const wanted = (process.env.BENCH_LH_PAGES ?? '').split(',').filter(Boolean);
  const screens = SCREENS.filter((s) => !wanted.length || wanted.includes(s.key));
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
      const path = screen.path.includes(':id')
        ? screen.path.replace(':id', String(await firstOsId(app.url, cookie!)))
        : screen.path;
      const url = `${app.url}${path}`;
      const runs: LhRun[] = [];
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
      const cold = medianOf(runs);
      const warm =
        process.env.BENCH_LH_WARM === '0'
          ? []
          : await warmRuns(url, screen, await cookieOf(screen.as));
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
