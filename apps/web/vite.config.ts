import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// React and the router change rarely: a separate chunk keeps them cached across deploys.
const REACT_VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// dayjs with its pt-br locale and plugins (lib/dates.ts), in one chunk: shared by the signed-in
// shell's offline prefetch and the pages, it was copied into both (~5 KB gzip twice on a fresh
// OS page, bench/os-phone.ts).
const DAYJS = /node_modules[\\/]dayjs[\\/]/;

// zod in one chunk of a known name, so scripts/check-bundle.mjs can tell that a field route
// reaches no schema before its first paint (the labels and rules a page shows come from the
// domain's *-rules.ts modules, which have no zod).
const ZOD = /node_modules[\\/]zod[\\/]/;

// packages/domain is pure code and zod declares itself side-effect free. Telling the bundler so,
// and that z.* calls are pure, lets a page import a constant from '@eproto/domain' without
// pulling in zod and every schema: /login stays under its 150 KB budget. The one side effect
// of the domain (zod's Portuguese locale) is re-applied by src/lib/zod-locale.ts in the
// modules that validate with zod.
const SIDE_EFFECT_FREE = /packages[\\/]domain[\\/]|node_modules[\\/]zod[\\/]/;

// The toasts library and what only it uses, in one chunk loaded with the first toast
// (lib/toast.ts), not with /login.
const TOASTS = /node_modules[\\/](@mantine[\\/]notifications[\\/]esm|react-transition-group)[\\/]/;

// Chained zod calls (`z.object({...}).refine(...)`, `z.string().nullable()`, a shared schema's
// `.optional()`) are not covered by manualPureFunctions: every schema of a domain module stayed
// in any chunk that imported one constant or function of it, and with them zod (~27 KB gzip),
// so the signed-in shell and the OS page loaded zod without validating anything. packages/domain
// has no side effects (see above), so each call that starts an expression (after `=`, `:`,
// `(`, `,`, `[`, `?` or `return`) is marked pure: unused, it is dropped with what it calls.
// Calls in statement position (after a new line, `;` or `{`) are left alone, as are comments.
const DOMAIN_SOURCE = /packages[\\/]domain[\\/]src[\\/][^\\/]+\.ts$/;
const CALL_START =
  /(?<=(?:[=(,[?]\s*|:[ \t]*|\breturn[ \t]+))(?=[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\()/g;
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)/;
const pureDomainCalls: Plugin = {
  name: 'eproto-pure-domain-calls',
  enforce: 'pre',
  transform(code, id) {
    if (!DOMAIN_SOURCE.test(id)) return null;
    const marked = code.replace(CALL_START, (_m, offset: number) => {
      const line = code.slice(code.lastIndexOf('\n', offset - 1) + 1, offset);
      return COMMENT_LINE.test(line) ? '' : '/* @__PURE__ */ ';
    });
    return { code: marked, map: null };
  },
};

const APP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/app');

/**
 * Route pattern -> the lazy modules opening it loads: the protected pages of route-pages.ts
 * (with the signed-in shell) and the public pages of app-routes.tsx, read from their sources.
 * /login's page is `preloadable` (lib/preloadable.ts), not `lazy`: without it in the map, /login
 * fetched its page's chunks only after the entry had arrived and run (issue 33).
 */
function routeModules(): Array<[string, string[]]> {
  const read = (file: string) => fs.readFileSync(path.join(APP_DIR, file), 'utf8');
  const abs = (rel: string) => path.resolve(APP_DIR, rel);
  const shell = abs('./layout/app-shell-layout.tsx');
  const routes: Array<[string, string[]]> = [];
  const pages = read('route-pages.ts');
  const table = pages.slice(
    pages.indexOf('const PAGES'),
    pages.indexOf('\n};', pages.indexOf('const PAGES')),
  );
  for (const m of table.matchAll(/'(\/[^']*)':\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g))
    routes.push([m[1]!, [shell, abs(m[2]!)]]);
  const source = read('app-routes.tsx');
  const lazies = new Map(
    [...source.matchAll(/const (\w+) = (?:lazy|preloadable)\(\(\) => import\('([^']+)'\)\)/g)].map(
      (m) => [m[1]!, abs(m[2]!)],
    ),
  );
  for (const m of source.matchAll(/<Route path="(\/[^"]*)" element=\{<(\w+) \/>\}/g)) {
    const page = lazies.get(m[2]!);
    if (page) routes.push([m[1]!, [page]]);
  }
  return routes;
}

// The chunks of the page a tab opens, fetched with the entry instead of after it: without this,
// the browser learns of the shell and the page only once the entry (~140 KB gzip) has arrived
// and run, a second round of ~30 downloads (issue 33, bench/lighthouse.ts). index.html carries
// a JSON map (route pattern -> chunk files beyond the entry's); public/theme-init.js, the first
// script of the page, adds a modulepreload (stylesheet preload) for each file of the route
// being opened. A JSON block, not an inline script, so the strict Content-Security-Policy holds.
/**
 * The build's chunks and the files (chunk, its static imports and their CSS) each one brings:
 * what a browser fetches and runs when the chunk is imported.
 */
function chunkGraph(bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>) {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
  const closure = (c: OutputChunk, out: Set<string>): Set<string> => {
    if (out.has(c.fileName)) return out;
    out.add(c.fileName);
    const css = (c as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
    for (const f of css?.importedCss ?? []) out.add(f);
    for (const f of c.imports) closure(byFile.get(f)!, out);
    return out;
  };
  /** The files opening a route loads beyond the entry's: its lazy modules' closures. */
  const routeFiles = (modules: string[]) => {
    const wanted = new Set<string>();
    for (const id of modules) {
      const chunk = byModule.get(id);
      if (!chunk) throw new Error(`eproto-route-preload: ${id} não virou um chunk`);
      closure(chunk, wanted);
    }
    return wanted;
  };
  return { chunks, entry: chunks.find((c) => c.isEntry), closure, routeFiles };
}

const routePreload: Plugin = {
  name: 'eproto-route-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.bundle) return;
      const { entry, closure, routeFiles } = chunkGraph(ctx.bundle);
      if (!entry) return;
      const initial = closure(entry, new Set());
      const files: string[] = [];
      const index = (f: string) => (files.includes(f) ? files : files.push(f), files.indexOf(f));
      const routes = routeModules()
        .map(([pattern, modules]) => {
          const wanted = routeFiles(modules);
          const regex = `^${pattern.replace(/:[^/]+/g, '[^/]+')}$`;
          return [regex, [...wanted].filter((f) => !initial.has(f)).map(index)] as const;
        })
        // Literal segments before parameters: /users/invite before a /users/:id.
        .sort((a, b) => a[0].split('[^/]+').length - b[0].split('[^/]+').length);
      // Just before theme-init.js, which reads it (and after <meta charset>, which must come
      // within the first 1,024 bytes).
      const tag = '<script src="/theme-init.js"></script>';
      if (!html.includes(tag))
        throw new Error('eproto-route-preload: theme-init.js sumiu do index.html');
      const json = JSON.stringify({ files, routes }).replaceAll('<', '\\u003c');
      return html.replace(
        tag,
        `<script type="application/json" id="route-chunks">${json}</script>\n    ${tag}`,
      );
    },
  },
};

// The V8 magic comment that has every function of a script compiled as the script is compiled,
// off the main thread while it downloads (Chromium streams module scripts), instead of each
// function on the main thread the first time it is called. Cold, a fresh tab spent 25-30% of
// its main thread compiling functions lazily: V8.CompileCode 659 ms on /login, 717 ms on Minha
// agenda and 942 ms on Meus EPIs at 4x CPU, inside the entry's evaluation, the first render and
// the renders after each answer (issue 33, bench/lib/profile-start.ts). Only the chunks a route
// runs as it opens (the entry, the shell, a page and their static imports: what index.html's
// route map preloads) carry it; what loads at first use (forms, modals, gestores' tabs, big
// libraries of which a screen calls a few functions) keeps V8's lazy compiling.
// scripts/check-bundle.mjs checks that each field route's files start with it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHints: Plugin = {
  name: 'eproto-compile-hints',
  apply: 'build',
  generateBundle: {
    // After Vite has put its `const __vite__mapDeps=...` line at the top of the chunks with
    // dynamic imports: V8 follows the comment only as the file's first line (a second line
    // left Meus EPIs compiling 624 of its 942 ms on the main thread).
    order: 'post',
    handler(_options, bundle) {
      const { entry, closure, routeFiles } = chunkGraph(bundle);
      if (!entry) return;
      const start = closure(entry, new Set());
      for (const [, modules] of routeModules()) for (const f of routeFiles(modules)) start.add(f);
      for (const file of start) {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') continue;
        chunk.code = COMPILE_HINT + chunk.code;
        // One more line at the top: the source map's generated lines move down by one.
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        // The .gz and .br the server sends were made before this hook (compression runs with
        // Vite's manifest): made again from the final code, as vite-plugin-compression2 does.
        const gz = bundle[`${file}.gz`];
        if (gz?.type === 'asset') gz.source = gzipSync(chunk.code, { level: 9 });
        const br = bundle[`${file}.br`];
        if (br?.type === 'asset')
          br.source = brotliCompressSync(chunk.code, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          });
      }
    },
  },
};

// react-router's package exports point every bundler at its development build, whose only
// difference is ENABLE_DEV_WARNINGS = true: checks and warnings that run on each navigation and
// render (~1 KB gzip more). The production build of the same version, for `vite build` only
// (dev and tests keep the warnings).
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
const reactRouterProduction: Plugin = {
  name: 'eproto-react-router-production',
  apply: 'build',
  config: () => ({
    resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
  }),
};

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    reactRouterProduction,
    pureDomainCalls,
    react(),
    routePreload,
    compileHints,
    // .gz and .br beside every text asset: the server sends them as they are (no compression
    // per request). A board is ~35 files and ~1.2 MB of JS; compressed it is ~360 KB.
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
    // Installable app for field staff. The service worker precaches the built assets and the
    // app shell (index.html): offline, a navigation opens the app, which shows the data kept in
    // IndexedDB and queues writes (src/lib/offline), or says it is offline when nobody ever
    // signed in on the device. It never caches /api.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'logo.svg', 'offline.html', 'icons/*.png'],
      manifest: {
        name: 'E-Proto — Operações e Projetos',
        short_name: 'E-Proto',
        description: 'Demandas, tarefas, agenda de campo, frota, EPI e chat da operação.',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1020',
        theme_color: '#0b1020',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,svg,png,woff2}', 'index.html', 'offline.html'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A navigation in the app opens the precached app shell (index.html) at once, online or
        // not, instead of waiting a round trip for the same file: on a phone's 4G, ~150-300 ms of
        // a second visit (issue 33, bench/warm.ts). The shell holds no data (the session and
        // the data come from /api, never cached here); a new deploy installs a new worker with
        // its own index.html and chunks. /api (the SSO start, the API docs) and addresses of
        // files (offline.html, icons) still go to the network.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /\/[^/]+\.[^/]+$/],
        // Web Push: the push and notificationclick handlers (public/push-sw.js). The build's
        // hashed files read by the browser from the precache without running the worker
        // (public/sw-routes.js, a static route).
        importScripts: ['push-sw.js', 'sw-routes.js'],
      },
    }),
  ],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the static import graph of each entry and lazy module, read by
    // scripts/check-bundle.mjs to keep the OS route under its JS budget without a browser.
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      treeshake: {
        manualPureFunctions: ['z'],
        propertyReadSideEffects: false,
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: REACT_VENDOR, priority: 10 },
            { name: 'toasts', test: TOASTS, priority: 5, includeDependenciesRecursively: false },
            { name: 'dayjs', test: DAYJS, priority: 5 },
            { name: 'zod-core', test: ZOD, priority: 5 },
          ],
          // Shared chunks under 8 KB are copied into the chunks that use them instead of being
          // fetched on their own: a board opened ~105 files, most of them 1-2 KB, and a browser
          // asks at most 6 at a time over HTTP/1.1 (bench/browser.ts: 1,05 s -> 0,73 s to usable).
          // It needs the lazy module initialisation of strictExecutionOrder and no preserved
          // entry signatures (set above).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
});
