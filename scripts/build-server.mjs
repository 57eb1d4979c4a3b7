// Builds the server to plain JavaScript for `node`: one ES-module bundle of apps/server/src and
// the workspace packages it imports (packages/domain ships TypeScript source), plus the
// migrations folder beside it. Every npm package stays an import resolved from node_modules at
// run time, so native modules and packages that read their own files (pdfkit's fonts,
// swagger-ui's assets) work as they do under tsx.
//   node scripts/build-server.mjs [--outdir apps/server/dist/x]   builds (default apps/server/dist)
//   import { ensureServerBuilt } ...         builds only when a source is newer than the bundle
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');

/** Where `npm start` and the e2e server run the bundle from. */
export const SERVER_DIST = path.join(serverDir, 'dist');
/** The bundle's entry point. */
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
/** The entry point of `npm run storage:migrate`. */
export const STORAGE_MIGRATE_ENTRY = path.join(SERVER_DIST, 'storage-migrate.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** Newest change among what goes into the bundle (and this script). */
export function serverSourcesMtime() {
  return Math.max(
    newestMtime(path.join(serverDir, 'src')),
    newestMtime(path.join(root, 'packages')),
    fs.statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
}

/** Bare imports of our own workspaces are bundled; every other package stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@eproto/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Bundles the server into outdir (default apps/server/dist), replacing what was there. */
export async function buildServer({ outdir = SERVER_DIST, quiet = false } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const tmp = `${outdir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await build({
    // The server, and `npm run storage:migrate` (runs where tsx, a dev dependency, may be gone).
    entryPoints: {
      server: path.join(serverDir, 'src/server.ts'),
      'storage-migrate': path.join(serverDir, 'src/storage-migrate.ts'),
    },
    outdir: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // src/db/migrate.ts finds its folder beside itself (new URL('./migrations', import.meta.url)).
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(tmp, 'migrations'), {
    recursive: true,
  });
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(tmp, outdir);
  if (!quiet)
    console.log(
      `Servidor compilado em ${path.relative(root, outdir)} (${Date.now() - started} ms).`,
    );
  return path.join(outdir, 'server.js');
}

/** Builds apps/server/dist when it is missing or older than its sources; returns the entry. */
export async function ensureServerBuilt() {
  const fresh =
    fs.existsSync(SERVER_ENTRY) && fs.statSync(SERVER_ENTRY).mtimeMs >= serverSourcesMtime();
  if (!fresh) {
    console.log('Compilando o servidor (esbuild)...');
    await buildServer();
  }
  return SERVER_ENTRY;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  await buildServer(at > 0 ? { outdir: path.resolve(process.argv[at + 1]) } : {});
}
