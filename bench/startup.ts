// Startup time and idle memory of the server: the TypeScript source through tsx (development)
// against the esbuild bundle under plain node (production), alternating, on one database that
// is already migrated and seeded, so only the app's own start is measured.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { buildServer } from '../scripts/build-server.mjs';
import { freePort, ROOT, rssMiB, writeReport } from './lib/servers.ts';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 5);
const IDLE_MS = 5_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-bench-startup-'));
fs.chmodSync(dir, 0o755);
const db = await startEmbeddedPostgres(dir, { info: () => undefined, warn: console.warn });
const entry = await buildServer({ quiet: true });

const MODES: Record<string, string[]> = {
  'tsx (fonte TS)': ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
  'node (bundle)': [entry],
  'node --enable-source-maps (bundle)': ['--enable-source-maps', entry],
};

/** One start: milliseconds until /api/ready answers 200, then RSS after IDLE_MS of idling. */
async function once(args: string[]) {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dir, 'files'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((r) => proc.once('exit', r));
  let readyMs = NaN;
  while (proc.exitCode === null) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await sleep(10);
  }
  await sleep(IDLE_MS);
  const rss = rssMiB(proc.pid);
  proc.kill('SIGTERM');
  await exited;
  return { readyMs, rss };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const results: Record<string, { readyMs: number[]; rssMiB: number[] }> = {};
try {
  // The first start seeds the demo company and warms tsx's transpile cache; not counted.
  await once(MODES['tsx (fonte TS)']!);
  for (let i = 0; i < RUNS; i++) {
    for (const [name, args] of Object.entries(MODES)) {
      const r = await once(args);
      (results[name] ??= { readyMs: [], rssMiB: [] }).readyMs.push(Math.round(r.readyMs));
      results[name].rssMiB.push(r.rss ?? NaN);
    }
  }
} finally {
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`Início até /api/ready 200 e RSS após ${IDLE_MS / 1000} s ocioso (${RUNS} execuções)`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(36)} início p50 ${median(r.readyMs)} ms (${Math.min(...r.readyMs)}–${Math.max(...r.readyMs)})` +
      `   RSS p50 ${median(r.rssMiB)} MiB (${Math.min(...r.rssMiB)}–${Math.max(...r.rssMiB)})`,
  );
}
console.log(`Relatório: ${writeReport('startup', { runs: RUNS, idleMs: IDLE_MS, results })}`);
