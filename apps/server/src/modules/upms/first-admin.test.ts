import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/config.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../../test/database.js';
import { verifyPassword } from '../../util/passwords.js';
import { seedIdentity } from './seed.js';
import { sysUser } from './tables.js';

/**
 * A real deployment's first boot: a migrated database with no user yet. The run's migrated
 * database with its users (and what refers to them) taken out, rather than migrating an empty
 * one for each test (half a minute and more on a busy machine).
 */
async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  await database.exclusive((exec) => exec('truncate sys_user cascade'));
  return database;
}
const realDeployment = (over: Record<string, string> = {}) => testConfig({ NODE_ENV: 'production', DEMO_MODE: 'off', ...over });
const users = (database: Database) =>
  database.db.select({ username: sysUser.username, password: sysUser.password, mustChange: sysUser.passwordMustChange }).from(sysUser);

afterEach(() => vi.restoreAllMocks());

describe("a real deployment's first administrator (issue 22 #2)", () => {
  it('is admin with ADMIN_INITIAL_PASSWORD, flagged must-change, and no demo user; the log says so without the password', async () => {
    const database = await freshDatabase();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await seedIdentity(database, realDeployment({ ADMIN_INITIAL_PASSWORD: 'Kitchen-2026' }));
    const [admin, ...others] = await users(database);
    expect(others).toEqual([]);
    expect(admin!.username).toBe('admin');
    expect(await verifyPassword(admin!.password, 'Kitchen-2026')).toBe(true);
    expect(await verifyPassword(admin!.password, '123456')).toBe(false);
    expect(admin!.mustChange).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(/first administrator created: admin with the password of ADMIN_INITIAL_PASSWORD/);
    expect(String(log.mock.calls[0]![0])).not.toContain('Kitchen-2026');
    await database.close();
  });

  it('without the variable gets a one-time password printed once, in one line, and never again', async () => {
    const database = await freshDatabase();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await seedIdentity(database, realDeployment());
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    const password = /one-time password (\S+) /.exec(line)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const [admin] = await users(database);
    expect(await verifyPassword(admin!.password, password!)).toBe(true);
    expect(admin!.mustChange).toBe(true);
    // The next boots find a user: nothing created, nothing printed.
    await seedIdentity(database, realDeployment());
    expect(log).toHaveBeenCalledTimes(1);
    expect(await users(database)).toHaveLength(1);
    await database.close();
  });

  it('is not made while any user exists, and demo mode keeps admin/123456 without the flag', async () => {
    // The run's database as seeded outside production: the demo users are there.
    const database = await createTestDatabase();
    await seedIdentity(database, testConfig({ NODE_ENV: 'production', DEMO_MODE: 'on', DEMO_DATA: 'off' }));
    const [admin] = await database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(await verifyPassword(admin!.password, '123456')).toBe(true);
    expect(admin!.passwordMustChange).toBe(false);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await seedIdentity(database, realDeployment());
    expect(log).not.toHaveBeenCalled();
    await database.close();
  });
});
