// The warm measurement of issue 33 on its own (bench/lighthouse.ts runs it after the cold
// Lighthouse runs): for each field screen, as the role that uses it, a first visit installs the
// service worker and keeps the query cache in IndexedDB; then each second visit, in a new tab
// under CDP CPU 4x and Lighthouse's slow 4G link (150 ms, 1.6 Mbit/s), is timed from navigation
// start to the screen's own content usable (bench/lib/phone-screens.ts). Median of the runs;
// target <= 1 s on an idle machine. JSON in bench/results/warm.json, with the load average.
//   npm run bench -- warm     BENCH_WARM_RUNS=3  BENCH_LH_PAGES=agenda,os  BENCH_PORT=4607
// WEB_DIST=<a build folder> serves that build instead of apps/web/dist (two builds side by side).
import os from 'node:os';
import {
  median,
  medianPhases,
  screenPath,
  WARM_TARGET_MS,
  wantedScreens,
  warmRuns,
  type WarmPhases,
} from './lib/phone-screens.ts';
import { signIn, startApp, writeReport } from './lib/servers.ts';

const RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);

async function main() {
  const screens = wantedScreens();
  const loadBefore = os.loadavg();
  const app = await startApp({
    ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  });
  const rows: Array<{
    screen: string;
    path: string;
    as: string;
    field: boolean;
    warmMs: number;
    warmRuns: number[];
    phases: WarmPhases;
    runPhases: WarmPhases[];
  }> = [];
  try {
    for (const screen of screens) {
      const cookie = screen.as ? await signIn(app.url, screen.as) : null;
      const path = await screenPath(app.url, screen, cookie);
      const runPhases: WarmPhases[] = [];
      const runs = await warmRuns(`${app.url}${path}`, screen, cookie, RUNS, runPhases);
      const row = {
        screen: screen.key,
        path,
        as: screen.as ?? '—',
        field: screen.field,
        warmMs: median(runs),
        warmRuns: runs,
        phases: medianPhases(runPhases),
        runPhases,
      };
      rows.push(row);
      console.log(
        `${screen.key.padEnd(8)} 2ª visita ${row.warmMs} ms (${runs.join(', ')})${screen.field && row.warmMs > WARM_TARGET_MS ? ' ✖' : ''}`,
      );
      const ph = row.phases;
      console.log(
        `         medianas: HTML ${ph.html}, scripts ${ph.scripts}, entrada avaliada ${ph.entry}, cache ${ph.restored}, módulos ${ph.modules}, 1º render ${ph.ready}, utilizável ${ph.usable} ms`,
      );
    }
  } finally {
    await app.stop();
  }
  const loadAfter = os.loadavg();
  const cpus = os.cpus().length;
  console.log(
    `\nCarga da máquina (loadavg 1 min): ${loadBefore[0]!.toFixed(1)} no início, ${loadAfter[0]!.toFixed(1)} no fim, em ${cpus} núcleos.`,
  );
  const file = writeReport('warm', {
    conditions: 'second visit, service worker + persisted query cache, CDP CPU 4x, slow 4G',
    runs: RUNS,
    machine: { cpus, loadavgStart: loadBefore, loadavgEnd: loadAfter },
    targetMs: WARM_TARGET_MS,
    screens: rows,
  });
  console.log(`Relatório: ${file}`);
  const failing = rows.filter((r) => r.field && r.warmMs > WARM_TARGET_MS);
  if (failing.length) {
    console.log(`Acima de ${WARM_TARGET_MS} ms: ${failing.map((r) => r.screen).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
