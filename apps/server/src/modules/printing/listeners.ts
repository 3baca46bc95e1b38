import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { writeRushJobs, writeTransferJobs, writeVoidJobs } from './jobs/floor-jobs.js';
import { writeOrderJobs, type OrderPrintEvent } from './jobs/outbox.js';

const listening = new WeakSet<object>();

/**
 * Printing follows the orders through their in-transaction hooks (order/hooks.ts): the jobs are
 * written with the payment, acceptance, round or refund, and the dispatcher is told to look once
 * that transaction has committed. The orders module knows nothing of printing.
 */
export function printOrders(app: FastifyInstance): void {
  const hooks = app.order.hooks;
  if (listening.has(hooks)) return;
  listening.add(hooks);
  const write = async (tx: Db, event: OrderPrintEvent) => {
    if (await writeOrderJobs(tx, event)) app.printing.dispatcher.kick();
  };
  hooks.on('paid', (tx, { orderId }) => write(tx, { kind: 'paid', orderId }));
  hooks.on('accepted', (tx, { orderId }) => write(tx, { kind: 'accepted', orderId }));
  hooks.on('roundAdded', (tx, { orderId, round }) => write(tx, { kind: 'roundAdded', orderId, round }));
  hooks.on('refunded', (tx, { orderId, refundId }) => write(tx, { kind: 'refunded', orderId, refundId }));
  // The floor's tickets (jobs/floor-jobs.ts): 催菜单, 退菜单 of a 退菜, 转台单.
  const kick = (written: number) => {
    if (written) app.printing.dispatcher.kick();
  };
  hooks.on('linesRushed', async (tx, event) => kick(await writeRushJobs(tx, event)));
  hooks.on('lineVoided', async (tx, event) => kick(await writeVoidJobs(tx, event)));
  hooks.on('tableTransferred', async (tx, event) => kick(await writeTransferJobs(tx, event)));
}
