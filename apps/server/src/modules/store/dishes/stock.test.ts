import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { caller, insertCategory, insertStore, ok, type Caller } from '../../../../test/catalogue.js';
import { store, storeDish, storeDishSku, storeStockReset } from '../tables.js';
import { DAILY_STOCK_RESET_KIND, resetDailyStock } from './stock.js';

/**
 * The daily stock reset at each store's cutoff (its hour on its own wall clock), once per
 * business date, called with chosen instants; the app's job runner is stopped meanwhile (its
 * schedule runs on the real clock), and started for the last test, which runs the job kind.
 */
const { app } = await createTestApp();
const db = app.database.db;
let admin: Caller;

beforeAll(async () => {
  admin = caller(app, await signIn(app, 'admin'));
  await app.ready();
  await app.jobs.stop();
});

interface Dish { id: string; skus: Array<{ id: string }> }
const versionOf = async (id: string) => (await db.select({ v: store.menuVersion }).from(store).where(eq(store.id, id)))[0]!.v;
const dishStock = async (id: string) => (await db.select({ stock: storeDish.stock, soldOut: storeDish.soldOut }).from(storeDish).where(eq(storeDish.id, id)))[0]!;
const skuStock = async (id: string) => (await db.select({ stock: storeDishSku.stock }).from(storeDishSku).where(eq(storeDishSku.id, id)))[0]!.stock;
const lastReset = async (id: string) => (await db.select({ d: storeStockReset.businessDate }).from(storeStockReset).where(eq(storeStockReset.storeId, id)))[0]?.d;

async function shop(name: string, fields: Partial<typeof store.$inferInsert> = {}) {
  const storeId = await insertStore(app, name, fields);
  const categoryId = await insertCategory(app, storeId, '卤味');
  const dish = (body: Record<string, unknown>) => admin('POST', '/store/dish', { storeId, categoryId, price: 1000, ...body }).then((r) => ok<Dish>(r));
  return { storeId, dish };
}

describe('the daily stock reset', () => {
  it('puts daily stock back at the store\'s cutoff, once per business date, leaving other modes and the sold-out switch alone', async () => {
    const { storeId, dish } = await shop('卤味店', { dayCutoffHour: 4, timeZone: 'Asia/Shanghai' });
    const daily = await dish({ name: '卤鸭脖', stockMode: 'daily', dailyStock: 30 });
    const soldOut = await dish({ name: '卤鸡爪', stockMode: 'daily', dailyStock: 20, soldOut: true });
    const sized = await dish({ name: '卤拼盘', stockMode: 'daily', skus: [{ name: '小', price: 2000, dailyStock: 8 }, { name: '大', price: 3500, dailyStock: 5 }] });
    const total = await dish({ name: '限量牛肉', stockMode: 'total', stock: 7 });
    const gone = await dish({ name: '下架卤菜', stockMode: 'daily', dailyStock: 9 });
    ok(await admin('DELETE', `/store/dish/${gone.id}`));
    // The day's sales.
    await db.update(storeDish).set({ stock: 0 }).where(eq(storeDish.storeId, storeId));
    await db.update(storeDishSku).set({ stock: 1 }).where(eq(storeDishSku.dishId, sized.id));

    // First seen: recorded as reset on its business date (2031-03-09 before 04:00 in Shanghai), counts untouched.
    expect(await resetDailyStock(db, new Date('2031-03-09T19:30:00Z'))).not.toContain(storeId); // 03:30 on 03-10 in Shanghai
    expect(await lastReset(storeId)).toBe('2031-03-09');
    expect((await dishStock(daily.id)).stock).toBe(0);

    const version = await versionOf(storeId);
    expect(await resetDailyStock(db, new Date('2031-03-09T19:59:00Z'))).not.toContain(storeId); // 03:59, still the 9th's business day
    expect(await resetDailyStock(db, new Date('2031-03-09T20:00:00Z'))).toContain(storeId); // 04:00 on the 10th
    expect(await lastReset(storeId)).toBe('2031-03-10');
    expect(await dishStock(daily.id)).toEqual({ stock: 30, soldOut: false });
    expect(await dishStock(soldOut.id)).toEqual({ stock: 20, soldOut: true }); // the switch stays as the operator set it
    expect([await skuStock(sized.skus[0]!.id), await skuStock(sized.skus[1]!.id)]).toEqual([8, 5]);
    expect((await dishStock(total.id)).stock).toBe(0);
    expect((await dishStock(gone.id)).stock).toBe(0);
    expect(await versionOf(storeId)).toBe(version + 1);

    // Again the same business day (another instance, a retried job): nothing.
    await db.update(storeDish).set({ stock: 3 }).where(eq(storeDish.id, daily.id));
    expect(await resetDailyStock(db, new Date('2031-03-10T09:00:00Z'))).not.toContain(storeId);
    expect((await dishStock(daily.id)).stock).toBe(3);
    // Days missed while nothing ran: one reset at the next run.
    expect(await resetDailyStock(db, new Date('2031-03-14T01:00:00Z'))).toContain(storeId);
    expect((await dishStock(daily.id)).stock).toBe(30);
    expect(await versionOf(storeId)).toBe(version + 2);
  });

  it('reads the cutoff on the store\'s own clock, and a cutoff moved later resets nothing twice', async () => {
    const { storeId, dish } = await shop('纽约店', { dayCutoffHour: 6, timeZone: 'America/New_York' });
    const bagel = await dish({ name: '贝果', stockMode: 'daily', dailyStock: 12 });
    await db.insert(storeStockReset).values({ storeId, businessDate: '2031-07-01' });
    await db.update(storeDish).set({ stock: 2 }).where(eq(storeDish.id, bagel.id));
    expect(await resetDailyStock(db, new Date('2031-07-02T09:59:00Z'))).not.toContain(storeId); // 05:59 EDT
    expect(await resetDailyStock(db, new Date('2031-07-02T10:00:00Z'))).toContain(storeId); // 06:00 EDT
    expect((await dishStock(bagel.id)).stock).toBe(12);
    await db.update(storeDish).set({ stock: 4 }).where(eq(storeDish.id, bagel.id));
    await db.update(store).set({ dayCutoffHour: 8 }).where(eq(store.id, storeId)); // the business day now starts later
    expect(await resetDailyStock(db, new Date('2031-07-02T11:00:00Z'))).not.toContain(storeId); // 07:00: back on the 1st's day
    expect((await dishStock(bagel.id)).stock).toBe(4);
  });

  it('runs as a job on the job runner and the ordering menu shows the restored stock at once', async () => {
    const { storeId, dish } = await shop('任务店');
    const noodles = await dish({ name: '手工面', stockMode: 'daily', dailyStock: 50 });
    await db.insert(storeStockReset).values({ storeId, businessDate: '2000-01-01' });
    await db.update(storeDish).set({ stock: 0 }).where(eq(storeDish.id, noodles.id));
    const menuDish = async () => ok<{ categories: Array<{ dishes: Array<{ id: string; available: boolean; stock: number }> }> }>(await admin('GET', `/store/menu?storeId=${storeId}`))
      .categories[0]!.dishes.find((d) => d.id === noodles.id)!;
    expect(await menuDish()).toMatchObject({ available: false, stock: 0 });
    app.jobs.start();
    const { job } = await app.jobs.enqueue(DAILY_STOCK_RESET_KIND, {});
    await expect.poll(async () => (await app.jobs.get(job.id))?.state).toBe('done');
    expect(await lastReset(storeId)).not.toBe('2000-01-01');
    expect(await menuDish()).toMatchObject({ available: true, stock: 50 });
  });
});
