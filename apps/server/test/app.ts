import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import type { Config } from '../src/config.js';
import { createTestDatabase } from './database.js';
import { testConfig } from './config.js';

/**
 * The whole server on its own fresh database, closed after the file's tests.
 * Requests go through `app.inject()`; tests that need sockets call `app.listen()`.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<{ app: App; config: Config }> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const app = await buildApp(config, { database });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, config };
}
