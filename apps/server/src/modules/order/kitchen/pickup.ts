import { sql } from 'drizzle-orm';
import { businessDateOf, type PickupBoard } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { notFound } from '../../../http/errors.js';

/**
 * The pickup board (取餐叫号屏): today's (the store's business date) orders called by number —
 * takeaway and pay-first counter orders with a pickup number. 制作中: paid or being made with lines
 * still to make; 请取餐: done in the last 30 minutes with lines not yet collected (staff mark them
 * 已上菜 through the kitchen's mark route when the diner takes them).
 */

const READY_MS = 30 * 60_000;

interface PickupRow {
  order_id: string;
  pickup_no: string;
  status: string;
  paid_at: Date | string | null;
  finished_at: Date | string | null;
  to_make: boolean;
  uncollected: string[] | string | null;
}

const idsOf = (v: string[] | string | null): string[] => (Array.isArray(v) ? v : v ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : []);
const isoOf = (v: Date | string | null): string => (v ? new Date(v).toISOString() : new Date(0).toISOString());

export async function pickupBoard(db: Db, storeId: string, now = new Date()): Promise<PickupBoard> {
  const [shop] = rowsOf<{ name: string; time_zone: string; day_cutoff_hour: number }>(await db.execute(sql`select name, time_zone, day_cutoff_hour from store where id = ${storeId}::bigint`));
  if (!shop) throw notFound(`门店 ${storeId} 不存在`);
  const today = businessDateOf(now, shop.time_zone, Number(shop.day_cutoff_hour));
  const readySince = new Date(now.getTime() - READY_MS);
  const left = sql.raw('l.quantity - l.refunded_quantity - l.voided_quantity > 0.0005');
  const rows = rowsOf<PickupRow>(await db.execute(sql`select o.id::text as order_id, o.pickup_no, o.status, o.paid_at, o.finished_at,
      exists (select 1 from order_line l where l.order_id = o.id and l.kind <> 'combo' and ${left} and l.kitchen_state in ('waiting', 'making')) as to_make,
      array(select l.id::text from order_line l where l.order_id = o.id and l.kind <> 'combo' and ${left} and l.kitchen_state <> 'served' order by l.id) as uncollected
    from orders o
    where o.store_id = ${storeId}::bigint and o.business_date = ${today}::date and o.pickup_no is not null and not o.pay_later
      and (o.status in ('paid', 'making') or (o.status in ('finished', 'partially_refunded') and o.finished_at >= ${readySince}))
    order by o.id`));
  const making: PickupBoard['making'] = [];
  const ready: PickupBoard['ready'] = [];
  for (const r of rows) {
    if (r.status === 'paid' || r.status === 'making') {
      if (r.to_make) making.push({ orderId: r.order_id, pickupNo: r.pickup_no, since: isoOf(r.paid_at) });
    } else {
      const lineIds = idsOf(r.uncollected);
      if (lineIds.length) ready.push({ orderId: r.order_id, pickupNo: r.pickup_no, since: isoOf(r.finished_at), lineIds });
    }
  }
  ready.sort((a, b) => b.since.localeCompare(a.since));
  return { storeId, storeName: shop.name, making, ready, asOf: now.toISOString() };
}
