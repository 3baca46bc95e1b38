import { eq, ilike, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudEndpoints, idSchema, pageQuerySchema } from '@canteen/contract';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { bigintText, idColumn } from '../db/columns.js';
import { registerErrorHandling } from './error-handler.js';
import { badRequest } from './errors.js';
import { defineResource } from './resource.js';

/**
 * The kit on a store-scoped example, the shape the store-side domains take: every row has a
 * store, a request sees only its stores (here from a header standing in for the user's
 * assignment), another store's row is a 404, and the store is forced on writes.
 */
const shelf = pgTable('kit_shelf', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  name: text('name').notNull(),
  capacity: integer('capacity').notNull().default(0),
});
const book = pgTable('kit_book', { id: idColumn(), shelfId: bigintText('shelf_id').notNull(), title: text('title').notNull() });

const shelfRecord = z.object({ id: z.string(), storeId: z.string(), name: z.string(), capacity: z.number().int() });
const shelfBody = z.object({ id: idSchema.optional(), storeId: idSchema.optional(), name: z.string().min(1).max(40), capacity: z.number().int() });
const shelfApi = crudEndpoints({
  base: '/kit/shelf', tag: 'kit', screen: 'store:table', label: '货架', record: shelfRecord, body: shelfBody,
  query: pageQuerySchema.extend({ name: z.string().max(40).optional() }),
});

/** The stores the request may see (the header stands in for the user's assigned stores). */
const storesOf = (request: FastifyRequest) => String(request.headers['x-stores'] ?? '').split(',').filter(Boolean);
let cleared = 0;

const shelves = defineResource({
  table: shelf,
  label: '货架',
  endpoints: shelfApi,
  sortable: { id: shelf.id, name: shelf.name, capacity: shelf.capacity },
  filters: (q) => [q.name ? ilike(shelf.name, `%${q.name}%`) : undefined],
  toRecord: (r) => ({ id: r.id, storeId: r.storeId, name: r.name, capacity: r.capacity }),
  insert: (b) => ({ storeId: '0', name: b.name, capacity: b.capacity }),
  change: (b) => ({ name: b.name, capacity: b.capacity }),
  unique: { kit_shelf_name: (name) => `货架名称重复：${name}` },
  scope: (request) => {
    const stores = storesOf(request);
    return { where: inArray(shelf.storeId, stores.length ? stores : ['-1']), values: { storeId: stores[0] ?? '-1' } };
  },
  validate: (b) => {
    if (b.name.trim() !== b.name) throw badRequest('name: 名称前后不能有空格');
  },
  referencedBy: [{ column: book.shelfId, what: '图书' }],
  afterWrite: () => void cleared++,
});

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exclusive((exec) => exec(`
    create table kit_shelf (id bigint generated always as identity primary key, store_id bigint not null, name text not null,
      capacity int not null default 0 constraint kit_shelf_capacity check (capacity between 0 and 1000));
    create unique index kit_shelf_name on kit_shelf (store_id, name);
    create table kit_book (id bigint generated always as identity primary key, shelf_id bigint not null references kit_shelf (id), title text not null);
  `));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  shelves.serve(app, database.db);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const as = (stores: string) => ({ 'x-stores': stores });
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, stores: string, payload?: object) =>
  app.inject({ method, url, headers: as(stores), ...(payload ? { payload } : {}) });

describe('defineResource on a store-scoped table', () => {
  let a1: string;
  let b1: string;

  it('creates in the request\'s store whatever the body says, and answers the record', async () => {
    const res = await send('POST', '/kit/shelf', '1', { name: 'A', capacity: 10, storeId: '2' });
    expect(res.json()).toMatchObject({ code: 0, data: { storeId: '1', name: 'A', capacity: 10 } });
    a1 = res.json().data.id;
    b1 = (await send('POST', '/kit/shelf', '2', { name: 'B', capacity: 5 })).json().data.id;
    await send('POST', '/kit/shelf', '1', { name: 'C', capacity: 30 });
    expect(cleared).toBe(3);
  });

  it('pages only the request\'s stores, with filters and the sort whitelist', async () => {
    const mine = (await send('GET', '/kit/shelf/page?descs=capacity', '1')).json<{ data: { records: Array<{ name: string }> } }>().data;
    expect(mine).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(mine.records.map((r) => r.name)).toEqual(['C', 'A']);
    const named = (await send('GET', '/kit/shelf/page?name=c', '1')).json<{ data: { records: Array<{ name: string }> } }>().data;
    expect(named.records.map((r) => r.name)).toEqual(['C']);
    expect((await send('GET', '/kit/shelf/page', '1,2')).json().data.total).toBe(3);
    const badSort = await send('GET', '/kit/shelf/page?ascs=store_id', '1');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().msg).toContain('不支持按 store_id 排序');
  });

  it('another store\'s row is a 404 to get, update and delete', async () => {
    expect((await send('GET', `/kit/shelf/${b1}`, '2')).json().data.name).toBe('B');
    for (const res of [
      await send('GET', `/kit/shelf/${b1}`, '1'),
      await send('PUT', '/kit/shelf', '1', { id: b1, name: 'X', capacity: 1 }),
      await send('DELETE', `/kit/shelf/${b1}`, '1'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`货架 ${b1} 不存在`);
    }
    expect((await database.db.select().from(shelf).where(eq(shelf.id, b1)))[0]!.name).toBe('B');
  });

  it('updates within the scope; an update needs an id', async () => {
    const res = await send('PUT', '/kit/shelf', '1', { id: a1, name: 'A2', capacity: 11, storeId: '2' });
    expect(res.json().data).toMatchObject({ id: a1, storeId: '1', name: 'A2', capacity: 11 });
    const noId = await send('PUT', '/kit/shelf', '1', { name: 'A3', capacity: 1 });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().msg).toBe('id: 修改货架需要 id');
  });

  it('a duplicate is a 409 with the resource\'s message; the same name in another store is fine', async () => {
    const dup = await send('POST', '/kit/shelf', '1', { name: 'C', capacity: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('货架名称重复：1, C');
    expect((await send('POST', '/kit/shelf', '2', { name: 'C', capacity: 1 })).json().code).toBe(0);
    const rename = await send('PUT', '/kit/shelf', '1', { id: a1, name: 'C', capacity: 1 });
    expect(rename.statusCode).toBe(409);
  });

  it('database data errors are 400s, never 500s', async () => {
    const check = await send('POST', '/kit/shelf', '1', { name: 'D', capacity: 5000 });
    expect(check.statusCode).toBe(400);
    expect(check.json().msg).toBe('数据不符合取值规则');
    const overflow = await send('PUT', '/kit/shelf', '1', { id: a1, name: 'D', capacity: 2 ** 40 });
    expect(overflow.statusCode).toBe(400);
    const spaced = await send('POST', '/kit/shelf', '1', { name: ' D', capacity: 5 });
    expect(spaced.json().msg).toBe('name: 名称前后不能有空格');
    const badId = await send('GET', '/kit/shelf/abc', '1');
    expect(badId.statusCode).toBe(400);
  });

  it('a delete is refused while something refers to the row, naming what and how many', async () => {
    await database.db.insert(book).values([{ shelfId: a1, title: 'x' }, { shelfId: a1, title: 'y' }]);
    const refused = await send('DELETE', `/kit/shelf/${a1}`, '1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('该货架仍被 2 个图书引用，不能删除');
    await database.db.delete(book).where(eq(book.shelfId, a1));
    expect((await send('DELETE', `/kit/shelf/${a1}`, '1')).json()).toMatchObject({ code: 0, data: true });
    expect((await send('GET', `/kit/shelf/${a1}`, '1')).statusCode).toBe(404);
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(shelf))[0]!.n).toBe(3);
  });
});
