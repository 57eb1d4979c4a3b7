// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensurePgBouncer } from './pgbouncer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureChromium();
ensurePgBouncer();

const steps = [
  ['Mensagens de commit (assunto ≤ 72, corpo)', 'node', ['scripts/check-commits.mjs']],
  ['Lint (ESLint)', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Formatação (Prettier)', 'npx', ['prettier', '--check', '.']],
  ['Arquivos, exports e dependências sem uso (knip)', 'npx', ['knip']],
  ['Ciclos de importação (arquivos e módulos do servidor)', 'node', ['scripts/check-cycles.mjs']],
  ['Tipos (tsc)', 'npm', ['run', 'typecheck']],
  ['Testes unitários e de rotas (Vitest, PostgreSQL real)', 'npx', ['vitest', 'run']],
  ['Build da aplicação web', 'npm', ['run', 'build']],
  ['Orçamento de JS por rota (manifesto do build)', 'node', ['scripts/check-bundle.mjs']],
  ['E2E (Playwright + Chromium)', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [title, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '1' },
  });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${title} falhou (${secs}s).`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${title} (${secs}s)`);
}
console.log(`\nTudo verde em ${((Date.now() - started) / 1000).toFixed(0)}s.`);
