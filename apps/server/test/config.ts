import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.js';

/** One key for the seeded template and every test app (and server process), so seeded secrets open everywhere. */
export const TEST_SECRETS_KEY = 'Y2FudGVlbi10ZXN0LXNlY3JldHMta2V5LTMyYnl0ZXM=';

/** The configuration every server test starts from: quiet, captcha off, a throwaway data folder. */
export const testConfig = (overrides: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    AUTH_CAPTCHA: 'off',
    // Costly routes unlimited: a test file may sync or upload more often than a person would (route-limits.test.ts turns them on).
    RATE_LIMITS: 'off',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'canteen-test-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'canteen-no-web'),
    SECRETS_KEY: TEST_SECRETS_KEY,
    // The tests' printers (simulated ones) listen on loopback.
    PRINTER_ALLOW_LOOPBACK: 'on',
    ...overrides,
  });
