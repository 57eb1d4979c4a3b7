import { spawnSync } from 'node:child_process';

/**
 * Copies a stopped cluster's DATA_DIR (`pg/` and its credentials) into `dir`. `cp -a` keeps the
 * owners: run as root, the embedded PostgreSQL runs as a user of its own and refuses a data
 * directory it does not own (fs.cpSync would give it to root).
 */
export function copyCluster(from: string, dir: string): void {
  const cp = spawnSync('cp', ['-a', `${from}/.`, dir]);
  if (cp.status !== 0) throw new Error(`cópia do cluster ${from} falhou: ${String(cp.stderr)}`);
}
