import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, signIn, spawnServer, waitReady, type ServerProcess } from '../../test/process.ts';

// Production runs the esbuild bundle with plain node: no tsx, no TypeScript source at run time.
// Built inside apps/server/dist so the bundle resolves node_modules as the real one does.
const outdir = path.join(ROOT, 'apps/server/dist', `.test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-compiled-'));
fs.chmodSync(dataDir, 0o755);
let server: ServerProcess | null = null;

afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('compiled server', () => {
  it('builds, starts under plain node, migrates from its own folder and serves a PDF', async () => {
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

    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined }, entry);
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
  }, 180_000);
});
