import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAuthorization, decryptResource, demoPayMerchant, verifySignedHeaders, type PayNotification } from '@canteen/wechat-protocol';
import type { Sim } from './helpers.js';

export const merchant = demoPayMerchant;

/** A signed merchant request to the simulator's pay API; answers status, JSON and headers. */
export async function payCall(sim: Sim, method: 'GET' | 'POST', path: string, body?: unknown, options: { timestamp?: string; privateKey?: string; serialNo?: string; mchid?: string } = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const authorization = buildAuthorization(
    { mchid: options.mchid ?? merchant.mchid, serialNo: options.serialNo ?? merchant.serialNo, privateKey: options.privateKey ?? merchant.merchantPrivateKey },
    method,
    path,
    text,
    options.timestamp,
  );
  const res = await sim.fetch(path, {
    method,
    headers: { Authorization: authorization, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: text }),
  });
  const raw = await res.text();
  const headers: Record<string, string> = Object.fromEntries(res.headers.entries());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  const json: any = raw ? JSON.parse(raw) : null;
  return { status: res.status, raw, headers, json };
}

export const nativeOrder = (outTradeNo: string, total: number, notifyUrl: string, extra: Record<string, unknown> = {}) => ({
  appid: merchant.appid,
  mchid: merchant.mchid,
  description: '食堂-堂食订单',
  out_trade_no: outTradeNo,
  notify_url: notifyUrl,
  amount: { total, currency: 'CNY' },
  ...extra,
});

export interface ReceivedNotice {
  headers: Record<string, string>;
  body: string;
  /** The signature check with the platform's public key. */
  verified: ReturnType<typeof verifySignedHeaders>;
  notification: PayNotification;
  /** The decrypted resource, or null when it does not decrypt. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  resource: any;
}

/** A merchant's notify_url: records what arrives, checks it, answers as `answer(n)` says (default 204). */
export async function startNotifyReceiver(answer: (count: number) => number = () => 204) {
  const received: ReceivedNotice[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers as Record<string, string>;
      const notification = JSON.parse(body) as PayNotification;
      let resource: unknown;
      try {
        resource = JSON.parse(decryptResource(merchant.apiV3Key, notification.resource));
      } catch {
        resource = null;
      }
      const verified = verifySignedHeaders(headers, body, (serial) => (serial === merchant.platformKeyId ? merchant.platformPublicKey : null));
      received.push({ headers, body, verified, notification, resource });
      const status = answer(received.length);
      response.statusCode = status;
      if (status >= 300) response.setHeader('content-type', 'application/json');
      response.end(status >= 300 ? JSON.stringify({ code: 'FAIL', message: '失败' }) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
