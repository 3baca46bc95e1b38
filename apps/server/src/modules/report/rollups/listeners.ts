import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { shareRollups } from './lock.js';
import { cancelStatements, paidStatements, refundStatements } from './sources.js';

const listening = new WeakSet<object>();

/** Runs a scope's upserts in the caller's transaction, under the shared roll-up lock. */
export async function count(tx: Db, statements: SQL[]): Promise<void> {
  if (!statements.length) return;
  await shareRollups(tx);
  for (const statement of statements) await tx.execute(statement);
}

/**
 * The roll-ups follow the orders (issue 15): each listener counts one event in the transaction
 * that made it (the payment that made the order paid, the refund, the cancel), so a figure is
 * never ahead of or behind the orders. The orders module knows nothing of reports.
 */
export function countOrdersIntoRollups(app: FastifyInstance): void {
  // Once per app, whoever asks first (the report plugin, or a test without it).
  if (listening.has(app.order.hooks)) return;
  listening.add(app.order.hooks);
  app.order.hooks.on('paid', (tx, { orderId }) => count(tx, paidStatements({ kind: 'order', orderId })));
  app.order.hooks.on('refunded', (tx, { refundId }) => count(tx, refundStatements({ kind: 'refund', refundId })));
  app.order.hooks.on('cancelled', (tx, { orderId }) => count(tx, cancelStatements({ kind: 'order', orderId })));
}
