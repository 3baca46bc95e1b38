import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DinerOrder, OrderQuote, OrderRecord, OrderSource, OrderStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { publishKitchenOfOrders, publishSynced, publishTablesOfOrders } from '../floor/publish.js';
import { syncSessionOfOrder } from '../floor/sessions.js';
import { OrderHooks } from '../hooks.js';
import { listenForKitchen } from '../kitchen/hooks.js';
import { advanceAll, followLines, sendToKitchen } from '../kitchen/lines.js';
import { KitchenStations } from '../kitchen/stations.js';
import type { CatalogueSource } from '../pricing/source.js';
import { order, type OrderRowData } from '../tables.js';
import { createOrder, quoteOrder } from './create.js';
import { publishOrder } from './live.js';
import { orderRecord } from './records.js';
import { addRound, openTabOf, requestBill, type AddRoundInput } from './rounds.js';
import { SYSTEM_OPERATOR, type CartInput, type CreatedOrder, type CreateOrderInput, type OrderOperator, type OrderServiceApi, type RefundAll } from './service.js';
import { accept, cancel, finish, releaseHeld, settlePaid, transition } from './transitions.js';

/** A tab's round reaches the kitchen as it is added (kitchen/lines.ts), before the hooks hear of it. */
const roundToKitchen = (hooks: OrderHooks) => async (tx: Db, orderId: string, round: number) => {
  await sendToKitchen(tx, orderId, round);
  await hooks.emit(tx, 'roundAdded', { orderId, round });
};

/** `app.order` (orders/service.ts describes each call). */
export class OrderService implements OrderServiceApi {
  refundAll?: RefundAll;
  readonly hooks = new OrderHooks();
  /** The kitchen display's stations: printing provides its kitchen printers' (kitchen/stations.ts). */
  readonly kitchenStations = new KitchenStations();

  constructor(
    private readonly app: FastifyInstance,
    private readonly catalogues: CatalogueSource,
    private readonly timeoutMin: number,
  ) {
    listenForKitchen(this.hooks);
  }

  private get db(): Db {
    return this.app.database.db;
  }

  async create(input: CreateOrderInput): Promise<CreatedOrder> {
    const created = await createOrder({
      db: this.db, catalogues: this.catalogues, coupons: this.app.customer.coupons, timeoutMin: this.timeoutMin,
      lockMember: (tx, memberId) => this.app.customer.wallet.lock(tx, memberId),
      settleFree: (tx, orderId, operator) => this.settlePaid(tx, orderId, operator),
      roundAdded: roundToKitchen(this.hooks),
    }, input);
    if (created.menuChanged) this.app.store.menu.changed(created.storeId);
    if (created.created && (created.status === 'paid' || created.status === 'dining')) await this.publishPaid(created.orderId);
    else if (created.floor) await publishSynced(this.app, [created.floor], [created.orderId]);
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
    if (paid) {
      // A pay-first order's lines reach the kitchen with the payment; the status follows the lines
      // (a pay-later tab already served is done now, one being eaten is 制作中, never 待处理 again).
      await sendToKitchen(tx, orderId, null);
      await followLines(tx, orderId, operator);
      await this.hooks.emit(tx, 'paid', { orderId });
    }
    return paid;
  }

  async assertDinersMayOrder(storeId: string): Promise<void> {
    const { store } = await this.catalogues.get(storeId);
    if (!store.isOpen || !store.openNow) throw badRequest('本店休息中');
  }

  async publishPaid(orderId: string): Promise<void> {
    await publishOrder(this.app, orderId);
    // The table map too: a payment, a round or 买单 moves the order's seating (floor/sessions.ts).
    await publishTablesOfOrders(this.app, [orderId]);
    // And the kitchen displays and the pickup board: its lines are the kitchen's now.
    await publishKitchenOfOrders(this.app, [orderId]);
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
      // 接单 starts every dish still waiting (the kitchen display shows them 制作中).
      await advanceAll(tx, orderId, 'making', operator);
      // Also when it was accepted before (a repeat changes nothing): listeners are idempotent.
      await this.hooks.emit(tx, 'accepted', { orderId });
    });
  }

  async finish(orderId: string, operator: OrderOperator): Promise<void> {
    await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await finish(tx, orderId, operator);
      // 完成 sends out every dish not out yet (a server may still mark them 已上菜).
      await advanceAll(tx, orderId, 'ready', operator);
      await syncSessionOfOrder(tx, orderId);
    });
    await publishTablesOfOrders(this.app, [orderId]);
    // And the kitchen displays and the pickup board: its lines are the kitchen's now.
    await publishKitchenOfOrders(this.app, [orderId]);
  }

  /** 加菜 (orders/rounds.ts): the next round of a dining order; the admin sees it live, printing hears roundAdded. */
  async addRound(input: AddRoundInput): Promise<number> {
    const added = await addRound({ db: this.db, catalogues: this.catalogues }, input, (tx, round) => roundToKitchen(this.hooks)(tx, input.orderId, round));
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
    const moved = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const billed = await requestBill(tx, orderId, operator);
      // 待结账: the seating's state follows the bill (floor/sessions.ts).
      if (billed) await syncSessionOfOrder(tx, orderId);
      return billed;
    });
    if (moved) await this.publishPaid(orderId);
  }

  async cancel(orderId: string, reason: string, operator: OrderOperator): Promise<void> {
    const done = await this.db.transaction(async (tx) => {
      const cancelled = await cancel(this.app.customer, tx, orderId, reason, operator, this.refundAll);
      if (cancelled.unpaid) await this.hooks.emit(tx, 'cancelled', { orderId });
      return cancelled;
    });
    if (done.menuChanged) this.app.store.menu.changed(done.storeId);
    await publishTablesOfOrders(this.app, [orderId]);
    // And the kitchen displays and the pickup board: its lines are the kitchen's now.
    await publishKitchenOfOrders(this.app, [orderId]);
  }
}
