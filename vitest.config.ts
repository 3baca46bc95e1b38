import { defineConfig } from 'vitest/config';

/** One Vitest run across the workspace; each package is a project with its tests beside its code. */
export default defineConfig({
  test: {
    reporters: ['default'],
    // Vitest's default on a 2-core machine is one file at a time; two keep both cores busy while
    // files wait on PostgreSQL, sockets and timers (unit and integration: 700 s → about 400 s).
    // The browser project runs its files one after another anyway (fileParallelism: false).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Polled conditions (expect.poll) get five seconds on a busy machine, not one.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      { test: { name: 'wechat-protocol', root: 'packages/wechat-protocol', include: ['src/**/*.test.ts'] } },
      { test: { name: 'wechat-sim', root: 'packages/wechat-sim', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.e2e.ts'],
          globalSetup: ['src/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A browser on a shared machine: give polled conditions as long as Playwright's own waits.
          expect: { poll: { timeout: 30_000 } },
          // And one more try for a test whose click a loaded machine lost; `npm test` names every
          // test that passed only on its retry (scripts/flaky-reporter.mjs), so none goes unseen.
          retry: 1,
        },
      },
    ],
  },
});
