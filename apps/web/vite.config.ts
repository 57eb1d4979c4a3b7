import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// React and the router change rarely: a separate chunk keeps them cached across deploys.
const REACT_VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// dayjs with its pt-br locale and plugins (lib/dates.ts), in one chunk: shared by the signed-in
// shell's offline prefetch and the pages, it was copied into both (~5 KB gzip twice on a fresh
// OS page, bench/os-phone.ts).
const DAYJS = /node_modules[\\/]dayjs[\\/]/;

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

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    pureDomainCalls,
    react(),
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
        navigateFallback: null,
        // Web Push: the push and notificationclick handlers (public/push-sw.js).
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
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
