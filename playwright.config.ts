import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.PW_OUTPUT ?? 'test-results',
  // A whole flow (two people, a dozen steps) may take 35 s on a CI machine shared with other
  // work; each step still waits at most 7 s (expect) for what it looks for.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  // No retries when run by hand: a spec that needs one is a bug to fix. `npm test` (and so CI)
  // passes --retries=1 and the list reporter names each spec that needed it (ADR-36).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    // `npm test` starts this same server beside the Vitest stage and says so (scripts/test.mjs).
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    env: { E2E_PORT: String(port) },
  },
});
