import { and, asc, eq, sql } from 'drizzle-orm';
import { formatFen, ORDER_STATUS_NAMES } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import type { CustomerServices } from '../../customer/plugin.js';
import { returnStock, type StockEntry } from '../../store/for-orders.js';
import type { OrderHooks } from '../hooks.js';
import { lineAmountOf } from '../pricing/price.js';
import { order, orderLine, orderLog, type OrderLineRowData } from '../tables.js';
import type { OrderOperator } from '../orders/service.js';
import { lockOrder } from '../orders/transitions.js';

const EPS = 0.0005;
const round3 = (q: number) => Math.round(q * 1000) / 1000;
const leftOf = (l: Pick<OrderLineRowData, 'quantity' | 'refundedQuantity' | 'voidedQuantity'>) => round3(l.quantity - l.refundedQuantity - l.voidedQuantity);

export interface Voided {
  storeId: string;
  tableId: string | null;
  /** A dish's stock came back from zero (the caller tells the menu cache after the commit). */
  menuChanged: boolean;
}

/**
 * 退菜 of an unpaid order (dining, pending): part of a line (a combo with its items) comes off it
 * into `voided_quantity`, with a reason. The amounts are worked out again — the line's goods at
 * its unit price for what is left (the pricing code's rounding), its member discount and packing
 * fee in proportion, the coupon recomputed by the coupons service (released when the order no
 * longer reaches its threshold), the payable — the stock its portions took comes back when the
 * order holds stock (and its lines take less from then on: a cancel or a payment later counts
 * what is left), the log gains '退菜' and lineVoided is told (printing's 退菜单). A paid order is
 * refunded instead (409).
 */
export async function voidLine(
  tx: Db, deps: { customer: CustomerServices; hooks: OrderHooks },
  input: { orderId: string; lineId: string; quantity: number; reason: string; operator: OrderOperator },
): Promise<Voided> {
  const o = await lockOrder(tx, input.orderId);
  if (o.status !== 'dining' && o.status !== 'pending') {
    throw conflict(['paid', 'making', 'finished', 'partially_refunded'].includes(o.status) ? '已支付的订单请使用退款' : `订单${ORDER_STATUS_NAMES[o.status]}，不能退菜`);
  }
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, o.id)).orderBy(asc(orderLine.sort), asc(orderLine.id));
  const line = lines.find((l) => l.id === input.lineId);
  if (!line) throw notFound('菜品不存在');
  if (line.kind === 'combo_item') throw badRequest(`「${line.name}」是套餐内的菜品，请退整份套餐`);
  const quantity = round3(input.quantity);
  const left = leftOf(line);
  if (quantity > left + EPS) throw badRequest(left > EPS ? `「${line.name}」最多可退 ${left}${line.unit}` : `「${line.name}」已全部退菜`);
  const fraction = quantity / line.quantity;

  // The line and its combo items: the guard keeps what is voided within what was ordered (a race voids once).
  const [moved] = await tx.update(orderLine).set({ voidedQuantity: sql`${orderLine.voidedQuantity} + ${quantity}` })
    .where(and(eq(orderLine.id, line.id), sql`${orderLine.voidedQuantity} + ${orderLine.refundedQuantity} + ${quantity} <= ${orderLine.quantity} + ${EPS}`))
    .returning({ id: orderLine.id });
  if (!moved) throw conflict(`「${line.name}」已被退菜，请刷新后重试`);
  const children = lines.filter((l) => l.parentId === line.id);
  await tx.update(orderLine).set({ voidedQuantity: sql`least(${orderLine.quantity} - ${orderLine.refundedQuantity}, ${orderLine.voidedQuantity} + round((${orderLine.quantity} * ${fraction})::numeric, 3))` })
    .where(eq(orderLine.parentId, line.id));

  // Stock: the portions of what is voided; the lines keep what they still take.
  const entries: StockEntry[] = [];
  for (const l of [line, ...children]) {
    const portions = l.stockTaken > 0 && l.dishId ? Math.min(l.stockTaken, Math.round(l.stockTaken * fraction)) : 0;
    if (portions <= 0) continue;
    await tx.update(orderLine).set({ stockTaken: sql`${orderLine.stockTaken} - ${portions}` }).where(eq(orderLine.id, l.id));
    entries.push({ dishId: l.dishId!, skuId: l.skuId, quantity: portions });
  }
  const menuChanged = o.stockHeld && !o.stockOnPay && entries.length ? await returnStock(tx, o.storeId, entries) : false;

  // Amounts: what the line comes to before and after, its share of discount and packing in proportion.
  const after = left - quantity;
  const shareOf = (amount: number, q: number) => Math.round((amount * q) / line.quantity);
  const goodsDelta = lineAmountOf(line.unitPrice, left) - lineAmountOf(line.unitPrice, after);
  const discountDelta = shareOf(line.discountAmount, left) - shareOf(line.discountAmount, after);
  const packingDelta = shareOf(line.packingFee, left) - shareOf(line.packingFee, after);
  const goodsAmount = Math.max(0, o.goodsAmount - goodsDelta);
  const memberDiscount = Math.max(0, o.memberDiscount - discountDelta);
  const packingFee = Math.max(0, o.packingFee - packingDelta);
  let couponDiscount = o.couponDiscount;
  let couponCleared = false;
  if (o.couponId && o.memberId) {
    const remaining = lines.filter((l) => l.kind !== 'combo_item').map((l) => {
      const q = l.id === line.id ? after : leftOf(l);
      return { dishId: l.dishId ?? l.comboId!, categoryId: l.categoryId ?? '', amount: lineAmountOf(l.unitPrice, q) - shareOf2(l, q) };
    });
    try {
      const locked = await deps.customer.coupons.lock(tx, {
        couponId: o.couponId, memberId: o.memberId, orderId: o.id, storeId: o.storeId, orderType: o.type, lines: remaining, total: goodsAmount - memberDiscount,
      });
      couponDiscount = locked.discount;
    } catch (error) {
      // Below the coupon's threshold now: the coupon goes back to the member, the order pays in full.
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      await deps.customer.coupons.release(tx, o.id);
      couponDiscount = 0;
      couponCleared = true;
    }
  }
  const payableAmount = Math.max(0, goodsAmount + packingFee - memberDiscount - couponDiscount - o.manualDiscount);
  if (payableAmount < o.paidAmount) throw conflict(`订单已收款 ${formatFen(o.paidAmount)}，退菜后应付少于已收，请先退款`);
  const now = new Date();
  await tx.update(order).set({
    goodsAmount, memberDiscount, packingFee, couponDiscount, payableAmount, itemCount: sql`greatest(0, ${order.itemCount} - ${quantity})`, updatedAt: now,
    ...(couponCleared ? { couponId: null, couponCode: null, couponName: null } : {}),
  }).where(eq(order.id, o.id));
  const remark = `退菜 ${line.name}×${quantity}：${input.reason}${couponCleared ? '（未达优惠券门槛，优惠券已退回）' : ''}`;
  await tx.insert(orderLog).values({ orderId: o.id, action: 'void', fromStatus: o.status, toStatus: o.status, remark, operatorId: input.operator.id, operatorName: input.operator.name, createdAt: now });
  await deps.hooks.emit(tx, 'lineVoided', { orderId: o.id, lineId: line.id, quantity, reason: input.reason });
  return { storeId: o.storeId, tableId: o.tableId, menuChanged };
}

/** A line's member discount for quantity `q` of it (its share). */
const shareOf2 = (l: OrderLineRowData, q: number) => Math.round((l.discountAmount * q) / l.quantity);
