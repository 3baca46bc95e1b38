/**
 * The 飞鹅-style cloud printing API: `POST /Api/Open/` with a form body (user, stime, sig, apiname
 * and the call's own fields), signed with sig = sha1(user + UKEY + stime) in lowercase hex.
 * Every answer is HTTP 200 `{msg, ret, data, serverExecutedTime}`: ret 0 and msg "ok", or a non-zero
 * ret with a Chinese msg and data null.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEIE_RET, FeieError, type FeieCloud } from './feie-cloud.js';

type Fields = Record<string, string>;

/** The form fields of a request, whatever parser read the body. */
function formFields(request: FastifyRequest): Fields {
  const body = request.body;
  const fields: Fields = {};
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    for (const [key, value] of new URLSearchParams(body.toString())) fields[key] = value;
  } else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) fields[key] = String(value);
  }
  return fields;
}

export const feieSignature = (user: string, ukey: string, stime: string) => createHash('sha1').update(user + ukey + stime).digest('hex');

export function registerFeieApi(app: FastifyInstance, cloud: FeieCloud): void {
  const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const started = Date.now();
    const answer = (ret: number, msg: string, data: unknown) => reply.send({ msg, ret, data, serverExecutedTime: Date.now() - started });
    const fields = formFields(request);
    try {
      const data = await call(cloud, fields, async (fault) => {
        if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        if (fault.httpStatus) return reply.code(fault.httpStatus).send(`simulated HTTP ${fault.httpStatus}`);
        if (fault.ret !== 0) throw new FeieError(fault.ret, fault.msg);
        return null;
      });
      if (reply.sent) return reply;
      return answer(0, 'ok', data);
    } catch (error) {
      if (reply.sent) return reply;
      if (error instanceof FeieError) return answer(error.ret, error.message, null);
      throw error;
    }
  };
  // The platform's path, and the same under /printer/feie (the server's default base URL).
  for (const path of ['/Api/Open/', '/Api/Open', '/printer/feie/Api/Open/', '/printer/feie/Api/Open']) app.post(path, handler);
}

async function call(cloud: FeieCloud, fields: Fields, applyFault: (fault: NonNullable<ReturnType<FeieCloud['takeFault']>>) => Promise<unknown>): Promise<unknown> {
  const { user = '', stime = '', sig = '', apiname = '' } = fields;
  if (!user || !stime || !sig || !apiname) throw new FeieError(FEIE_RET.params, '参数错误 : user、stime、sig、apiname 不能为空。');
  const account = cloud.account(user);
  if (!account) throw new FeieError(FEIE_RET.params, '参数错误 : 该帐号未注册。');
  if (!/^\d{10}$/.test(stime)) throw new FeieError(FEIE_RET.params, '参数错误 : 时间格式不正确（stime 为 10 位秒级时间戳）。');
  if (sig.toLowerCase() !== feieSignature(user, account.ukey, stime)) throw new FeieError(FEIE_RET.params, '参数错误 : 签名不正确。');
  const fault = cloud.takeFault(apiname);
  if (fault) {
    const sent = await applyFault(fault);
    if (sent) return null;
  }
  const need = (name: string) => {
    const value = fields[name];
    if (!value) throw new FeieError(FEIE_RET.params, `参数错误 : ${name} 不能为空。`);
    return value;
  };
  switch (apiname) {
    case 'Open_printerAddlist':
      return cloud.addPrinters(user, need('printerContent'));
    case 'Open_printerDelList':
      return cloud.deletePrinters(user, need('snlist'));
    case 'Open_printerEdit':
      return cloud.editPrinter(user, need('sn'), fields.name ?? '', fields.phonenum ?? '');
    case 'Open_printMsg': {
      const expired = fields.expired ? Number(fields.expired) * 1000 : null;
      return cloud.print(user, need('sn'), fields.content ?? '', fields.times ? Number(fields.times) : 1, expired);
    }
    case 'Open_queryOrderState':
      return cloud.orderPrinted(user, need('orderid'));
    case 'Open_queryPrinterStatus':
      return cloud.statusText(user, need('sn'));
    case 'Open_delPrinterSqs':
      return cloud.clearQueue(user, need('sn'));
    case 'Open_queryOrderInfoByDate':
      return cloud.ordersOfDay(user, need('sn'), need('date'));
    default:
      throw new FeieError(FEIE_RET.api, `参数错误 : apiname ${apiname} 不存在。`);
  }
}
