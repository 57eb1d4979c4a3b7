// Finds Debian's Chromium for the e2e specs and benchmarks; installs it when missing and root.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the specs and benches launch it: no sandbox or GPU in CI, nothing fetched. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Returns the Chromium path, installing the Debian package if possible; exits with advice if not. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const root = process.getuid?.() === 0;
  if (root && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium não encontrado: instalando o pacote Debian "chromium"...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status === 0 && fs.existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error(
    `\nOs testes e2e precisam do Chromium do Debian em ${CHROMIUM}.\n` +
      'Instale com: sudo apt-get install -y chromium   (ou defina CHROMIUM_PATH).\n' +
      'Nenhum navegador é baixado pelo Playwright.\n',
  );
  process.exit(1);
}
