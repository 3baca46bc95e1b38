import { and, asc, eq } from 'drizzle-orm';
import { fenToYuan, PAY_METHOD_NAMES, TICKET_KIND_NAMES, type KitchenSplit } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { orderForReads as order, orderLineForReads as orderLine, orderPaymentForReads as orderPayment, orderRefundForReads as orderRefund, type RefundLine } from '../../order/service.js';
import { storeForReads as store } from '../../store/service.js';
import type { TicketItem, TicketModel } from './model.js';

type OrderRow = typeof order.$inferSelect;
type LineRow = typeof orderLine.$inferSelect;

/** What the tickets of an order are made from, read in the transaction that prints them. */
export interface OrderSnapshot {
  order: Pick<OrderRow, 'id' | 'storeId' | 'orderNo' | 'type' | 'tableCode' | 'pickupNo' | 'guests' | 'remark' | 'createdAt' | 'paidAt' | 'goodsAmount' | 'packingFee' |
    'memberDiscount' | 'couponDiscount' | 'manualDiscount' | 'payableAmount' | 'paidAmount' | 'memberName'>;
  lines: Array<Pick<LineRow, 'id' | 'parentId' | 'kind' | 'categoryId' | 'name' | 'specText' | 'unit' | 'quantity' | 'lineAmount' | 'remark' | 'round'>>;
  payments: Array<{ method: keyof typeof PAY_METHOD_NAMES; amount: number }>;
  store: { name: string; timeZone: string };
}

export async function loadOrderSnapshot(tx: Db, orderId: string): Promise<OrderSnapshot | null> {
  const [o] = await tx.select().from(order).where(eq(order.id, orderId));
  if (!o) return null;
  const [s] = await tx.select({ name: store.name, timeZone: store.timeZone }).from(store).where(eq(store.id, o.storeId));
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(asc(orderLine.round), asc(orderLine.sort), asc(orderLine.id));
  const payments = await tx.select({ method: orderPayment.method, amount: orderPayment.amount }).from(orderPayment)
    .where(and(eq(orderPayment.orderId, orderId), eq(orderPayment.status, 'success'))).orderBy(asc(orderPayment.id));
  return { order: o, lines, payments, store: s ?? { name: '', timeZone: 'Asia/Shanghai' } };
}

export async function loadRefundLines(tx: Db, refundId: string): Promise<{ lines: RefundLine[]; amount: number; reason: string } | null> {
  const [r] = await tx.select({ lines: orderRefund.lines, amount: orderRefund.amount, reason: orderRefund.reason }).from(orderRefund).where(eq(orderRefund.id, refundId));
  return r ?? null;
}

/** `2026-11-25 12:03` in the store's time zone. */
export function storeTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(at);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

const quantityOf = (quantity: number, unit: string) => (Number.isInteger(quantity) ? `x${quantity}` : `x${quantity}${unit}`);
const headlineOf = (o: OrderSnapshot['order']) => (o.tableCode ? `桌号 ${o.tableCode}` : o.pickupNo ? `取餐号 ${o.pickupNo}` : undefined);
const typeName = (o: OrderSnapshot['order']) => (o.type === 'dine_in' ? '堂食' : '外带');
const notesOf = (l: { specText: string; remark: string }) => [l.specText, l.remark ? `备注：${l.remark}` : ''].filter(Boolean);

/** A line's categories test: a printer serving some categories carries only their dishes. */
export const serves = (categoryIds: readonly string[], line: { categoryId: string | null }) =>
  categoryIds.length === 0 || (line.categoryId !== null && categoryIds.includes(line.categoryId));

/** 结账单: every line with amounts, the discounts, what was paid and how; the order number's QR. */
export function receiptModel(s: OrderSnapshot): TicketModel {
  const o = s.order;
  const items: TicketItem[] = s.lines.map((l) => ({
    name: l.name, notes: l.kind === 'combo_item' ? [] : notesOf(l), quantity: quantityOf(l.quantity, l.unit),
    ...(l.kind === 'combo_item' ? { child: true } : { amount: fenToYuan(l.lineAmount) }),
  }));
  const totals: Array<[string, string]> = [['商品合计', fenToYuan(o.goodsAmount)]];
  if (o.packingFee) totals.push(['打包费', fenToYuan(o.packingFee)]);
  if (o.memberDiscount) totals.push(['会员优惠', `-${fenToYuan(o.memberDiscount)}`]);
  if (o.couponDiscount) totals.push(['优惠券', `-${fenToYuan(o.couponDiscount)}`]);
  if (o.manualDiscount) totals.push(['整单优惠', `-${fenToYuan(o.manualDiscount)}`]);
  totals.push(['应付', fenToYuan(o.payableAmount)]);
  for (const p of s.payments) totals.push([PAY_METHOD_NAMES[p.method], fenToYuan(p.amount)]);
  const meta: Array<[string, string]> = [['单号', o.orderNo], ['类型', typeName(o)], ['下单时间', storeTime(o.createdAt, s.store.timeZone)]];
  if (o.paidAt) meta.push(['支付时间', storeTime(o.paidAt, s.store.timeZone)]);
  if (o.guests) meta.push(['人数', String(o.guests)]);
  if (o.memberName) meta.push(['会员', o.memberName]);
  return {
    kind: 'receipt', title: s.store.name, subtitle: TICKET_KIND_NAMES.receipt, headline: headlineOf(o), meta, largeItems: false, items, totals,
    remark: o.remark || undefined, qr: o.orderNo, footer: '谢谢惠顾，欢迎再次光临',
  };
}

/**
 * 后厨单 of one round (0: every round) for a printer's categories: the dishes to cook (a combo's
 * dishes by name, never the combo itself), in large type; one ticket for the order, or one per
 * dish. None when the printer serves none of them.
 */
export function kitchenModels(s: OrderSnapshot, options: { round: number; categoryIds: readonly string[]; split: KitchenSplit; roundCount: number }): TicketModel[] {
  const o = s.order;
  const parents = new Map(s.lines.map((l) => [l.id, l.name]));
  const lines = s.lines.filter((l) => l.kind !== 'combo' && (options.round === 0 || l.round === options.round) && serves(options.categoryIds, l));
  if (!lines.length) return [];
  const items: TicketItem[] = lines.map((l) => ({
    name: l.name, quantity: quantityOf(l.quantity, l.unit),
    notes: [...notesOf(l), ...(l.parentId && parents.get(l.parentId) ? [`（${parents.get(l.parentId)}）`] : [])],
  }));
  const meta: Array<[string, string]> = [['单号', o.orderNo], ['类型', typeName(o)], ['下单时间', storeTime(o.createdAt, s.store.timeZone)]];
  if (options.round > 1) meta.push(['加菜', `第${options.round}轮`]);
  if (o.guests) meta.push(['人数', String(o.guests)]);
  const base = { kind: 'kitchen' as const, title: s.store.name, subtitle: TICKET_KIND_NAMES.kitchen, headline: headlineOf(o), largeItems: true, totals: [], remark: o.remark || undefined };
  if (options.split === 'order') return [{ ...base, meta, items }];
  return items.map((item, i) => ({ ...base, meta: [...meta, ['菜品', `${i + 1}/${items.length}`]], items: [item] }));
}

/** 退菜单: the refunded dishes (the printer's categories), or the whole order when the refund named no lines. */
export function refundModel(s: OrderSnapshot, refund: { lines: RefundLine[]; amount: number; reason: string }, categoryIds: readonly string[]): TicketModel | null {
  const o = s.order;
  const byId = new Map(s.lines.map((l) => [l.id, l]));
  const refunded = refund.lines.length
    ? refund.lines.map((r) => ({ line: byId.get(r.lineId), name: r.name, quantity: r.quantity }))
    : s.lines.filter((l) => l.kind !== 'combo_item').map((l) => ({ line: l, name: l.name, quantity: l.quantity }));
  const items: TicketItem[] = refunded.filter((r) => !r.line || serves(categoryIds, r.line))
    .map((r) => ({ name: r.name, notes: r.line?.specText ? [r.line.specText] : [], quantity: quantityOf(r.quantity, r.line?.unit ?? '份') }));
  if (!items.length) return null;
  const meta: Array<[string, string]> = [['单号', o.orderNo], ['类型', typeName(o)], ['退款时间', storeTime(new Date(), s.store.timeZone)]];
  if (refund.reason) meta.push(['原因', refund.reason]);
  return {
    kind: 'refund', title: s.store.name, subtitle: TICKET_KIND_NAMES.refund, headline: headlineOf(o), meta, largeItems: true, items,
    totals: [['退款金额', fenToYuan(refund.amount)]],
  };
}

/** 测试页: the printer's name and settings, a wide-character line and a QR code. */
export function testModel(p: { name: string; storeName: string; paper: number; at: Date; timeZone: string }): TicketModel {
  return {
    kind: 'test', title: p.storeName, subtitle: '打印测试页', meta: [['打印机', p.name], ['纸宽', `${p.paper}毫米`], ['时间', storeTime(p.at, p.timeZone)]],
    largeItems: false, items: [{ name: '中文宽字符测试 ABC 123', notes: ['打印正常即表示连接成功'], quantity: 'x1', amount: '0.00' }], totals: [], qr: 'canteen-printer-test',
  };
}

/** A made-up order for the form's preview. */
export function sampleSnapshot(): OrderSnapshot {
  const at = new Date('2026-01-01T04:30:00Z');
  const line = (id: string, name: string, quantity: number, lineAmount: number, extra: Partial<OrderSnapshot['lines'][number]> = {}) => ({
    id, parentId: null, kind: 'dish' as const, categoryId: '1', name, specText: '', unit: '份', quantity, lineAmount, remark: '', round: 1, ...extra,
  });
  return {
    order: {
      id: '0', storeId: '0', orderNo: '260101001001', type: 'dine_in', tableCode: 'A01', pickupNo: null, guests: 2, remark: '少放辣，尽快上菜', createdAt: at, paidAt: at,
      goodsAmount: 12_900, packingFee: 0, memberDiscount: 500, couponDiscount: 0, manualDiscount: 0, payableAmount: 12_400, paidAmount: 12_400, memberName: null,
    },
    lines: [
      line('1', '招牌辣子鸡（大份）', 1, 5000, { specText: '特辣/加蛋' }),
      line('2', '清蒸鲈鱼配秘制豉油汁与葱姜丝超长名称换行', 1.5, 3400, { unit: '斤' }),
      line('3', '单人套餐', 1, 4500, { kind: 'combo' }),
      line('4', '米饭', 1, 0, { kind: 'combo_item', parentId: '3' }),
      line('5', '可乐', 1, 0, { kind: 'combo_item', parentId: '3', remark: '去冰' }),
    ],
    payments: [{ method: 'wechat', amount: 12_400 }],
    store: { name: '示例餐厅', timeZone: 'Asia/Shanghai' },
  };
}
