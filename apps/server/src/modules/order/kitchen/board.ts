import { sql } from 'drizzle-orm';
import type { KitchenBoard, KitchenLine, KitchenState, KitchenTicket, OrderSource, OrderStatus, OrderType } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { notFound } from '../../../http/errors.js';
import { isoOrNull } from '../../../http/iso.js';
import type { KitchenStations } from './stations.js';

/**
 * The kitchen display (厨房看板): one ticket per order with its lines of the station still to make
 * (waiting, making) and, with `done`, those sent out in the last hour (ready, served: 已出餐 and
 * 划菜), in arrival order (`since`, when the ticket's oldest line reached the kitchen). Tickets
 * and lines come from one query; the store's thresholds and the stations from two small ones.
 */

interface BoardRow {
  order_id: string;
  order_no: string;
  type: OrderType;
  source: OrderSource;
  status: OrderStatus;
  table_code: string | null;
  pickup_no: string | null;
  guests: number | null;
  order_remark: string;
  id: string;
  name: string;
  spec_text: string;
  remark: string;
  quantity: string;
  unit: string;
  round: number;
  combo_name: string | null;
  kitchen_state: KitchenState;
  rushed_at: Date | string | null;
  kitchen_at: Date | string | null;
  kitchen_by: string;
  kitchen_since: Date | string;
}

const HOUR_MS = 3_600_000;

export async function kitchenBoard(db: Db, stations: KitchenStations, query: { storeId: string; station?: string | undefined; done?: '0' | '1' | undefined }, now = new Date()): Promise<KitchenBoard> {
  const [shop] = rowsOf<{ amber: number; red: number }>(await db.execute(sql`select kitchen_amber_min as amber, kitchen_red_min as red from store where id = ${query.storeId}::bigint`));
  if (!shop) throw notFound(`门店 ${query.storeId} 不存在`);
  const all = await stations.of(db, query.storeId);
  const station = all.find((s) => s.id === (query.station ?? 'all'));
  if (!station) throw notFound('工位不存在');
  const categories = station.categoryIds.length ? `{${station.categoryIds.join(',')}}` : null;
  const done = query.done === '1';
  const since = new Date(now.getTime() - HOUR_MS);
  // By the list's tab (todo = dining, pending, paid), so the orders_tab index finds them; a done
  // order of the last hour was made within a day and a half of now whatever the store's zone.
  const recentDate = new Date(now.getTime() - 36 * HOUR_MS).toISOString().slice(0, 10);
  const rows = rowsOf<BoardRow>(await db.execute(sql`select o.id::text as order_id, o.order_no, o.type, o.source, o.status, o.table_code, o.pickup_no, o.guests,
      o.remark as order_remark, l.id::text as id, l.name, l.spec_text, l.remark, (l.quantity - l.refunded_quantity - l.voided_quantity)::text as quantity,
      l.unit, l.round, p.name as combo_name, l.kitchen_state, l.rushed_at, l.kitchen_at, l.kitchen_by, l.kitchen_since
    from orders o
    join order_line l on l.order_id = o.id
    left join order_line p on p.id = l.parent_id
    where o.store_id = ${query.storeId}::bigint
      and (o.tab in ('todo', 'making')
        or (${done} and o.tab = 'finish' and o.business_date >= ${recentDate}::date and o.finished_at >= ${since}))
      and l.kind <> 'combo' and l.kitchen_since is not null and l.quantity - l.refunded_quantity - l.voided_quantity > 0.0005
      and (l.kitchen_state in ('waiting', 'making') or (${done} and l.kitchen_at >= ${since}))
      and (${categories}::bigint[] is null or l.category_id = any(${categories}::bigint[]))
    order by o.id, l.round, l.sort, l.id`));
  const tickets = new Map<string, KitchenTicket & { oldestOpen: number | null; oldest: number }>();
  for (const r of rows) {
    let t = tickets.get(r.order_id);
    if (!t) {
      t = {
        orderId: r.order_id, orderNo: r.order_no, type: r.type, source: r.source, status: r.status, tableCode: r.table_code, pickupNo: r.pickup_no,
        guests: r.guests === null ? null : Number(r.guests), remark: r.order_remark, since: '', lines: [], oldestOpen: null, oldest: Infinity,
      };
      tickets.set(r.order_id, t);
    }
    const at = new Date(r.kitchen_since).getTime();
    t.oldest = Math.min(t.oldest, at);
    if (r.kitchen_state === 'waiting' || r.kitchen_state === 'making') t.oldestOpen = Math.min(t.oldestOpen ?? Infinity, at);
    const line: KitchenLine = {
      id: r.id, name: r.name, specText: r.spec_text, remark: r.remark, quantity: Number(r.quantity), unit: r.unit, round: Number(r.round), comboName: r.combo_name,
      state: r.kitchen_state, rushedAt: isoOrNull(r.rushed_at), stateAt: isoOrNull(r.kitchen_at), stateBy: r.kitchen_by,
    };
    t.lines.push(line);
  }
  const ordered = [...tickets.values()].map(({ oldestOpen, oldest, ...t }) => ({ at: oldestOpen ?? oldest, ticket: { ...t, since: new Date(oldestOpen ?? oldest).toISOString() } }))
    .sort((a, b) => a.at - b.at || Number(a.ticket.orderId) - Number(b.ticket.orderId));
  return {
    storeId: query.storeId, stations: all, tickets: ordered.map((x) => x.ticket), amberMinutes: Number(shop.amber), redMinutes: Number(shop.red), asOf: now.toISOString(),
  };
}
