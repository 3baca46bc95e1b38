import { openPostgres } from '../../apps/server/src/db/client.js';

/** PostgreSQL for the bench: BENCH_DATABASE_URL, else the local server if it answers; null when none does. */
export async function postgresUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const probe = await openPostgres(url);
    await probe.ping();
    await probe.close();
    return url;
  } catch {
    return null;
  }
}
