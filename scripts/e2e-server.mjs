// Server for the e2e specs: the compiled server (as in production; built here when stale, in
// well under a second), fresh embedded PostgreSQL in a temporary folder, demo data, 127.0.0.1
// only; the folder is removed when Playwright stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-e2e-'));
fs.chmodSync(dir, 0o755);
// Serve a private copy of the built SPA, so a rebuild during the run cannot pull files away.
const web = path.join(dir, 'web');
fs.cpSync(path.join(root, 'apps/web/dist'), web, { recursive: true });
const entry = await ensureServerBuilt();
const child = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '3199',
    DATA_DIR: dir,
    WEB_DIST: web,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    // Every spec creates its own people from 127.0.0.1: more invitations accepted a minute
    // than the 30 an address may send in production.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3199'}`,
    // The push specs store endpoints on this made-up host (no DNS is asked when storing one).
    // e2e/webhooks.spec.ts: its receiver listens on 127.0.0.1 (any port), as a company's own
    // internal endpoint would be allowed; 10/8 and the rest stay refused.
    OUTBOUND_URL_ALLOWLIST: 'push.example.com,http://127.0.0.1',
    // A spec that starts a server of its own adds its settings (e2e/sso.spec.ts: OIDC_*).
    ...JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'),
  },
});
const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill('SIGTERM'));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
