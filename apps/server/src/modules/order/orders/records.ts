import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { maskPhone, type OrderLineRecord, type OrderLogRecord, type OrderRecord, type OrderRow, type PaymentRecord, type PayMethod, type RefundRecord } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import { storeForReads } from '../../store/service.js';
import { order, orderLine, orderLog, orderPayment, orderRefund, type OrderRowData } from '../tables.js';
import { iso } from '../../../http/iso.js';

/** The answers' shapes of orders: a list row, and the whole record of the drawer. */

const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** What a list row reads besides the order: its store's name and the methods it was paid by. */
export const rowFields = {
  o: order,
  storeName: storeForReads.name,
  payMethods: sql<PayMethod[]>`array(select distinct p.method from order_payment p where p.order_id = ${order.id} and p.status = 'success' order by p.method)`,
};

export function toRow(o: OrderRowData, storeName: string, payMethods: PayMethod[] | string | null): OrderRow {
  return {
    id: o.id,
    orderNo: o.orderNo,
    storeId: o.storeId,
    storeName,
    businessDate: o.businessDate,
    type: o.type,
    source: o.source,
    status: o.status,
    payLater: o.payLater,
    tableId: o.tableId,
    tableCode: o.tableCode,
    guests: o.guests,
    pickupNo: o.pickupNo,
    memberId: o.memberId,
    memberName: o.memberName,
    memberPhone: o.memberPhone ? maskPhone(o.memberPhone) : null,
    goodsAmount: o.goodsAmount,
    packingFee: o.packingFee,
    memberDiscount: o.memberDiscount,
    couponDiscount: o.couponDiscount,
    payableAmount: o.payableAmount,
    paidAmount: o.paidAmount,
    refundedAmount: o.refundedAmount,
    payMethods: methodsOf(payMethods),
    itemCount: Number(o.itemCount),
    remark: o.remark,
    createTime: iso(o.createdAt),
    paidTime: isoOrNull(o.paidAt),
  };
}

/** `text[]` as a driver answers it: an array, or PostgreSQL's `{a,b}` text. */
function methodsOf(value: PayMethod[] | string | null): PayMethod[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean) as PayMethod[];
}

/**
 * The rows matching `where`, in `orderBy`, with their store names and pay methods. The page's
 * ids are found first (from an index alone where one covers the filters: skipped rows and
 * rows sorted past are never read from the table), then only those rows are read.
 */
export async function orderRows(db: Db, where: SQL | undefined, window: { order: SQL[]; limit: number; offset: number }): Promise<OrderRow[]> {
  const ids = (await db.select({ id: order.id }).from(order).where(where).orderBy(...window.order).limit(window.limit).offset(window.offset)).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db.select(rowFields).from(order).innerJoin(storeForReads, eq(storeForReads.id, order.storeId)).where(inArray(order.id, ids));
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.o.id)! - at.get(b.o.id)!).map((r) => toRow(r.o, r.storeName, r.payMethods));
}

export const lineRecord = (l: typeof orderLine.$inferSelect): OrderLineRecord => ({
  id: l.id,
  parentId: l.parentId,
  kind: l.kind,
  dishId: l.dishId,
  comboId: l.comboId,
  skuId: l.skuId,
  categoryId: l.categoryId,
  name: l.name,
  specText: l.specText,
  image: l.image,
  unit: l.unit,
  unitPrice: l.unitPrice,
  quantity: Number(l.quantity),
  lineAmount: l.lineAmount,
  discountAmount: l.discountAmount,
  refundedQuantity: Number(l.refundedQuantity),
  remark: l.remark,
  round: l.round,
  // A line just written (order-writes.ts reads back no kitchen columns) is waiting, rushed never.
  kitchenState: l.kitchenState ?? 'waiting',
  rushedAt: l.rushedAt ? l.rushedAt.toISOString() : null,
  voidedQuantity: Number(l.voidedQuantity ?? 0),
});

const paymentRecord = (p: typeof orderPayment.$inferSelect): PaymentRecord => ({
  id: p.id,
  method: p.method,
  amount: p.amount,
  status: p.status,
  tendered: p.tendered,
  change: p.change,
  tradeNo: p.tradeNo,
  balancePrincipal: p.balancePrincipal,
  balanceBonus: p.balanceBonus,
  refundedAmount: p.refundedAmount,
  operatorName: p.operatorName,
  paidTime: isoOrNull(p.paidAt),
  createTime: iso(p.createdAt),
});

const refundRecord = (r: typeof orderRefund.$inferSelect): RefundRecord => ({
  id: r.id,
  amount: r.amount,
  reason: r.reason,
  parts: r.parts,
  lines: r.lines,
  restock: r.restock,
  operatorName: r.operatorName,
  createTime: iso(r.createdAt),
});

export const logRecord = (l: typeof orderLog.$inferSelect): OrderLogRecord => ({
  id: l.id,
  action: l.action,
  fromStatus: l.fromStatus,
  toStatus: l.toStatus,
  remark: l.remark,
  operatorName: l.operatorName,
  createTime: iso(l.createdAt),
});

/** The order's lines, parents before their combo items, in the order they were added. */
export const linesOf = (db: Db, orderId: string) => db.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(asc(orderLine.sort), asc(orderLine.id));

/** The record of an order just written, from the rows its transaction returned (no payments or refunds yet). */
export function freshRecord(o: OrderRowData, storeName: string, lines: Array<typeof orderLine.$inferSelect>, logs: Array<typeof orderLog.$inferSelect>): OrderRecord {
  return {
    ...toRow(o, storeName, []),
    coupon: o.couponId ? { id: o.couponId, code: o.couponCode ?? '', name: o.couponName ?? '' } : null,
    cancelReason: o.cancelReason,
    expireTime: o.status === 'pending' ? isoOrNull(o.expireAt) : null,
    operatorName: o.operatorName,
    lines: [...lines].sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id)).map(lineRecord),
    payments: [],
    refunds: [],
    logs: logs.map(logRecord),
  };
}

/** The whole record of one order (`where` may add a store scope); 404 when there is none. */
export async function orderRecord(db: Db, where: SQL): Promise<OrderRecord> {
  const [found] = await db.select(rowFields).from(order).innerJoin(storeForReads, eq(storeForReads.id, order.storeId)).where(where);
  if (!found) throw notFound('订单不存在');
  const o = found.o;
  const [lines, payments, refunds, logs] = await Promise.all([
    linesOf(db, o.id),
    db.select().from(orderPayment).where(eq(orderPayment.orderId, o.id)).orderBy(asc(orderPayment.id)),
    db.select().from(orderRefund).where(eq(orderRefund.orderId, o.id)).orderBy(asc(orderRefund.id)),
    db.select().from(orderLog).where(eq(orderLog.orderId, o.id)).orderBy(asc(orderLog.id)),
  ]);
  return {
    ...toRow(o, found.storeName, found.payMethods),
    coupon: o.couponId ? { id: o.couponId, code: o.couponCode ?? '', name: o.couponName ?? '' } : null,
    cancelReason: o.cancelReason,
    expireTime: o.status === 'pending' ? isoOrNull(o.expireAt) : null,
    operatorName: o.operatorName,
    lines: lines.map(lineRecord),
    payments: payments.map(paymentRecord),
    refunds: refunds.map(refundRecord),
    logs: logs.map(logRecord),
  };
}
