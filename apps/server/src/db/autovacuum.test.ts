import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { wrapPglite } from './client.js';
import { autovacuumPass, startAutovacuum } from './autovacuum.js';

const database = await wrapPglite(await PGlite.create());
afterAll(() => database.close());

const stats = async (name: string) => {
  const [row] = await database.exclusive((exec) =>
    exec(`select s.n_dead_tup::int as dead, s.n_ins_since_vacuum::int as inserted, s.last_vacuum, s.last_analyze, c.reltuples::int as tuples
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`, [name]));
  return row!;
};

describe('autovacuum on the embedded database', () => {
  it('vacuums and analyses a table past the insert threshold, then leaves it alone', async () => {
    await database.exclusive((exec) => exec(`create table av_many (id int primary key, v text)`));
    await database.exclusive((exec) => exec(`insert into av_many select i, 'x' from generate_series(1, 3000) i`, []));
    expect(await autovacuumPass(database)).toContainEqual({ table: 'av_many', action: 'vacuum' });
    const after = await stats('av_many');
    expect(after.last_vacuum).not.toBeNull();
    expect(after.inserted).toBe(0);
    expect(after.tuples).toBe(3000);
    expect(await autovacuumPass(database)).not.toContainEqual(expect.objectContaining({ table: 'av_many' }));
  });

  it('vacuums away dead rows once they pass 50 + 20 % of the table', async () => {
    await database.exclusive((exec) => exec(`update av_many set v = 'y' where id <= 700`, []));
    expect(await autovacuumPass(database)).toContainEqual({ table: 'av_many', action: 'vacuum' });
    expect((await stats('av_many')).dead).toBe(0);
  });

  it('only analyses a table whose changes cross the analyse threshold but not the vacuum one', async () => {
    await database.exclusive((exec) => exec(`insert into av_many select i, 'z' from generate_series(3001, 3400) i`, []));
    expect(await autovacuumPass(database)).toContainEqual({ table: 'av_many', action: 'analyze' });
    expect((await stats('av_many')).tuples).toBe(3400);
  });

  it('names a table that needs quoting so that the command works', async () => {
    await database.exclusive((exec) => exec(`create table "Odd ""Name""" (id int)`));
    await database.exclusive((exec) => exec(`insert into "Odd ""Name""" select generate_series(1, 1500)`, []));
    expect(await autovacuumPass(database)).toContainEqual({ table: '"Odd ""Name"""', action: 'vacuum' });
    expect((await stats('Odd "Name"')).last_vacuum).not.toBeNull();
  });

  it('keeps running after a failed pass and stops cleanly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Its own naps only: other files' connections in this worker may set timers meanwhile.
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const naps = () => setTimer.mock.calls.filter(([callback]) => callback.name === 'tick').length;
    try {
      const errors: unknown[] = [];
      const broken = { ...database, exclusive: () => Promise.reject(new Error('database is gone')) };
      const stop = startAutovacuum(broken, (error) => errors.push(error), 5);
      await vi.advanceTimersByTimeAsync(5); // one nap
      expect(errors).toHaveLength(2);
      vi.advanceTimersByTime(5); // the next pass starts
      await stop(); // while it runs
      expect(errors).toHaveLength(3);
      const napsAtStop = naps();
      expect(napsAtStop).toBe(2);
      await vi.advanceTimersByTimeAsync(1000); // two hundred naps: no pass
      expect(errors).toHaveLength(3);
      expect(naps()).toBe(napsAtStop);
    } finally {
      setTimer.mockRestore();
      vi.useRealTimers();
    }
  });
});
