import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DinerOrder, OrderQuote, OrderRecord, OrderSource, OrderStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { OrderHooks } from '../hooks.js';
import type { CatalogueSource } from '../pricing/source.js';
import { order, type OrderRowData } from '../tables.js';
import { createOrder, quoteOrder } from './create.js';
import { publishOrder } from './live.js';
import { orderRecord } from './records.js';
import { addRound, openTabOf, requestBill, type AddRoundInput } from './rounds.js';
import { SYSTEM_OPERATOR, type CartInput, type CreatedOrder, type CreateOrderInput, type OrderOperator, type OrderServiceApi, type RefundAll } from './service.js';
import { accept, cancel, finish, releaseHeld, settlePaid, transition } from './transitions.js';

/** `app.order` (orders/service.ts describes each call). */
export class OrderService implements OrderServiceApi {
  refundAll?: RefundAll;
  readonly hooks = new OrderHooks();

  constructor(
    private readonly app: FastifyInstance,
    private readonly catalogues: CatalogueSource,
    private readonly timeoutMin: number,
  ) {}

  private get db(): Db {
    return this.app.database.db;
  }

  async create(input: CreateOrderInput): Promise<CreatedOrder> {
    const created = await createOrder({
      db: this.db, catalogues: this.catalogues, coupons: this.app.customer.coupons, timeoutMin: this.timeoutMin,
      lockMember: (tx, memberId) => this.app.customer.wallet.lock(tx, memberId),
      settleFree: (tx, orderId, operator) => this.settlePaid(tx, orderId, operator),
      roundAdded: (tx, orderId, round) => this.hooks.emit(tx, 'roundAdded', { orderId, round }),
    }, input);
    if (created.menuChanged) this.app.store.menu.changed(created.storeId);
    if (created.created && (created.status === 'paid' || created.status === 'dining')) await this.publishPaid(created.orderId);
    if (created.record) return created.record;
    const [view] = await this.db.select({ viewToken: order.viewToken }).from(order).where(eq(order.id, created.orderId));
    return { ...await this.get(created.orderId), viewToken: view!.viewToken };
  }

  quote(cart: CartInput, options: { source: OrderSource; tableToken?: string }): Promise<OrderQuote> {
    return quoteOrder({ db: this.db, catalogues: this.catalogues, coupons: this.app.customer.coupons }, cart, options);
  }

  get(orderId: string): Promise<OrderRecord> {
    return orderRecord(this.db, eq(order.id, orderId));
  }

  async getByViewToken(viewToken: string): Promise<DinerOrder> {
    const [found] = await this.db.select({ id: order.id }).from(order).where(eq(order.viewToken, viewToken));
    if (!found) throw notFound('订单不存在');
    const r = await this.get(found.id);
    return {
      orderNo: r.orderNo, status: r.status, type: r.type, tableCode: r.tableCode, pickupNo: r.pickupNo, paidAmount: r.paidAmount, remark: r.remark,
      createTime: r.createTime, expireTime: r.expireTime, goodsAmount: r.goodsAmount, packingFee: r.packingFee, memberDiscount: r.memberDiscount,
      couponDiscount: r.couponDiscount, payableAmount: r.payableAmount, viewToken, cancelReason: r.cancelReason,
      lines: r.lines.map((l) => ({ id: l.id, parentId: l.parentId, kind: l.kind, name: l.name, specText: l.specText, unitPrice: l.unitPrice, quantity: l.quantity, lineAmount: l.lineAmount, round: l.round })),
    };
  }

  async settlePaid(tx: Db, orderId: string, operator: OrderOperator): Promise<boolean> {
    const paid = await settlePaid(this.app.customer, tx, orderId, operator);
    if (typeof paid === 'object') {
      // A diner's pay-first order (its stock taken only now) whose dish ran out before it was paid:
      // nothing to give back yet (a free order being created) refuses it; money taken goes back
      // the way it came and the order is cancelled naming the dish (the diner's page shows it).
      if (paid.paid <= 0) throw badRequest(paid.soldOut);
      const cancelled = await cancel(this.app.customer, tx, orderId, `${paid.soldOut}，已原路退款`, SYSTEM_OPERATOR, this.refundAll, 'sold_out');
      if (cancelled.unpaid) await this.hooks.emit(tx, 'cancelled', { orderId });
      return false;
    }
    if (paid) await this.hooks.emit(tx, 'paid', { orderId });
    return paid;
  }

  async assertDinersMayOrder(storeId: string): Promise<void> {
    const { store } = await this.catalogues.get(storeId);
    if (!store.isOpen || !store.openNow) throw badRequest('本店休息中');
  }

  publishPaid(orderId: string): Promise<void> {
    return publishOrder(this.app, orderId);
  }

  async releaseHeld(tx: Db, orderId: string): Promise<boolean> {
    return (await releaseHeld(this.app.customer, tx, orderId)).released;
  }

  transition(tx: Db, o: OrderRowData, to: OrderStatus, action: string, operator: OrderOperator, remark?: string): Promise<boolean> {
    return transition(tx, o, to, action, operator, remark);
  }

  // ─── the admin's actions (routes), each in its own transaction ──────────────────────────────

  async accept(orderId: string, operator: OrderOperator): Promise<void> {
    await this.db.transaction(async (tx) => {
      await accept(tx, orderId, operator);
      // Also when it was accepted before (a repeat changes nothing): listeners are idempotent.
      await this.hooks.emit(tx, 'accepted', { orderId });
    });
  }

  async finish(orderId: string, operator: OrderOperator): Promise<void> {
    await this.db.transaction((tx) => finish(tx as unknown as Db, orderId, operator));
  }

  /** 加菜 (orders/rounds.ts): the next round of a dining order; the admin sees it live, printing hears roundAdded. */
  async addRound(input: AddRoundInput): Promise<number> {
    const added = await addRound({ db: this.db, catalogues: this.catalogues }, input, (tx, round) => this.hooks.emit(tx, 'roundAdded', { orderId: input.orderId, round }));
    if (added.menuChanged) this.app.store.menu.changed(added.storeId);
    if (added.added) await this.publishPaid(added.orderId);
    return added.round;
  }

  /** The table's open pay-later tab (dining, or pending after 买单), or null. */
  openTab(tableId: string): Promise<{ id: string; status: 'dining' | 'pending' } | null> {
    return openTabOf(this.db, tableId);
  }

  /** 买单: dining → pending (no unpaid timeout); published so the admin sees the table asking to pay. */
  async requestBill(orderId: string, operator: OrderOperator): Promise<void> {
    const moved = await this.db.transaction((tx) => requestBill(tx as unknown as Db, orderId, operator));
    if (moved) await this.publishPaid(orderId);
  }

  async cancel(orderId: string, reason: string, operator: OrderOperator): Promise<void> {
    const done = await this.db.transaction(async (tx) => {
      const cancelled = await cancel(this.app.customer, tx, orderId, reason, operator, this.refundAll);
      if (cancelled.unpaid) await this.hooks.emit(tx, 'cancelled', { orderId });
      return cancelled;
    });
    if (done.menuChanged) this.app.store.menu.changed(done.storeId);
  }
}
