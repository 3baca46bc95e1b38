/**
 * The customer's side of a payment: the page scanning the counter's QR opens (`/pay/scan?code_url=`)
 * and the h5 page (`/pay/checkmweb?prepay_id=&redirect_url=`); `/pay` lists what waits to be
 * paid. 确认支付 pays (the notification's first try is made before the answer) and then goes back
 * to redirect_url, or shows 支付成功. Plain HTML and a form: no script needed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.js';
import { PayError, type PayService } from './service.js';
import type { PayOrder } from './state.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const yuan = (fen: number) => (fen / 100).toFixed(2);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#111}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
.merchant{color:#555;font-size:15px}.amount{font-size:40px;font-weight:600;margin:12px 0 4px}.desc{color:#777;font-size:14px;margin-bottom:32px}
button{width:100%;padding:14px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:17px;cursor:pointer}
.note{margin-top:24px;color:#999;font-size:12px}.ok{color:#07c160;font-size:22px;margin:24px 0}.bad{color:#fa5151;font-size:18px;margin:24px 0}
</style></head><body><main>${body}<p class="note">微信支付模拟器（wechat-sim）</p></main></body></html>`;
}

function orderPage(ctx: SimContext, order: PayOrder, merchantName: string, redirectUrl: string | null, problem: string | null): string {
  const head = `<div class="merchant">${escape(merchantName)}</div><div class="amount">¥${yuan(order.total)}</div><div class="desc">${escape(order.description)}</div>`;
  if (order.state === 'SUCCESS' || order.state === 'REFUND') {
    const back = redirectUrl ? `<p><a href="${escape(redirectUrl)}">返回商户</a></p>` : '';
    return layout('支付成功', `${head}<div class="ok" role="status">支付成功</div>${back}`);
  }
  if (order.state === 'CLOSED') return layout('订单已关闭', `${head}<div class="bad" role="alert">订单已关闭</div>`);
  if (ctx.clock.now() > order.expiresAt) return layout('二维码已过期', `${head}<div class="bad" role="alert">二维码已过期，请让商户重新下单</div>`);
  const error = problem ? `<div class="bad" role="alert">${escape(problem)}</div>` : '';
  return layout(
    '确认支付',
    `${head}${error}<form method="post" action="/pay/confirm"><input type="hidden" name="prepay_id" value="${escape(order.prepayId)}">` +
      (redirectUrl ? `<input type="hidden" name="redirect_url" value="${escape(redirectUrl)}">` : '') +
      `<button type="submit">确认支付</button></form>`,
  );
}

const validRedirect = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : null);

export function registerPayPages(app: FastifyInstance, ctx: SimContext, pay: PayService): void {
  const html = (reply: FastifyReply, status: number, page: string) => reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  const notFound = (reply: FastifyReply) => html(reply, 404, layout('订单不存在', '<div class="bad" role="alert">订单不存在或二维码无效</div>'));
  const show = (reply: FastifyReply, prepayId: string | undefined, redirect: string | null, problem: string | null = null) => {
    const order = prepayId ? pay.byPrepay(prepayId) : undefined;
    if (!order) return notFound(reply);
    return html(reply, problem ? 400 : 200, orderPage(ctx, order, pay.merchant(order.mchid)?.name ?? order.mchid, redirect, problem));
  };

  /** The payments waiting for a customer (newest first), each a link to its page: the demo's "phone". */
  app.get('/pay', async (_request, reply) => {
    const open = ctx.store.data.pay.orders.filter((o) => o.state === 'NOTPAY' && ctx.clock.now() <= o.expiresAt).slice(-20).reverse();
    const rows = open.map((o) => `<li><a href="/pay/checkmweb?prepay_id=${escape(o.prepayId)}">${escape(o.description)} · ¥${yuan(o.total)}</a></li>`).join('');
    return html(reply, 200, layout('待支付', `<div class="merchant">待支付的微信支付</div>${rows ? `<ul style="text-align:left;line-height:2">${rows}</ul>` : '<p class="desc">暂无</p>'}`));
  });

  /** What scanning the counter's QR (code_url) opens. */
  app.get('/pay/scan', async (request, reply) => {
    const { code_url: codeUrl } = request.query as { code_url?: string };
    const prepayId = /[?&]pr=([\w-]+)/.exec(codeUrl ?? '')?.[1];
    return show(reply, prepayId, null);
  });

  app.get('/pay/checkmweb', async (request, reply) => {
    const { prepay_id: prepayId, redirect_url: redirect } = request.query as { prepay_id?: string; redirect_url?: string };
    return show(reply, prepayId, validRedirect(redirect));
  });

  app.post('/pay/confirm', async (request: FastifyRequest, reply) => {
    const raw = request.body;
    const form = new URLSearchParams(Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : '');
    const prepayId = form.get('prepay_id') ?? undefined;
    const redirect = validRedirect(form.get('redirect_url'));
    const order = prepayId ? pay.byPrepay(prepayId) : undefined;
    if (!order) return notFound(reply);
    try {
      await pay.pay(order);
    } catch (error) {
      if (error instanceof PayError) return show(reply, prepayId, redirect, error.message);
      throw error;
    }
    if (redirect) return reply.redirect(redirect, 303);
    return reply.redirect(`/pay/checkmweb?prepay_id=${encodeURIComponent(order.prepayId)}`, 303);
  });
}
