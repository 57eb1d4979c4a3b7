import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores in CI: two test files at a time, each on its own cloned database.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/lib/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A query sent on a pg client that is still busy (Promise.all in a transaction) fails
          // the test that caused it.
          // A successful API write that committed outside a transaction (so without its
          // activity row, plugins/audit.ts) fails the test that made it.
          setupFiles: [
            'apps/server/test/pg-concurrency-guard.ts',
            'apps/server/test/audit-guard.ts',
          ],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom renders of whole pages can take seconds on a busy 2-core CI machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
