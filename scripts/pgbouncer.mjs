// Finds Debian's PgBouncer for the "app behind PgBouncer" test; installs it when missing and
// root. Unlike Chromium it is not required: without it that one test is skipped and says why.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/** True when PgBouncer is there (installing the Debian package if possible). */
export function ensurePgBouncer() {
  if (fs.existsSync(PGBOUNCER)) return true;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('PgBouncer não encontrado: instalando o pacote Debian "pgbouncer"...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync(
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', 'pgbouncer'],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
    // The package starts its own service; the test runs its own instance on a free port.
    spawnSync('service', ['pgbouncer', 'stop'], { stdio: 'ignore' });
    if (r.status === 0 && fs.existsSync(PGBOUNCER)) return true;
  }
  console.warn(
    `\nPgBouncer não encontrado em ${PGBOUNCER} e não foi possível instalá-lo: o teste do app ` +
      'atrás do PgBouncer (apps/server/src/ops/pgbouncer.test.ts) será pulado.\n' +
      'Instale com: sudo apt-get install -y pgbouncer   (ou defina PGBOUNCER_PATH).\n',
  );
  return false;
}
