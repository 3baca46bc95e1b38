import { demoPayMerchant } from '@canteen/wechat-protocol';
import { DEFAULT_PAYER_OPENID, type PayMerchant, type PayOrder } from './state.js';

/**
 * The demo rule: the server's demo data (the orders' seed and the reports' demo business) holds
 * WeChat Pay payments this simulator never saw, numbered `DEMO-<order no>` (out_trade_no) and
 * `DEMO<order no>` (transaction_id). For the demo merchant only, a refund naming such an
 * out_trade_no the simulator does not know finds a paid transaction of the refund's
 * `amount.total`, made then and kept like any other, so refunding a demo order works as it would
 * on the platform (the same checks follow: amount left to refund, duplicate refund numbers).
 */
export const DEMO_OUT_TRADE_PREFIX = 'DEMO-';

export function demoPaidOrder(m: PayMerchant, outTradeNo: string | undefined, total: number, now: number): PayOrder | null {
  if (m.mchid !== demoPayMerchant.mchid || !outTradeNo?.startsWith(DEMO_OUT_TRADE_PREFIX)) return null;
  if (!Number.isInteger(total) || total < 1) return null;
  return {
    mchid: m.mchid,
    appid: m.appid,
    outTradeNo,
    prepayId: `demo-${outTradeNo}`,
    tradeType: 'NATIVE',
    description: '演示订单',
    attach: '',
    notifyUrl: '',
    total,
    expiresAt: now,
    state: 'SUCCESS',
    transactionId: `DEMO${outTradeNo.slice(DEMO_OUT_TRADE_PREFIX.length)}`,
    payerOpenid: DEFAULT_PAYER_OPENID,
    successAt: now,
    closedAt: null,
    createdAt: now,
    payerClientIp: null,
  };
}
