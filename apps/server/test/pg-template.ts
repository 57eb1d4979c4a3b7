import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyCluster } from './copy-cluster.ts';

/**
 * A new DATA_DIR (mode 755) holding an initialised, stopped PostgreSQL cluster: a copy of the
 * one the run's global setup made (`pgTemplateDir`), for a test that starts a server of its own.
 * initdb took ~4–11 s a cluster, eight times a run; a copy takes well under a second. A test
 * about the first start of an empty DATA_DIR (ops/compiled.test.ts) keeps its initdb.
 */
export function dataDirWithCluster(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  copyCluster(inject('pgTemplateDir'), dir);
  fs.chmodSync(dir, 0o755);
  return dir;
}
