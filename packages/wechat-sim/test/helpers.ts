import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildReplyXml,
  decryptPush,
  encryptReply,
  parseInboundMessage,
  verifyCallbackSignature,
  type InboundMessage,
  type ReplyMessage,
} from '@canteen/wechat-protocol';
import type { FastifyInstance } from 'fastify';
import { buildSimulator, type SimOptions } from '../src/server.js';
import { demoAccount } from '../src/seed.js';

export interface Sim {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  get: <T = any>(path: string) => Promise<T>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  post: <T = any>(path: string, body?: unknown) => Promise<T>;
  /** Fetch and read the answer as JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  json: <T = any>(path: string, init?: RequestInit) => Promise<T>;
  /** Raw fetch against the simulator. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** A fresh access token of the demo account. */
  token: () => Promise<string>;
}

/** Starts a simulator on a free loopback port. */
export async function startSim(options: SimOptions = {}): Promise<Sim> {
  const app = await buildSimulator({ quiet: true, ...options });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  const sim: Sim = {
    app,
    url,
    close: () => app.close(),
    fetch: call,
    json: async <T>(path: string, init?: RequestInit) => (await (await call(path, init)).json()) as T,
    get: async <T>(path: string) => (await (await call(path)).json()) as T,
    post: async <T>(path: string, body?: unknown) =>
      (await (await call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json()) as T,
    token: async () => {
      const res = await sim.get<{ access_token: string }>(
        `/cgi-bin/token?grant_type=client_credential&appid=${demoAccount.appId}&secret=${demoAccount.secret}`,
      );
      return res.access_token;
    },
  };
  return sim;
}

export interface ReceivedPush {
  query: URLSearchParams;
  body: string;
  /** The plaintext XML (decrypted in safe mode). */
  xml: string;
  message: InboundMessage;
  signatureOk: boolean;
}

export interface CallbackAccount {
  appId: string;
  token: string;
  encodingAesKey: string;
  originalId: string;
}

export type Behaviour = (message: InboundMessage, attempt: number) => { delayMs?: number; reply?: ReplyMessage | string; status?: number };

/** A tiny account server: checks signatures, decrypts safe-mode pushes, answers as told. */
export async function startCallback(account: CallbackAccount, behaviour: Behaviour = () => ({ reply: 'success' })) {
  const received: ReceivedPush[] = [];
  const attempts = new Map<string, number>();
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const query = url.searchParams;
      const signatureOk = verifyCallbackSignature(account.token, {
        signature: query.get('signature'),
        timestamp: query.get('timestamp'),
        nonce: query.get('nonce'),
      });
      if (request.method === 'GET') {
        response.end(signatureOk ? (query.get('echostr') ?? '') : 'bad signature');
        return;
      }
      const body = await readBody(request);
      const safe = query.get('encrypt_type') === 'aes';
      const xml = safe
        ? decryptPush(body, { timestamp: query.get('timestamp'), nonce: query.get('nonce'), msg_signature: query.get('msg_signature') }, account)
        : body;
      const message = parseInboundMessage(xml);
      received.push({ query, body, xml, message, signatureOk });
      const key = 'msgId' in message && message.msgId ? message.msgId : `${message.fromUserName}${message.createTime}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const plan = behaviour(message, attempt);
      if (plan.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
      if (response.destroyed) return;
      let out = typeof plan.reply === 'string' ? plan.reply : plan.reply ? buildReplyXml(plan.reply) : '';
      if (safe && plan.reply && typeof plan.reply !== 'string') out = encryptReply(out, account);
      response.statusCode = plan.status ?? 200;
      response.setHeader('content-type', 'application/xml');
      response.end(out);
    })().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/weixin/portal/${account.appId}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A text reply from the account to the follower who sent `message`. */
export function textReply(message: InboundMessage, content: string): ReplyMessage {
  return { toUserName: message.fromUserName, fromUserName: message.toUserName, createTime: Math.floor(Date.now() / 1000), msgType: 'text', content };
}

/** A multipart upload body with field `media` (and optional extra fields). */
export function upload(data: Buffer, filename: string, fields: Record<string, string> = {}, contentType = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(data)], { type: contentType }), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export { demoAccount };
