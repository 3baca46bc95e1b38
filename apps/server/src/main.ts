import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { demoModeWarning, PublicCredentialsError, refusePublicCredentials } from './demo-guard.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { startAutovacuum } from './db/autovacuum.js';
import { seed } from './db/seed.js';
import { seeders } from './modules/index.js';
import { shutdown } from './shutdown.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database is PostgreSQL in WebAssembly. V8 recompiles its busy functions with its
  // optimising compiler on background threads whose scratch memory glibc keeps: some 70 MB
  // resident for good, and a slower boot. Its baseline code alone keeps the server within its
  // memory budget at the cost of some speed in long scans. Set before the module is compiled;
  // with an external PostgreSQL the process keeps V8's defaults.
  if (!config.DATABASE_URL) v8.setFlagsFromString('--liftoff-only');
  const database = await openDatabase(config);
  await migrate(database);
  try {
    await refusePublicCredentials(database, config);
  } catch (error) {
    if (error instanceof PublicCredentialsError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  await seed(database, config, seeders);
  const app = await buildApp(config, { database });
  const demo = await demoModeWarning(database, config);
  if (demo) app.log.warn(demo);
  // PostgreSQL vacuums itself; the embedded database has no background workers to do it.
  const stopAutovacuum = database.kind === 'pglite'
    ? startAutovacuum(database, (error) => app.log.warn({ err: error }, 'autovacuum pass failed'))
    : async () => undefined;
  // SIGTERM/SIGINT: finish in-flight requests and running jobs within SHUTDOWN_TIMEOUT_MS, then exit
  // (0, or 1 when the deadline cut something off). A second signal kills at once (the default action).
  const stop = async (signal: string) => {
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown: started');
    const code = await shutdown(app, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, stopAlongside: stopAutovacuum, closeDatabase: () => database.close() });
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(`Canteen failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
