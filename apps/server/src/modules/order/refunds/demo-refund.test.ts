import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn } from '../../../../test/auth.js';
import { startSimulator } from '../../../../test/sim.js';
import { seedDemoOrders } from '../seed.js';
import { order, orderPayment } from '../tables.js';

/**
 * A demo order paid by WeChat Pay (payment DEMO-<order no>, never seen by the simulator) refunds
 * through the simulator like any other: its demo rule (wechat-sim pay/demo.ts) finds the payment.
 */
const simulator = await startSimulator();
const { app } = await createTestApp({ SIM_PORT: new URL(simulator.url).port });

describe('refunding a demo order paid by WeChat Pay', () => {
  it('goes back to WeChat Pay through the simulator', async () => {
    await seedDemoOrders(app.database.db);
    const db = app.database.db;
    const [paid] = await db.select({ id: order.id, payable: order.payableAmount, outTradeNo: orderPayment.outTradeNo }).from(order)
      .innerJoin(orderPayment, eq(orderPayment.orderId, order.id))
      .where(and(eq(orderPayment.method, 'wechat'), eq(orderPayment.status, 'success'), inArray(order.status, ['paid', 'finished'])))
      .limit(1);
    expect(paid?.outTradeNo).toMatch(/^DEMO-/);
    const admin = await signIn(app, 'admin');
    const res = await app.inject({ method: 'POST', url: `/order/order/${paid!.id}/refund`, headers: admin, payload: { reason: '演示退款', lines: [] } });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json<{ data: OrderRecord }>().data;
    expect(record).toMatchObject({ status: 'refunded', refundedAmount: paid!.payable });
    const platform = await simulator.call<{ trade_state: string; refunds: Array<{ amount: { refund: number } }> }>('GET', `/sim/pay/transactions/${paid!.outTradeNo}`);
    expect(platform.trade_state).toBe('REFUND');
    expect(platform.refunds.map((r) => r.amount.refund)).toEqual([paid!.payable]);
  });
});
