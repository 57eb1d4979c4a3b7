// Long tasks of a cold (and warm) start under CDP CPU 4x, with what runs inside them
// (issue 33): a Chromium trace (devtools.timeline + V8 CPU samples) of the opened screen, each
// main-thread task over 50 ms listed with its script evaluations, function calls, layouts and
// the source files (through the build's source maps, when WEB_DIST has them) with most self time.
//   node --import tsx bench/lib/profile-start.ts login agenda   (PROFILE_WARM=1 for a second visit,
//   PROFILE_WARM_BEFORE=2 to trace one that reads the code cache the earlier ones made)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { screenPath, wantedScreens } from './phone-screens.ts';
import { CHROMIUM, CHROMIUM_ARGS, signIn, startApp } from './servers.ts';

interface Ev {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event: unlike dur, not stretched by other load on the machine. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  // Chromium's trace arguments: loosely shaped, read field by field below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- trace JSON
  args?: Record<string, any>;
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A source map's segments per generated line: [column, source, line, name?]. */
type Segments = number[][][];
interface SourceMap {
  sources: string[];
  names: string[];
  lines: Segments;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's `mappings` (base64 VLQ), enough to find a function's original place. */
function readMap(json: { sources: string[]; names: string[]; mappings: string }): SourceMap {
  const lines: Segments = [];
  let src = 0;
  let line = 0;
  let name = 0;
  for (const text of json.mappings.split(';')) {
    let col = 0;
    const segs: number[][] = [];
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const vals: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          vals.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      col += vals[0]!;
      if (vals.length < 4) continue;
      src += vals[1]!;
      line += vals[2]!;
      if (vals.length > 4) name += vals[4]!;
      segs.push(vals.length > 4 ? [col, src, line, name] : [col, src, line]);
    }
    lines.push(segs);
  }
  return { sources: json.sources, names: json.names, lines };
}

const maps = new Map<string, SourceMap | null>();
function sourceOf(
  dist: string | undefined,
  url: string,
  line: number,
  col: number,
  fn = '',
): string {
  if (!url) return '(native)';
  const file = url.replace(/^https?:\/\/[^/]+\//, '');
  if (!dist || !file.endsWith('.js')) return `${file} ${fn}`;
  if (!maps.has(file)) {
    const p = path.join(dist, `${file}.map`);
    maps.set(file, fs.existsSync(p) ? readMap(JSON.parse(fs.readFileSync(p, 'utf8'))) : null);
  }
  const map = maps.get(file);
  const seg = map?.lines[line]?.filter((s) => s[0]! <= col).pop();
  if (!map || !seg) return `${file} ${fn}`;
  const s = map.sources[seg[1]!]!.replace(/^(\.\.\/)+/, '').replace(/^work\/[^/]+\//, '');
  const nm = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  const where = nm ? `${nm[1]}:${nm[2]!.replace(/^(esm|dist|cjs|lib)\//, '')}` : s;
  return `${where}:${seg[2]! + 1} ${seg[3] === undefined ? fn : map.names[seg[3]]}`;
}

async function profile(url: string, content: string, cookie: string | null, warm: boolean) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: warm ? 'allow' : 'block',
  });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await ctx.addCookies([{ name, value, url: new URL(url).origin }]);
  }
  if (warm) {
    const first = await ctx.newPage();
    await first.goto(url);
    await first.waitForSelector(content, { timeout: 60_000 });
    await first.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const sw = reg.active;
      if (sw && sw.state !== 'activated')
        await new Promise((r) => sw.addEventListener('statechange', r));
    });
    await first.waitForTimeout(1_500);
    await first.close();
    // PROFILE_WARM_BEFORE=n: n untraced second visits first. The first of them makes V8's code
    // cache of the modules (v8.produceModuleCache, ~0.4 s of main thread at 4x); the ones after
    // it read that cache, as bench/warm.ts's 2nd and 3rd visits (its median) do.
    for (let i = 0; i < Number(process.env.PROFILE_WARM_BEFORE ?? 0); i++) {
      const before = await ctx.newPage();
      await before.goto(url);
      await before.waitForSelector(content, { timeout: 60_000 });
      await before.waitForTimeout(1_500);
      await before.close();
    }
  }
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: [
      '-*',
      'toplevel',
      'v8.execute',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
      // Lazy function compiles on the main thread (V8.CompileCode and friends), so a task's
      // compile time can be told apart from running the code it compiles.
      'disabled-by-default-v8.compile',
    ],
  });
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector(content, { timeout: 60_000 });
  const shown = Date.now() - t0;
  await page.waitForTimeout(3_000);
  const buf = await browser.stopTracing();
  await browser.close();
  const events = (JSON.parse(buf.toString()).traceEvents ?? JSON.parse(buf.toString())) as Ev[];
  return { events, shown };
}

function analyse(events: Ev[], dist?: string) {
  // The page's renderer main thread: the one whose navigationStart is for our page.
  let nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  // A navigation the service worker answers may carry no documentLoaderURL: the last main-frame one.
  nav ??= events.findLast((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  if (!nav) throw new Error('no navigationStart');
  const { pid, tid } = nav;
  const t0 = nav.ts;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = main
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        (e.dur ?? 0) > 50_000,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    .filter(
      (e, i, all) => !all.slice(0, i).some((o) => o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!),
    );
  // CPU samples: Profile + ProfileChunk (same pid/tid).
  const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
  const samples: Array<{ ts: number; node: number }> = [];
  let ts = 0;
  for (const e of events.filter(
    (e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'),
  )) {
    if (e.name === 'Profile') ts = e.args!.data.startTime;
    const d = e.args?.data;
    for (const n of d?.cpuProfile?.nodes ?? [])
      nodes.set(n.id, { callFrame: n.callFrame, parent: n.parent });
    const s: number[] = d?.cpuProfile?.samples ?? [];
    const deltas: number[] = d?.timeDeltas ?? [];
    s.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const out: string[] = [];
  const ms = (us: number) => Math.round(us / 1000);
  let total = 0;
  for (const task of tasks) {
    total += ms(task.dur!) - 50;
    const end = task.ts + task.dur!;
    const inside = main.filter((e) => e.ts >= task.ts && e.ts < end && e !== task);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      let key: string | null = null;
      const d = e.args?.data ?? {};
      if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
        key = `eval ${(d.url ?? e.args?.url ?? '').split('/').pop()}`;
      else if (e.name === 'v8.compileModule' || e.name === 'v8.compile')
        key = `compile ${(d.url ?? e.args?.fileName ?? '').split('/').pop()}`;
      else if (e.name === 'FunctionCall')
        key = `call ${d.functionName || '(anon)'} ${(d.url ?? '').split('/').pop()}`;
      else if (
        [
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'ParseHTML',
          'TimerFire',
          'FireAnimationFrame',
          'RunMicrotasks',
          'EventDispatch',
          'ParseAuthorStyleSheet',
          'v8.parseOnBackground',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'BlinkGC.AtomicPhase',
        ].includes(e.name)
      )
        key = e.name === 'EventDispatch' ? `event ${d.type}` : e.name;
      else if (e.cat.includes('v8.compile') && e.name.startsWith('V8.'))
        key = e.name === 'V8.CompileCode' ? 'V8.CompileCode (lazy functions)' : e.name;
      if (key) kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0));
    }
    // Self time by source file from the samples inside the task.
    const bySource = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    for (let i = 0; i < inTask.length; i++) {
      const s = inTask[i]!;
      const next = inTask[i + 1]?.ts ?? end;
      const n = nodes.get(s.node);
      if (!n) continue;
      const cf = n.callFrame;
      let key: string;
      if (cf.functionName === '(garbage collector)') key = '(gc)';
      else if (cf.functionName === '(program)' || cf.functionName === '(idle)')
        key = `(${cf.functionName.replace(/[()]/g, '')})`;
      else key = sourceOf(dist, cf.url, cf.lineNumber, cf.columnNumber, cf.functionName);
      bySource.set(key, (bySource.get(key) ?? 0) + Math.min(next - s.ts, 5_000));
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .filter(([, v]) => v >= 3_000)
        .map(([k, v]) => `${ms(v)} ${k}`);
    out.push(
      `\n■ task at ${ms(task.ts - t0)} ms: ${ms(task.dur!)} ms${task.tdur === undefined ? '' : ` (thread CPU ${ms(task.tdur)} ms)`}`,
    );
    out.push(`  events: ${top(kinds, 8).join(' | ')}`);
    out.push(`  self:   ${top(bySource, 12).join('\n          ')}`);
  }
  // Requests (from the page's renderer) and the paints, in time order.
  const sent = new Map<string, { url: string; ts: number }>();
  const timeline: Array<[number, string]> = [];
  for (const e of events.filter((e) => e.pid === pid)) {
    const d = e.args?.data ?? {};
    if (e.name === 'ResourceSendRequest') sent.set(d.requestId, { url: d.url, ts: e.ts });
    if (e.name === 'ResourceFinish' && sent.has(d.requestId)) {
      const r = sent.get(d.requestId)!;
      timeline.push([
        r.ts,
        `req ${ms(r.ts - t0)}-${ms(e.ts - t0)} ms ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
      ]);
    }
    if (
      ['firstContentfulPaint', 'largestContentfulPaint::Candidate', 'firstPaint'].includes(e.name)
    )
      timeline.push([e.ts, `${e.name} ${ms(e.ts - t0)} ms`]);
  }
  out.unshift(...timeline.sort((a, b) => a[0] - b[0]).map(([, line]) => line));
  // Every top-level main-thread task's thread time: what the page cost the CPU, which other
  // load on the machine stretches far less than wall time (compare builds by this on a busy one).
  const topLevel = main
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.ts >= t0)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    .reduce<Ev[]>((kept, e) => {
      const outer = kept.at(-1);
      if (!outer || outer.ts + outer.dur! <= e.ts) kept.push(e);
      return kept;
    }, []);
  const cpu = topLevel.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  out.unshift(
    `long tasks: ${tasks.length}, sum over 50 ms (real 4x CPU, not Lighthouse's TBT): ${total} ms; main-thread CPU of all tasks: ${ms(cpu)} ms`,
  );
  return out.join('\n');
}

const keys = process.argv.slice(2);
process.env.BENCH_LH_PAGES = keys.join(',');
const warm = process.env.PROFILE_WARM === '1';
const dist = process.env.WEB_DIST;
// PROFILE_DIR: where the traces go (a shared machine: one folder per person).
const OUT = process.env.PROFILE_DIR ?? '/tmp/startup';
fs.mkdirSync(OUT, { recursive: true });
if (process.env.PROFILE_FROM === '1') {
  for (const key of keys) {
    const file = `${OUT}/trace-${key}${warm ? '-warm' : ''}.json`;
    console.log(`\n===== ${key} ${warm ? 'warm' : 'cold'} =====`);
    console.log(analyse(JSON.parse(fs.readFileSync(file, 'utf8')) as Ev[], dist));
  }
  process.exit(0);
}
const app = await startApp({
  PORT: process.env.BENCH_PORT ?? '4607',
  ...(dist ? { WEB_DIST: dist } : {}),
});
try {
  for (const screen of wantedScreens()) {
    const cookie = screen.as ? await signIn(app.url, screen.as) : null;
    const p = await screenPath(app.url, screen, cookie);
    const { events, shown } = await profile(`${app.url}${p}`, screen.content, cookie, warm);
    fs.writeFileSync(
      `${OUT}/trace-${screen.key}${warm ? '-warm' : ''}.json`,
      JSON.stringify(events),
    );
    console.log(`\n===== ${screen.key} ${warm ? 'warm' : 'cold'}: content at ${shown} ms =====`);
    console.log(analyse(events, dist));
  }
} finally {
  await app.stop();
}
