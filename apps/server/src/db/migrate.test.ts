import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { migrate } from './migrate.js';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('migrate', () => {
  it('has applied every migration once and does nothing on a second run', async () => {
    expect(await migrate(database)).toEqual([]);
    const rows = await database.exclusive((exec) => exec('select name from schema_migrations order by name', []));
    expect(rows.map((r) => r.name)).toContain('0001_base.sql');
  });

  it('applies new files in order and rolls a failed one back whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-mig-'));
    writeFileSync(path.join(dir, '9001_ok.sql'), 'create table mig_ok (id int);');
    writeFileSync(path.join(dir, '9002_bad.sql'), 'create table mig_half (id int); select * from no_such_table;');
    await expect(migrate(database, dir)).rejects.toThrow(/9002_bad.sql failed/);
    const tables = await database.exclusive((exec) =>
      exec(`select table_name from information_schema.tables where table_name in ('mig_ok','mig_half')`, []));
    expect(tables.map((t) => t.table_name)).toEqual(['mig_ok']);
  });
});
