import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, signIn, spawnServer, waitReady, type ServerProcess } from '../../test/process.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';

// Production runs the esbuild bundle with plain node: no tsx, no TypeScript source at run time.
// Built inside apps/server/dist so the bundle resolves node_modules as the real one does.
const outdir = path.join(ROOT, 'apps/server/dist', `.test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-compiled-'));
fs.chmodSync(dataDir, 0o755);
let server: ServerProcess | null = null;
let s3: TestS3 | null = null;

afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await server?.exited;
  await s3?.stop();
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('compiled server', () => {
  it('builds, starts under plain node, migrates from its own folder, serves a PDF, keeps files in S3', async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const entry = path.join(outdir, 'server.js');
    // packages/domain ships TypeScript: it must be inside the bundle, not imported at run time.
    const code = fs.readFileSync(entry, 'utf8');
    expect(code).not.toMatch(/from ["']@eproto\/domain/);
    expect(fs.existsSync(path.join(outdir, 'migrations/meta/_journal.json'))).toBe(true);

    // STORAGE=s3: the AWS SDK stays an npm import of the bundle, loaded only for this driver.
    expect(code).toMatch(/import\(["']@aws-sdk\/client-s3["']\)/);
    s3 = await startS3('eproto-compilado');
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined, ...s3.env }, entry);
    await waitReady(server);
    expect(server.proc.spawnargs).toEqual([process.execPath, entry]);

    // pdfkit reads its own font files from node_modules at run time.
    const cookie = await signIn(server.url, 'coordenador@eproto.test');
    const me = (await (
      await fetch(`${server.url}/api/users/me`, { headers: { cookie } })
    ).json()) as { id: number };
    const pdf = await fetch(`${server.url}/api/tatico/epi/fichas/${me.id}/pdf`, {
      headers: { cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The demo company's attachments went to the bucket, not to DATA_DIR/uploads.
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'murals/' }),
    );
    client.destroy();
    expect(listed.Contents?.length ?? 0).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  }, 180_000);
});
