// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensurePgBouncer } from './pgbouncer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureChromium();
ensurePgBouncer();

/**
 * Each entry is one stage; a stage that is a list runs its checks side by side (two cores: the
 * static checks are single-threaded, ESLint on one core and the rest in turn on the other),
 * printing each check's output whole when it ends so the logs never interleave.
 */
const stages = [
  [['Mensagens de commit (assunto ≤ 72, corpo)', 'node', ['scripts/check-commits.mjs']]],
  [
    ['Lint (ESLint)', 'npx', ['eslint', '.', '--max-warnings=0']],
    [
      'Formatação, sem uso, ciclos e tipos',
      'sh',
      [
        '-c',
        [
          'echo "▶ Formatação (Prettier)" && npx prettier --check .',
          'echo "▶ Arquivos, exports e dependências sem uso (knip)" && npx knip',
          'echo "▶ Ciclos de importação (arquivos e módulos do servidor)" && node scripts/check-cycles.mjs',
          'echo "▶ Tipos (tsc)" && npm run --silent typecheck',
        ].join(' && '),
      ],
    ],
  ],
  [
    [
      'Testes unitários e de rotas (Vitest, PostgreSQL real) e cobertura mínima',
      'npx',
      ['vitest', 'run', '--coverage'],
    ],
  ],
  [['Build da aplicação web', 'npm', ['run', 'build']]],
  [['Orçamento de JS por rota (manifesto do build)', 'node', ['scripts/check-bundle.mjs']]],
  [['E2E (Playwright + Chromium)', 'npx', ['playwright', 'test']]],
];

const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '1' };

/** Runs one check; alone it streams its output, beside others it prints it when done. */
function run([title, cmd, args], buffered) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: buffered ? 'pipe' : 'inherit' });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      if (buffered) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(out));
      }
      if (code === 0) console.log(`✔ ${title} (${secs}s)`);
      else console.error(`\n✖ ${title} falhou (${secs}s).`);
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
for (const stage of stages) {
  const codes = await Promise.all(stage.map((check) => run(check, stage.length > 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nTudo verde em ${((Date.now() - started) / 1000).toFixed(0)}s.`);
