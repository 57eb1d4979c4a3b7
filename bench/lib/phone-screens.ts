// The screens a technician opens on a phone (issue 33) and their warm measurement, shared by
// bench/lighthouse.ts (cold, Lighthouse, then warm) and bench/warm.ts (warm only):
// the second visit in Playwright (390x844 touch) with the service worker installed and the query
// cache kept in IndexedDB by a first visit, under CDP CPU 4x and Lighthouse's slow 4G link applied
// for real (Network.emulateNetworkConditions): navigation start -> the screen's own content is
// on screen and usable (its title, its first rows, no skeleton, loader or aria-busy left).
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './servers.ts';

export const WARM_TARGET_MS = 1_000;

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

export interface Screen {
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

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};
export const r0 = (x: number) => Math.round(x);

/**
 * Waits for the probe's `usable` (ms since navigation start); says where the page was if not.
 * A plain promise evaluated in the page, not `page.waitForFunction`: that one first injects
 * Playwright's selector engine (hundreds of KB of script) into the page's main world, which
 * the 4x slower CPU compiles and runs in the middle of the visit being timed, work no phone
 * does (BENCH_WARM_WAIT=playwright measures with it, to compare).
 */
async function usableIn(page: Page, url: string): Promise<number> {
  try {
    if (process.env.BENCH_WARM_WAIT === 'playwright') {
      const handle = await page.waitForFunction(
        () => (window as { __bench?: { usable: number | null } }).__bench?.usable,
        null,
        { timeout: 60_000 },
      );
      return Number(await handle.jsonValue());
    }
    return Number(await page.evaluate(waitUsable));
  } catch (e) {
    const where = await page
      .evaluate(() => `${location.pathname}: ${document.body.innerText.slice(0, 300)}`)
      .catch(() => '?');
    throw new Error(`${url} não ficou pronta (${where})`, { cause: e });
  }
}

/** The probe's `usable`, polled every 50 ms in the page (a string: no helper of tsx inside). */
const waitUsable = `new Promise((resolve, reject) => {
  const until = Date.now() + 60000;
  const poll = () => {
    const usable = window.__bench && window.__bench.usable;
    if (usable) resolve(usable);
    else if (Date.now() > until) reject(new Error('timeout'));
    else setTimeout(poll, 50);
  };
  poll();
})`;

/**
 * Where a second visit's time went (ms since navigation start): the HTML answered (by the
 * service worker), the last script of the first load arrived, the entry finished evaluating
 * (src/main.tsx's `eproto:entry` mark), the kept cache was restored and the page's modules
 * evaluated, both were ready (`eproto:ready`, just before the first render), the screen usable.
 * -1: the build has no such mark.
 */
export interface WarmPhases {
  html: number;
  scripts: number;
  entry: number;
  /** The kept cache restored (`eproto:restored`). */
  restored: number;
  /** The page's modules (shell and page) evaluated (`eproto:modules`). */
  modules: number;
  ready: number;
  usable: number;
}

/**
 * The phases of the page's visit, read in the page once it is usable (a string, like the probe:
 * tsx would wrap a function's inner functions in a helper the page does not have).
 */
const readPhases = (usable: number) => `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource')
    .filter((e) => e.startTime < ${usable} && /\\.js$/.test(new URL(e.name).pathname))
    .map((e) => e.responseEnd);
  const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? -1;
  return {
    html: nav.responseEnd,
    scripts: Math.max(0, ...scripts),
    entry: mark('eproto:entry'),
    restored: mark('eproto:restored'),
    modules: mark('eproto:modules'),
    ready: mark('eproto:ready'),
    usable: ${usable},
  };
})()`;

/** The median of each phase over the runs. */
export function medianPhases(runs: WarmPhases[]): WarmPhases {
  const of = (k: keyof WarmPhases) => median(runs.map((r) => r[k]));
  return {
    html: of('html'),
    scripts: of('scripts'),
    entry: of('entry'),
    restored: of('restored'),
    modules: of('modules'),
    ready: of('ready'),
    usable: of('usable'),
  };
}

/**
 * Second visits of a screen with the service worker and the kept query cache (ms to usable);
 * `phases`, when given, receives each visit's WarmPhases.
 */
export async function warmRuns(
  url: string,
  screen: Screen,
  cookie: string | null,
  runs: number,
  phases?: WarmPhases[],
): Promise<number[]> {
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
    for (let i = 0; i < runs; i++) {
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
      if (phases) {
        const p = await page.evaluate<WarmPhases>(readPhases(ms));
        phases.push({
          html: r0(p.html),
          scripts: r0(p.scripts),
          entry: r0(p.entry),
          restored: r0(p.restored),
          modules: r0(p.modules),
          ready: r0(p.ready),
          usable: r0(p.usable),
        });
      }
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

/** The screens BENCH_LH_PAGES names (all when unset). */
export function wantedScreens(): Screen[] {
  const wanted = (process.env.BENCH_LH_PAGES ?? '').split(',').filter(Boolean);
  return SCREENS.filter((s) => !wanted.length || wanted.includes(s.key));
}

/** A screen's path with the OS page's :id filled in (the first open OS of the one signed in). */
export async function screenPath(base: string, screen: Screen, cookie: string | null) {
  return screen.path.includes(':id')
    ? screen.path.replace(':id', String(await firstOsId(base, cookie!)))
    : screen.path;
}
