import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Every file under `dir` (relative to it) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => keep(name)).map((name) => name.split(path.sep).join('/'));
}

// The web app's page tests share one module graph per worker (isolate: false): loading antd, React
// and jsdom's globals again for each of 80 files cost a third of their time. A file that replaces
// modules with vi.mock needs a graph of its own, so those run isolated in their own project.
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const webTests = filesUnder(webSrc, (name) => /\.test\.tsx?$/.test(name));
const webTestsMocking = webTests.filter((name) => readFileSync(path.join(webSrc, name), 'utf8').includes('vi.mock('));
const web = {
  extends: './apps/web/vite.config.ts',
  test: {
    root: 'apps/web',
    execArgv: ['--max-semi-space-size=32'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    expect: { poll: { timeout: 5_000 } },
    // A guard against a hang, not a speed check: in CI these files run beside the browser suites on
    // two cores, and a page test of 13 s on an idle machine took over 90 s there.
    testTimeout: 240_000,
  },
};

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
          // Each file loads its own module graph (isolate, the default). Sharing one per worker halved
          // the time, but state of the process outlived a file (module caches keyed by store or
          // account, timers of apps still closing) and broke later files in CI: a follower sync
          // never finishing, a second access token, a boot that never became ready.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Polled conditions (expect.poll) get five seconds on a busy machine, not one.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      { test: { name: 'wechat-protocol', root: 'packages/wechat-protocol', include: ['src/**/*.test.ts'] } },
      { test: { name: 'wechat-sim', root: 'packages/wechat-sim', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      { ...web, test: { ...web.test, name: 'web', include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'], exclude: webTestsMocking.map((name) => `src/${name}`), isolate: false } },
      { ...web, test: { ...web.test, name: 'web-mocking', include: webTestsMocking.map((name) => `src/${name}`) } },
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
