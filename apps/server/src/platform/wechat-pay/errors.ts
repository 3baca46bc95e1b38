import { AppError } from '../../http/errors.js';

/**
 * The pay platform's refusal codes the product can meet, with the Chinese message shown to the
 * cashier and the HTTP status of the class of failure (never 401: that would sign the cashier out).
 */
const payErrors: Record<string, [status: number, message: string]> = {
  SIGN_ERROR: [502, '微信支付签名校验失败，请检查商户证书与私钥配置'],
  PARAM_ERROR: [400, '微信支付参数错误'],
  INVALID_REQUEST: [409, '微信支付拒绝了请求'],
  ORDERPAID: [409, '该笔微信支付已支付'],
  ORDER_CLOSED: [409, '该笔微信支付已关闭'],
  ORDER_NOT_EXIST: [404, '微信支付订单不存在'],
  RESOURCE_NOT_EXISTS: [404, '微信支付订单不存在'],
  NOT_ENOUGH: [409, '商户账户可用余额不足，无法退款'],
  FREQUENCY_LIMITED: [429, '微信支付请求过于频繁，请稍后再试'],
  SYSTEM_ERROR: [503, '微信支付系统繁忙，请稍后再试'],
  BANK_ERROR: [503, '微信支付银行系统异常，请稍后再试'],
};

export class PayPlatformError extends AppError {
  constructor(
    readonly code: string,
    readonly platformMessage: string,
    readonly httpStatus: number,
  ) {
    const known = payErrors[code];
    super(known?.[0] ?? (httpStatus >= 500 ? 503 : 502), `${known?.[1] ?? '微信支付返回错误'}：${platformMessage}（${code}）`);
  }
}

export const payTimeout = () => new AppError(503, '微信支付无响应（请求超时），请稍后再试');
export const payUnreachable = () => new AppError(503, '无法连接微信支付，请检查网络或 WXPAY_BASE_URL 配置');
export const payBadAnswer = (why: string) => new AppError(502, `微信支付的应答无效：${why}`);
