import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '../test/helpers.js';
import { merchant, payCall } from '../test/pay.js';

/**
 * The demo rule (pay/demo.ts): the server's demo orders were "paid" as `DEMO-<order no>`, which
 * the simulator never saw; refunding one finds a paid transaction of the refund's total.
 */
describe('refunds of the demo data\'s WeChat payments', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({});
  });
  afterAll(() => sim.close());

  const refund = (outTradeNo: string, outRefundNo: string, amount: number, total = 4800) =>
    payCall(sim, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: outTradeNo, out_refund_no: outRefundNo, reason: '退菜', amount: { refund: amount, total, currency: 'CNY' } });

  it('refunds a DEMO- payment the simulator never saw, in parts up to its total, as any paid one', async () => {
    const first = await refund('DEMO-2611250010007', 'RDEMO1', 1800);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ out_trade_no: 'DEMO-2611250010007', transaction_id: 'DEMO2611250010007', status: 'SUCCESS', amount: { refund: 1800, total: 4800 } });
    expect((await refund('DEMO-2611250010007', 'RDEMO2', 3001)).json.code).toBe('INVALID_REQUEST');
    expect((await refund('DEMO-2611250010007', 'RDEMO2', 3000)).json.status).toBe('SUCCESS');
    const query = await payCall(sim, 'GET', `/v3/pay/transactions/out-trade-no/DEMO-2611250010007?mchid=${merchant.mchid}`);
    expect(query.json).toMatchObject({ trade_state: 'REFUND', amount: { total: 4800 } });
  });

  it('still answers 404 for an unknown payment not named DEMO-', async () => {
    expect((await refund('CT0000UNKNOWN', 'RX1', 100)).status).toBe(404);
  });
});
