import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// React and the router change rarely: a separate chunk keeps them cached across deploys.
const REACT_VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// packages/domain is pure code and zod declares itself side-effect free. Telling the bundler so,
// and that z.* calls are pure, lets a page import a constant from '@eproto/domain' without
// pulling in zod and every schema: /login stays under its 150 KB budget. The one side effect
// of the domain (zod's Portuguese locale) is re-applied by src/lib/zod-locale.ts in the
// modules that validate with zod.
const SIDE_EFFECT_FREE = /packages[\\/]domain[\\/]|node_modules[\\/]zod[\\/]/;

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: REACT_VENDOR, priority: 10 }],
        },
      },
    },
  },
});
