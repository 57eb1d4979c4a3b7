// Foundation figures: JS loaded by /login (gzip) and authenticated GET /api/users/me against a
// bare Fastify handler measured in the same run.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { load } from './lib/load.ts';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  rssMiB,
  signIn,
  startApp,
  startBare,
  writeReport,
} from './lib/servers.ts';

async function loginJs(url: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const scripts: Array<{ url: string; gzip: number }> = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body)
      scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 6 }).length });
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  return { totalKB: Math.round((total / 1024) * 10) / 10, files: scripts };
}

const app = await startApp();
const bare = await startBare();
try {
  const js = await loginJs(app.url);
  const cookie = await signIn(app.url, 'gerente@eproto.test');
  const idleRss = rssMiB(app.proc.pid);
  await load({ url: `${app.url}/api/users/me`, headers: { cookie }, seconds: 2 }); // warm-up
  await load({ url: `${bare.url}/`, seconds: 2 });
  const bareRes = await load({ url: `${bare.url}/` });
  const meRes = await load({ url: `${app.url}/api/users/me`, headers: { cookie } });
  const loadRss = rssMiB(app.proc.pid);
  const ratio = Math.round((meRes.rps / bareRes.rps) * 100) / 100;
  const report = {
    loginJsGzipKB: js.totalKB,
    loginJsTargetKB: 150,
    loginJsFiles: js.files,
    bare: bareRes,
    usersMe: meRes,
    throughputRatio: ratio,
    throughputTarget: 0.5,
    p99TargetMs: 50,
    rssMiB: { idle: idleRss, afterLoad: loadRss },
  };
  console.log('\nE-Proto — bench da fundação');
  console.log(`  JS carregado por /login (gzip): ${js.totalKB} KB (meta ≤ 150 KB)`);
  console.log('  Carga: 50 conexões, loopback');
  console.log(
    `  Fastify puro             ${String(bareRes.rps).padStart(7)} req/s   p50 ${bareRes.p50} ms   p99 ${bareRes.p99} ms`,
  );
  console.log(
    `  GET /api/users/me (auth) ${String(meRes.rps).padStart(7)} req/s   p50 ${meRes.p50} ms   p99 ${meRes.p99} ms   erros ${meRes.errors + meRes.non2xx}`,
  );
  console.log(
    `  Razão /users/me ÷ puro: ${ratio} (meta ≥ 0,5); p99 ${meRes.p99} ms (meta < 50 ms)`,
  );
  console.log(`  RSS do servidor: ocioso ${idleRss} MiB, após carga ${loadRss} MiB`);
  console.log(`  Relatório: ${writeReport('foundation', report)}`);
} finally {
  await bare.stop();
  await app.stop();
}
