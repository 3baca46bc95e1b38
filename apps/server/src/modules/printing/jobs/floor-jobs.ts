import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OrderEvents } from '../../order/hooks.js';
import type { Db } from '../../../db/client.js';
import { orderForReads as order, orderLineForReads as orderLine } from '../../order/service.js';
import { storeForReads as store } from '../../store/service.js';
import { printer } from '../tables.js';
import { loadOrderSnapshot } from '../tickets/build.js';
import { rushModel, transferModel, voidModel } from '../tickets/floor.js';
import { contentOf, insertJobs, type NewJob } from './outbox.js';

/**
 * The floor's print jobs (issue 24), written in the transaction of the 催菜, 退菜 or 转台 that
 * causes them, like the orders' (outbox.ts): 催菜单 and 转台单 on the printers that print 后厨单,
 * 退菜单 on those that print 退菜单, each with only its categories' dishes (a 转台单 goes to every
 * kitchen printer). Manual printers print on request only. The source key names the event (the
 * rush's time, the line's voided quantity after the 退菜, the move), so a repeated emit in the
 * same transaction writes nothing twice.
 */

async function storePrinters(tx: Db, storeId: string, ticket: 'kitchen' | 'refund') {
  return tx.select().from(printer).where(and(eq(printer.storeId, storeId), eq(printer.enabled, true), ne(printer.trigger, 'manual'), sql`${ticket} = any(${printer.tickets})`));
}

async function storeOf(tx: Db, orderId: string): Promise<string | null> {
  const [o] = await tx.select({ storeId: order.storeId }).from(order).where(eq(order.id, orderId));
  return o?.storeId ?? null;
}

export async function writeRushJobs(tx: Db, event: OrderEvents['linesRushed']): Promise<number> {
  const storeId = await storeOf(tx, event.orderId);
  if (!storeId || !event.lineIds.length) return 0;
  const printers = await storePrinters(tx, storeId, 'kitchen');
  if (!printers.length) return 0;
  const snapshot = await loadOrderSnapshot(tx, event.orderId);
  if (!snapshot) return 0;
  const rows = await tx.select({ id: orderLine.id, quantity: orderLine.quantity, refunded: orderLine.refundedQuantity, voided: orderLine.voidedQuantity, rushedAt: orderLine.rushedAt })
    .from(orderLine).where(and(eq(orderLine.orderId, event.orderId), inArray(orderLine.id, event.lineIds)));
  const at = new Date(Math.max(...rows.map((r) => r.rushedAt?.getTime() ?? 0)));
  const lines = rows.map((r) => ({ id: r.id, left: Math.round((r.quantity - r.refunded - r.voided) * 1000) / 1000 }));
  const jobs: NewJob[] = [];
  for (const p of printers) {
    const model = rushModel(snapshot, lines, p.categoryIds, at);
    if (model) {
      jobs.push({ printer: p, orderId: event.orderId, orderNo: snapshot.order.orderNo, ticket: 'kitchen', round: 0, sourceKey: `${event.orderId}:${p.id}:rush:${at.getTime()}`, content: contentOf([model], p.paper) });
    }
  }
  return (await insertJobs(tx, jobs)).length;
}

export async function writeVoidJobs(tx: Db, event: OrderEvents['lineVoided']): Promise<number> {
  const [line] = await tx.select({ name: orderLine.name, voided: orderLine.voidedQuantity, since: orderLine.kitchenSince, storeId: order.storeId }).from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId)).where(and(eq(orderLine.id, event.lineId), eq(orderLine.orderId, event.orderId)));
  // A dish the kitchen never had (an unpaid pay-first order's) needs no 退菜单.
  if (!line?.since) return 0;
  const printers = await storePrinters(tx, line.storeId, 'refund');
  if (!printers.length) return 0;
  const snapshot = await loadOrderSnapshot(tx, event.orderId);
  if (!snapshot) return 0;
  const at = new Date();
  const jobs: NewJob[] = [];
  for (const p of printers) {
    const model = voidModel(snapshot, { lineId: event.lineId, name: line.name, quantity: event.quantity, reason: event.reason }, p.categoryIds, at);
    if (model) {
      jobs.push({
        printer: p, orderId: event.orderId, orderNo: snapshot.order.orderNo, ticket: 'refund', round: 0,
        sourceKey: `${event.orderId}:${p.id}:void:${event.lineId}:${line.voided}`, content: contentOf([model], p.paper),
      });
    }
  }
  return (await insertJobs(tx, jobs)).length;
}

export async function writeTransferJobs(tx: Db, event: OrderEvents['tableTransferred']): Promise<number> {
  const printers = await storePrinters(tx, event.storeId, 'kitchen');
  if (!printers.length) return 0;
  const [shop] = await tx.select({ name: store.name, timeZone: store.timeZone }).from(store).where(eq(store.id, event.storeId));
  const orders = event.orderIds.length ? await tx.select({ no: order.orderNo }).from(order).where(inArray(order.id, event.orderIds)).orderBy(order.id) : [];
  const at = new Date();
  const model = transferModel({
    storeName: shop?.name ?? '', timeZone: shop?.timeZone ?? 'Asia/Shanghai', fromTableCode: event.fromTableCode, toTableCode: event.toTableCode, orderNos: orders.map((o) => o.no), at,
  });
  const jobs: NewJob[] = printers.map((p) => ({
    printer: p, orderId: event.orderIds[0] ?? null, orderNo: orders[0]?.no ?? null, ticket: 'kitchen', round: 0,
    sourceKey: `session:${event.sessionId}:${p.id}:transfer:${event.fromTableCode}>${event.toTableCode}:${at.getTime()}`, content: contentOf([model], p.paper),
  }));
  return (await insertJobs(tx, jobs)).length;
}
