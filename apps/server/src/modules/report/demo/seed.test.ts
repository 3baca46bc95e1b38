import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf, type OverviewReport } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { demoStoreHours, outOfHours } from '../../../../test/demo-hours.js';
import { callerOf, dataOf } from '../../../../test/store.js';
import type { App } from '../../../app.js';
import { seedCustomerDemo } from '../../customer/seed.js';
import { checkIntegrity } from '../../customer/wallet/integrity.js';
import { seedDemoOrders } from '../../order/seed.js';
import { addDays } from '../period.js';
import { seedDemoBusiness } from './seed.js';
import { rowsOf } from '../../../db/queries.js';

let app: App;
let admin: AuthHeader;
let made = 0;
let took = 0;
/**
 * A fixed now, never the clock: Saturday 28 November 2026, 05:00 in Shanghai, both demo stores
 * closed and Saturday's business date begun with nothing open yet; the Friday before ran late
 * (川菜馆 until 01:00).
 */
const NOW = Date.parse('2026-11-27T21:00:00Z');
const today = businessDateOf(new Date(NOW), 'Asia/Shanghai', 4);
const from = addDays(today, -90);
const to = addDays(today, -1);

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await app.database.db.execute(query))[0]!;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const db = app.database.db;
  // The template's demo members and coupons are of the clock's today: made again for NOW.
  await db.execute(sql`truncate coupon, coupon_plan, recharge, member_points_ledger, member_balance_ledger, member, recharge_plan cascade`);
  await db.execute(sql`delete from app_setting where key in ('customer.demoSeeded', 'customer.couponsDemoSeeded')`);
  await seedCustomerDemo(db, true, NOW);
  await seedDemoOrders(db, NOW); // the orders module's demo days first, as at a boot
  const started = performance.now();
  made = await seedDemoBusiness(db, NOW);
  took = performance.now() - started;
  // Signed in (the app ready, its jobs running) only now: nothing of the clock's today touches the seed.
  admin = await signIn(app, 'admin');
}, 180_000);

describe('the demo business', () => {
  it('writes 90 days of orders for both demo stores, in seconds, once', async () => {
    console.info(`demo business: ${made} orders in ${Math.round(took)} ms`);
    expect(made).toBeGreaterThan(4000);
    const days = await one<{ stores: string; days: string }>(sql`
      select count(distinct store_id) as stores, count(distinct business_date) as days from orders where business_date between ${from}::date and ${to}::date`);
    expect(Number(days.stores)).toBe(2);
    expect(Number(days.days)).toBe(90);
    expect(await seedDemoBusiness(app.database.db)).toBe(0);
  });

  it('has weekends busier, lunch and dinner peaks, skewed dishes, the payment mix, ~1 % refunds and a few cancellations', async () => {
    const weekend = await one<{ weekend: string; weekday: string }>(sql`
      select avg(n) filter (where extract(dow from d) in (0, 6)) as weekend, avg(n) filter (where extract(dow from d) between 1 and 4) as weekday
      from (select business_date as d, count(*) as n from orders where business_date between ${from}::date and ${to}::date group by store_id, business_date) x`);
    expect(Number(weekend.weekend)).toBeGreaterThan(Number(weekend.weekday) * 1.3);
    const hours = dataOf<Array<{ hour: number; orders: number }>>(await callerOf(app, admin)('GET', `/report/hours?dateFrom=${from}&dateTo=${to}`));
    const at = (h: number) => hours[h]!.orders;
    expect(at(12)).toBeGreaterThan(at(15) * 3);
    expect(at(18)).toBeGreaterThan(at(15) * 3);
    const dishes = dataOf<Array<{ share: number }>>(await callerOf(app, admin)('GET', `/report/dishes?dateFrom=${from}&dateTo=${to}`));
    expect(dishes[0]!.share).toBeGreaterThan(dishes.at(-1)!.share * 5);
    const mix = await one<{ cash: string; wechat: string; balance: string; refunds: string; cancelled: string; all: string }>(sql`
      select count(*) filter (where p.method = 'cash') as cash, count(*) filter (where p.method = 'wechat') as wechat, count(*) filter (where p.method = 'balance') as balance,
        (select count(*) from order_refund r where r.business_date between ${from}::date and ${to}::date) as refunds,
        (select count(*) from orders o where o.status = 'cancelled' and o.business_date between ${from}::date and ${to}::date) as cancelled,
        (select count(*) from orders o where o.business_date between ${from}::date and ${to}::date) as all
      from order_payment p where p.business_date between ${from}::date and ${to}::date`);
    for (const method of ['cash', 'wechat', 'balance'] as const) expect(Number(mix[method]), method).toBeGreaterThan(50);
    expect(Number(mix.refunds) / Number(mix.all)).toBeGreaterThan(0.004);
    expect(Number(mix.refunds) / Number(mix.all)).toBeLessThan(0.02);
    expect(Number(mix.cancelled)).toBeGreaterThan(20);
  });

  it('keeps the wallet whole: balance payments have their consume rows and the integrity check holds', async () => {
    const consumed = await one<{ n: string; sum: string; paid: string }>(sql`
      select count(*) as n, -sum(l.principal_change + l.bonus_change) as sum,
        (select sum(amount) from order_payment where method = 'balance') as paid
      from member_balance_ledger l where l.kind = 'consume' and l.order_id is not null`);
    expect(Number(consumed.n)).toBeGreaterThan(50);
    expect(Number(consumed.sum)).toBe(Number(consumed.paid));
    expect((await checkIntegrity(app.database.db)).mismatches).toEqual([]);
  });

  it('has members use their coupons: the coupon used by the order, the plans\' counts matching their coupons, the coupon report driven by them', async () => {
    const used = await one<{ orders: string; linked: string; discount: string }>(sql`
      select count(*) as orders, count(c.id) as linked, coalesce(sum(o.coupon_discount), 0) as discount
      from orders o left join coupon c on c.id = o.coupon_id and c.status = 'used' and c.order_id = o.id and c.discount_amount = o.coupon_discount
      where o.coupon_id is not null`);
    // A few over the 90 days (9 at NOW; the members' generator gives 5 to 21 depending on its seed and the day).
    expect(Number(used.orders)).toBeGreaterThanOrEqual(5);
    expect(Number(used.linked)).toBe(Number(used.orders));
    const drift = await one<{ n: string }>(sql`
      select count(*) as n from coupon_plan p where p.used_count <> (select count(*) from coupon c where c.plan_id = p.id and c.status = 'used')`);
    expect(Number(drift.n)).toBe(0);
    const report = dataOf<Array<{ used: number; discount: number; ordersAmount: number }>>(await callerOf(app, admin)('GET', `/report/coupons?dateFrom=${from}&dateTo=${to}`));
    expect(report.reduce((sum, r) => sum + r.discount, 0)).toBe(Number(used.discount));
  });

  it('happened while the stores were open: every order, payment, refund, recharge, ledger row and coupon use, none after now', async () => {
    expect(await outOfHours(app.database.db, NOW, { customers: true })).toEqual([]);
    // The late Friday and Saturday of 川菜馆: orders after midnight, on the evening before's business date.
    const stores = [...(await demoStoreHours(app.database.db)).values()];
    const sichuan = stores.find((s) => s.payMode === 'pay_later')!;
    const late = await one<{ n: string; wrong: string }>(sql`
      select count(*) as n, count(*) filter (where o.business_date <> (o.created_at at time zone 'Asia/Shanghai')::date - 1) as wrong
      from orders o where o.store_id = ${sichuan.id} and extract(hour from o.created_at at time zone 'Asia/Shanghai') < 4`);
    expect(Number(late.n)).toBeGreaterThanOrEqual(3);
    expect(Number(late.wrong)).toBe(0);
    const days = await one<{ weekdays: string }>(sql`
      select string_agg(distinct extract(isodow from o.business_date)::text, ',') as weekdays
      from orders o where o.store_id = ${sichuan.id} and extract(hour from o.created_at at time zone 'Asia/Shanghai') < 4`);
    expect(days.weekdays).toBe('5,6');
  });

  it('seats every dine-in order at a table: a cleared seating of a real meal, none overlapping another at its table, within the hours', async () => {
    const loose = await one<{ n: string }>(sql`select count(*) as n from orders where table_id is not null and session_id is null and business_date between ${from}::date and ${to}::date`);
    expect(Number(loose.n)).toBe(0);
    const seats = await one<{ n: string; open: string; short: string; long: string; avg: string; bad: string }>(sql`
      select count(*) as n, count(*) filter (where s.cleared_at is null) as open,
        count(*) filter (where o.status <> 'cancelled' and s.cleared_at - s.opened_at < interval '30 minutes') as short,
        count(*) filter (where s.cleared_at - s.opened_at > interval '90 minutes') as long,
        avg(extract(epoch from s.cleared_at - s.opened_at) / 60) filter (where o.status <> 'cancelled') as avg,
        count(*) filter (where not (s.opened_at <= o.created_at and o.created_at <= coalesce(o.paid_at, o.cancelled_at) and coalesce(o.paid_at, o.cancelled_at) <= s.cleared_at
          and s.business_date = o.business_date and s.table_id = o.table_id)) as bad
      from table_session s join orders o on o.session_id = s.id where s.business_date between ${from}::date and ${to}::date`);
    expect(Number(seats.n)).toBeGreaterThan(2000);
    expect(Number(seats.open)).toBe(0);
    expect(Number(seats.bad)).toBe(0);
    expect(Number(seats.long)).toBe(0);
    // Shortened by closing time now and then only.
    expect(Number(seats.short)).toBeLessThan(Number(seats.n) * 0.05);
    expect(Number(seats.avg)).toBeGreaterThan(45);
    expect(Number(seats.avg)).toBeLessThan(75);
    const overlapping = await one<{ n: string }>(sql`
      select count(*) as n from table_session a join table_session b on a.table_id = b.table_id and a.id < b.id
      where a.opened_at < b.cleared_at and b.opened_at < a.cleared_at`);
    expect(Number(overlapping.n)).toBe(0);
    // A pay-later store's tabs: eaten first, paid at the end (the log says so).
    const tabs = await one<{ n: string; wrong: string }>(sql`
      select count(*) as n, count(*) filter (where not exists (select 1 from order_log g where g.order_id = o.id and g.action = 'bill')) as wrong
      from orders o where o.pay_later and o.business_date between ${from}::date and ${to}::date and o.status <> 'cancelled'`);
    expect(Number(tabs.n)).toBeGreaterThan(500);
    expect(Number(tabs.wrong)).toBe(0);
  });

  it('gives the 桌台 report real 翻台率 and 平均用餐 from the seatings', async () => {
    const tables = dataOf<Array<{ tableCode: string; uses: number; turnover: number; avgMinutes: number }>>(await callerOf(app, admin)('GET', `/report/tables?dateFrom=${from}&dateTo=${to}`));
    expect(tables.length).toBeGreaterThan(20);
    for (const t of tables) {
      expect(t.turnover, t.tableCode).toBeGreaterThan(0);
      expect(t.avgMinutes, t.tableCode).toBeGreaterThan(30);
      expect(t.avgMinutes, t.tableCode).toBeLessThanOrEqual(90);
    }
    // 翻台率 is seatings per day of the range.
    const [first] = tables;
    const seated = await one<{ n: string }>(sql`
      select count(*) as n from table_session s join store_table t on t.id = s.table_id
      where t.code = ${first!.tableCode} and s.store_id = t.store_id and s.business_date between ${from}::date and ${to}::date and s.table_id = (
        select table_id from table_session where table_code = ${first!.tableCode} group by table_id order by count(*) desc limit 1)`);
    expect(tables.some((t) => t.turnover === Math.round((Number(seated.n) / 90) * 100) / 100)).toBe(true);
  });

  it('has roll-ups equal to a recount of the orders it wrote', async () => {
    const overview = dataOf<OverviewReport>(await callerOf(app, admin)('GET', `/report/overview?dateFrom=${from}&dateTo=${to}`));
    const counted = await one<{ orders: string; paid: string; refunds: string; cancelled: string }>(sql`
      select count(*) filter (where paid_at is not null) as orders, coalesce(sum(payable_amount) filter (where paid_at is not null), 0) as paid,
        (select coalesce(sum(amount), 0) from order_refund where business_date between ${from}::date and ${to}::date) as refunds,
        count(*) filter (where status = 'cancelled' and paid_at is null) as cancelled
      from orders where business_date between ${from}::date and ${to}::date`);
    expect(overview.current.orders).toBe(Number(counted.orders));
    expect(overview.current.paidAmount).toBe(Number(counted.paid));
    expect(overview.current.refundAmount).toBe(Number(counted.refunds));
    expect(overview.current.cancelledCount).toBe(Number(counted.cancelled));
    expect(overview.daily.every((d) => d.orders > 0)).toBe(true);
  });
});
