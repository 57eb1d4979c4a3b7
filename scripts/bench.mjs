// `npm run bench`: builds the web app if needed, then runs every bench/*.ts in order
// (or only those named: npm run bench -- foundation chat-latency).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureChromium();
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', '@eproto/web'], { cwd: root, stdio: 'inherit' });
}
const wanted = process.argv.slice(2);
const all = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort((a, b) => (a === 'foundation' ? -1 : b === 'foundation' ? 1 : a.localeCompare(b)));
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}.ts ===`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', `${name}.ts`)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
