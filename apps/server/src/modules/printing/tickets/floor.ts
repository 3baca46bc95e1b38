import { TICKET_KIND_NAMES } from '@canteen/contract';
import { refundModel, serves, storeTime, type OrderSnapshot } from './build.js';
import type { TicketItem, TicketModel } from './model.js';

/**
 * The service floor's tickets (issue 24), for the kitchen printers: 催菜单 (the dishes rushed),
 * 退菜单 of a 退菜 (the 退款 ticket's layout, without money: nothing was paid) and 转台单 (the
 * seating moved from one table to another). Each carries only the printer's categories.
 */

const quantityOf = (quantity: number, unit: string) => (Number.isInteger(quantity) ? `x${quantity}` : `x${quantity}${unit}`);
const headlineOf = (o: OrderSnapshot['order']) => (o.tableCode ? `桌号 ${o.tableCode}` : o.pickupNo ? `取餐号 ${o.pickupNo}` : undefined);

/** What of a line is still to make (ordered less refunded and voided). */
export interface LeftLine {
  id: string;
  left: number;
}

/** 催菜单: the rushed dishes of the printer's categories (a combo's items by name), in large type; null when it serves none. */
export function rushModel(s: OrderSnapshot, lines: readonly LeftLine[], categoryIds: readonly string[], at: Date): TicketModel | null {
  const byId = new Map(s.lines.map((l) => [l.id, l]));
  const items: TicketItem[] = [];
  for (const r of lines) {
    const l = byId.get(r.id);
    if (!l || !serves(categoryIds, l)) continue;
    const combo = l.parentId ? byId.get(l.parentId)?.name : undefined;
    items.push({ name: l.name, quantity: quantityOf(r.left, l.unit), notes: [l.specText, l.remark ? `备注：${l.remark}` : '', combo ? `（${combo}）` : ''].filter(Boolean) });
  }
  if (!items.length) return null;
  const o = s.order;
  return {
    kind: 'kitchen', title: s.store.name, subtitle: '催菜单', headline: headlineOf(o), largeItems: true, totals: [],
    meta: [['单号', o.orderNo], ['催菜时间', storeTime(at, s.store.timeZone)], ['下单时间', storeTime(o.createdAt, s.store.timeZone)]],
    items, remark: '请尽快出餐',
  };
}

/** 退菜单 of a 退菜: the 退款 ticket's layout with the voided quantity and reason, no amount. */
export function voidModel(s: OrderSnapshot, v: { lineId: string; name: string; quantity: number; reason: string }, categoryIds: readonly string[], at: Date): TicketModel | null {
  const model = refundModel(s, { lines: [{ lineId: v.lineId, name: v.name, quantity: v.quantity }], amount: 0, reason: v.reason }, categoryIds);
  if (!model) return null;
  return {
    ...model, subtitle: TICKET_KIND_NAMES.refund, totals: [],
    meta: model.meta.map(([label, value]): [string, string] => (label === '退款时间' ? ['退菜时间', storeTime(at, s.store.timeZone)] : [label, value])),
  };
}

/** 转台单: "转台 A03 → B05", the orders that moved and when. */
export function transferModel(t: { storeName: string; timeZone: string; fromTableCode: string; toTableCode: string; orderNos: string[]; at: Date }): TicketModel {
  const meta: Array<[string, string]> = [['原桌台', t.fromTableCode], ['新桌台', t.toTableCode], ['时间', storeTime(t.at, t.timeZone)]];
  for (const no of t.orderNos) meta.push(['单号', no]);
  return {
    kind: 'kitchen', title: t.storeName, subtitle: '转台单', headline: `转台 ${t.fromTableCode} → ${t.toTableCode}`, largeItems: true, meta,
    items: [], totals: [], remark: `${t.fromTableCode} 的菜请送到 ${t.toTableCode}`,
  };
}
