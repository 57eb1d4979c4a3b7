import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Storage } from '../lib/s3-storage.ts';

/** What one run of storage:migrate did. */
export interface MigrationReport {
  /** Files found under the local folder. */
  total: number;
  /** Copied now and verified (size and SHA-256 read back from the bucket). */
  copied: number;
  /** Already in the bucket with the same size and SHA-256 (nothing sent). */
  alreadyThere: number;
  bytesCopied: number;
  failed: Array<{ key: string; reason: string }>;
}

/** Every file under root as a storage key (the relative path with `/`). */
function localKeys(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** True when the bucket holds exactly these bytes at key. */
async function sameInBucket(target: S3Storage, key: string, size: number, hash: string) {
  if ((await target.size(key)) !== size) return false;
  return (await sha256(target.get(key))) === hash;
}

/**
 * Copies every file of the local store (DATA_DIR/uploads) to the bucket under the same key and
 * verifies each by reading it back (size and SHA-256). Idempotent: a file already there with the
 * same bytes is left alone, a different or partial one is copied again. The local files stay.
 */
export async function migrateLocalToS3(options: {
  localRoot: string;
  target: S3Storage;
  log?: (line: string) => void;
  /** Files copied at the same time (default 4). */
  concurrency?: number;
}): Promise<MigrationReport> {
  const { localRoot, target } = options;
  const log = options.log ?? (() => undefined);
  const keys = localKeys(localRoot);
  const report: MigrationReport = {
    total: keys.length,
    copied: 0,
    alreadyThere: 0,
    bytesCopied: 0,
    failed: [],
  };

  async function one(key: string) {
    const file = path.join(localRoot, ...key.split('/'));
    const size = (await fs.promises.stat(file)).size;
    const hash = await sha256(fs.createReadStream(file));
    if (await sameInBucket(target, key, size, hash)) {
      report.alreadyThere += 1;
      return;
    }
    await target.writeAt(key, fs.createReadStream(file));
    if (!(await sameInBucket(target, key, size, hash))) {
      throw new Error('o arquivo lido de volta do bucket difere do original');
    }
    report.copied += 1;
    report.bytesCopied += size;
    log(`copiado: ${key} (${size} bytes)`);
  }

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await one(key);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        report.failed.push({ key, reason });
        log(`FALHOU: ${key}: ${reason}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
