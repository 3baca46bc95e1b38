import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * A fresh copy of the run's template database on PostgreSQL (TEST_DATABASE_URL), opened twice:
 * `database` through a TCP proxy the test cuts and restores (PostgreSQL seems to go away and
 * come back while the real server keeps serving every other test), and `direct` past the proxy,
 * to read what was really stored. Undefined without TEST_DATABASE_URL.
 */
export async function createProxiedPostgres(): Promise<{ database: Database; direct: Database; proxy: TcpProxy; close(): Promise<void> } | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) return undefined;
  const name = `canteen_fault_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url);
  await admin.exclusive((exec) => exec(`create database ${name} template ${template}`));
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(withDatabase(url, name));
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const database = await openPostgres(proxied.toString());
  const direct = await openPostgres(withDatabase(url, name));
  return {
    database,
    direct,
    proxy,
    async close() {
      await database.close().catch(() => undefined);
      await direct.close();
      await proxy.close();
      await admin.exclusive((exec) => exec(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}
