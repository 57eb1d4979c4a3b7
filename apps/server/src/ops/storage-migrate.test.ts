import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../test/process.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { s3Storage, type S3Storage } from '../lib/s3-storage.ts';
import { migrateLocalToS3 } from './storage-migrate.ts';

let s3: TestS3;
let target: S3Storage;
let dataDir: string;
let uploads: string;
const outdir = path.join(ROOT, 'apps/server/dist', `.test-migrate-${process.pid}`);

// What a DATA_DIR/uploads folder holds after some use: nested prefixes, empty and big files.
const files: Record<string, Buffer> = {
  'murals/12/3f1c.pdf': Buffer.from('%PDF-1.4\nmedição\n'),
  'protocols/4/aa.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'chat/vazio.txt': Buffer.alloc(0),
  'avatars/b.jpg': Buffer.alloc(6 * 1_048_576 + 7, 0xd8),
};

beforeAll(async () => {
  s3 = await startS3('eproto-migracao');
  target = await s3Storage(s3.settings);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-migrate-'));
  uploads = path.join(dataDir, 'uploads');
  for (const [key, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
    fs.writeFileSync(path.join(uploads, key), data);
  }
});

afterAll(async () => {
  target?.destroy();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outdir, { recursive: true, force: true });
});

async function bucketBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of target.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('storage:migrate (local disk to S3)', () => {
  it('copies every file under its own key and verifies each; a second run copies nothing', async () => {
    const first = await migrateLocalToS3({ localRoot: uploads, target });
    expect(first).toMatchObject({ total: 4, copied: 4, alreadyThere: 0, failed: [] });
    for (const [key, data] of Object.entries(files)) {
      expect(sha(await bucketBytes(key)), key).toBe(sha(data));
    }
    const again = await migrateLocalToS3({ localRoot: uploads, target });
    expect(again).toMatchObject({ total: 4, copied: 0, alreadyThere: 4, bytesCopied: 0 });
    // The local files stay where they were (a rollback to STORAGE=local keeps working).
    expect(fs.existsSync(path.join(uploads, 'murals/12/3f1c.pdf'))).toBe(true);
  });

  it('copies again an object whose bytes differ (same size) or that went missing', async () => {
    await target.writeAt('murals/12/3f1c.pdf', Buffer.from('%PDF-1.4\nmediçãX\n'));
    await target.remove('protocols/4/aa.png');
    const logged: string[] = [];
    const report = await migrateLocalToS3({
      localRoot: uploads,
      target,
      log: (l) => logged.push(l),
    });
    expect(report).toMatchObject({ copied: 2, alreadyThere: 2, failed: [] });
    expect(logged.sort()).toEqual([
      expect.stringMatching(/^copiado: murals\/12\/3f1c\.pdf/),
      expect.stringMatching(/^copiado: protocols\/4\/aa\.png/),
    ]);
    expect(await bucketBytes('murals/12/3f1c.pdf')).toEqual(files['murals/12/3f1c.pdf']);
  });

  it('reports a file it could not copy and carries on with the others', async () => {
    const broken = await s3Storage({ ...s3.settings, bucket: 'bucket-que-nao-existe' });
    const report = await migrateLocalToS3({ localRoot: uploads, target: broken });
    broken.destroy();
    expect(report.total).toBe(4);
    expect(report.failed.map((f) => f.key).sort()).toEqual(Object.keys(files).sort());
  });

  it('runs compiled under plain node (npm run storage:migrate) and exits 0 with a summary', async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    // Asynchronous: s3rver answers from this very process.
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const env2 = { PATH: process.env.PATH, DATA_DIR: dataDir, ...env };
        execFile(
          process.execPath,
          [path.join(outdir, 'storage-migrate.js')],
          { cwd: ROOT, env: env2, timeout: 60_000 },
          (err, stdout, stderr) =>
            resolve({ status: err ? (err.code as number) : 0, stdout, stderr }),
        );
      });
    const ok = await run(s3.env);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('4 arquivos: 0 copiados e conferidos');
    expect(ok.stdout).toContain('4 já estavam no bucket, 0 com falha');

    const local = await run({});
    expect(local.status).toBe(2);
    expect(local.stderr).toContain('defina STORAGE=s3');
  });
});
