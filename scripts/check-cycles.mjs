// `npm test` step: no import cycle between files (server, web, domain), nor between the
// server's modules (apps/server/src/modules/<area>): an area that needs another's answer the
// other way round takes it as a port at wiring (e.g. agendaRoutes(serviceOrdersOfEntries)).
// Between areas it refuses two that import each other;
// longer loops are not checked yet.
// Type-only imports do not count; a lazy `await import()` does not either (it is how a
// heavy driver loads on demand: lib/storage.ts -> lib/s3-storage.ts).
// Runs dpdm (a TypeScript parser, ~1 min on 2 cores) rather than ESLint's import-x/no-cycle,
// which would re-resolve the whole graph from every file of the lint run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = [
  'apps/server/src/server.ts',
  'apps/server/src/storage-migrate.ts',
  'apps/server/src/ops/search-plans.ts',
  'apps/web/src/main.tsx',
  'packages/domain/src/index.ts',
];
const MODULES = 'apps/server/src/modules/';

const tree = await parseDependencyTree(ENTRIES, {
  cwd: root,
  context: root,
  transform: true,
  skipDynamicImports: false,
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', ''],
  js: ['.ts', '.tsx', '.mjs', '.js'],
  include: /\.(ts|tsx|mjs|js)$/,
  exclude: /node_modules/,
});

const fileCycles = parseCircular(tree, true);

// The graph of server areas: an edge a -> b when a file of a imports a file of b, remembering
// one import that made it (to name it in the message).
const areaOf = (file) =>
  file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : null;
const edges = new Map();
for (const [file, deps] of Object.entries(tree)) {
  const from = areaOf(file);
  if (!from || !deps) continue;
  for (const d of deps) {
    if (d.kind === 'DynamicImport' || !d.id) continue;
    const to = areaOf(d.id);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${file} -> ${d.id}`);
  }
}
// Two areas that import each other (agenda <-> service-orders and assets <-> service-orders
// were the last ones; each became a port or moved to the area that owns the data). Longer loops
// are not counted yet.
const areaCycles = [];
for (const [a, tos] of edges) {
  for (const b of tos.keys()) {
    if (a < b && edges.get(b)?.has(a)) {
      areaCycles.push([a, b]);
    }
  }
}

for (const c of fileCycles) console.error(`Ciclo de arquivos: ${[...c, c[0]].join(' -> ')}`);
for (const comp of areaCycles) {
  console.error(`Ciclo entre módulos do servidor: ${comp.join(', ')}`);
  for (const a of comp) {
    for (const [b, why] of edges.get(a) ?? []) if (comp.includes(b)) console.error(`  ${why}`);
  }
}
if (fileCycles.length || areaCycles.length) process.exit(1);
console.log(
  `Sem ciclos (${Object.keys(tree).length} arquivos, ${edges.size} módulos do servidor).`,
);
