// Global search latency: the company scaled by bench/lib/generate.ts (BENCH_SCALE, default 1;
// 10 for the 10× company), then GET /api/search for a mix of what people type — words with
// and without accents, several words, names with a typo, plates in any form, a demand number —
// as gerente@ (scope rules apply) and diretor@ (sees everything), SEARCH_CLIENTS requests at a
// time for SEARCH_ROUNDS passes. Target (issue 21): p95 < 100 ms at 10×.
import { generate } from './lib/generate.ts';
import { QUERIES } from '../apps/server/src/ops/search-bench-queries.ts';
import { rssMiB, signIn, startApp, writeReport } from './lib/servers.ts';

const CLIENTS = Number(process.env.SEARCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 20);
const P95_TARGET_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function measure(url: string, cookie: string) {
  const jobs: string[] = [];
  for (let r = 0; r < ROUNDS; r += 1) jobs.push(...QUERIES);
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const q = jobs[next++]!;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/search?q=${encodeURIComponent(q)}&limit=5`, {
        headers: { cookie, 'x-requested-with': 'eproto', 'accept-encoding': 'gzip' },
      });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    failures,
    p50: r1(percentile(times, 50)),
    p95: r1(percentile(times, 95)),
    p99: r1(percentile(times, 99)),
    max: r1(times[times.length - 1]!),
  };
}

const app = await startApp();
try {
  const gen = await generate(app.dataDir!);
  console.log(
    `  Escala ${gen.scale.factor}×, dados gerados em ${(gen.ms / 1000).toFixed(1)} s: ${JSON.stringify(gen.totals)}`,
  );
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const email of ['gerente@eproto.test', 'diretor@eproto.test']) {
    const cookie = await signIn(app.url, email);
    await measure(app.url, cookie); // warm-up pass (plans, caches)
    const r = await measure(app.url, cookie);
    results[email] = r;
    console.log(
      `  GET /api/search como ${email.padEnd(22)} ${r.requests} pedidos, ${CLIENTS} por vez: ` +
        `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, máx. ${r.max} ms` +
        `${r.failures ? `, ${r.failures} falhas` : ''} — meta p95 < ${P95_TARGET_MS} ms: ` +
        `${r.p95 < P95_TARGET_MS ? 'ok' : 'ACIMA'}`,
    );
  }
  const file = writeReport(`search-${gen.scale.factor}x`, {
    scale: gen.scale,
    totals: gen.totals,
    clients: CLIENTS,
    rounds: ROUNDS,
    queries: QUERIES,
    p95TargetMs: P95_TARGET_MS,
    results,
    rssMiB: rssMiB(app.proc.pid),
  });
  console.log(`  Relatório: ${file}`);
  if (Object.values(results).some((r) => r.failures > 0)) process.exitCode = 1;
} finally {
  await app.stop();
}
