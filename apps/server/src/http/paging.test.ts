import { sql, count } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageQuerySchema } from '@canteen/contract';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';
import { paginate } from './paging.js';

const dish = pgTable('paging_probe', { id: integer('id').primaryKey(), name: text('name').notNull(), price: integer('price').notNull() });
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exclusive(async (exec) => {
    await exec('create table paging_probe (id int primary key, name text not null, price int not null)');
    await exec(`insert into paging_probe select i, 'dish ' || i, (i * 37) % 100 from generate_series(1, 45) i`);
  });
});
afterAll(() => database.close());

const list = (query: Record<string, string>) =>
  paginate(pageQuerySchema.parse(query), { id: dish.id, price: dish.price }, {
    count: async () => (await database.db.select({ n: count() }).from(dish))[0]!.n,
    rows: ({ order, limit, offset }) => database.db.select().from(dish).orderBy(...order).limit(limit).offset(offset),
  }, [sql`${dish.id} asc`]);

describe('paginate', () => {
  it('answers records, total, size, current and pages', async () => {
    const page = await list({ current: '2', size: '20' });
    expect(page).toMatchObject({ total: 45, size: 20, current: 2, pages: 3 });
    expect(page.records.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
  });

  it('sorts by whitelisted columns, ascending then descending', async () => {
    const page = await list({ size: '45', ascs: 'price', descs: 'id' });
    const prices = page.records.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers an empty page past the end with the true total', async () => {
    const page = await list({ current: '9', size: '10' });
    expect(page.records).toEqual([]);
    expect(page.total).toBe(45);
  });

  it('refuses a column that is not on the whitelist with a 400 naming it', async () => {
    await expect(list({ descs: 'name' })).rejects.toSatisfy((e: AppError) => e.status === 400 && e.message.includes('name'));
  });

  it('refuses anything that is not a column name before it reaches SQL', () => {
    expect(pageQuerySchema.safeParse({ descs: 'id;drop table x' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ current: '0' }).success).toBe(false);
  });
});
