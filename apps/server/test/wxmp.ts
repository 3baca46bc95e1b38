import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { App } from '../src/app.js';
import { signIn, type AuthHeader } from './auth.js';

/** An independent safe-mode implementation (Node crypto only), to check ours byte for byte. */
export const reference = {
  sign: (...parts: string[]) => createHash('sha1').update([...parts].sort().join('')).digest('hex'),
  encrypt(plain: string, encodingAesKey: string, appId: string, random: string) {
    const key = Buffer.from(`${encodingAesKey}=`, 'base64');
    const msg = Buffer.from(plain, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(msg.length);
    const body = Buffer.concat([Buffer.from(random, 'utf8'), length, msg, Buffer.from(appId, 'utf8')]);
    const pad = 32 - (body.length % 32);
    const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.concat([body, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
  },
  decrypt(encrypted: string, encodingAesKey: string) {
    const key = Buffer.from(`${encodingAesKey}=`, 'base64');
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const raw = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const body = raw.subarray(0, raw.length - raw[raw.length - 1]!);
    const length = body.readUInt32BE(16);
    return { xml: body.subarray(20, 20 + length).toString('utf8'), appId: body.subarray(20 + length).toString('utf8') };
  },
};

export interface TestAccount {
  appId: string;
  token: string;
  secret: string;
  aesKey?: string;
  weixinSign: string;
  name?: string;
  msgMode?: 'plain' | 'compatible' | 'safe';
}

/** Creates an account through the API and answers its id. */
export async function createAccount(app: App, auth: AuthHeader, account: TestAccount): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/weixin/wxapp', headers: auth,
    payload: { name: account.name ?? '测试公众号', weixinType: '2', verifyType: '0', ...account, msgMode: account.msgMode ?? 'plain' },
  });
  if (res.statusCode !== 200) throw new Error(`createAccount: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

/** A signed plain push through inject. */
export function push(app: App, appId: string, token: string, xml: string, extra: Record<string, string> = {}) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  const query = new URLSearchParams({ signature: reference.sign(token, timestamp, nonce), timestamp, nonce, openid: 'x', ...extra });
  return app.inject({ method: 'POST', url: `/weixin/portal/${appId}?${query.toString()}`, headers: { 'content-type': 'text/xml' }, payload: xml });
}

export const textXml = (o: { to: string; from: string; content: string; msgId: string; createTime?: number }) =>
  `<xml><ToUserName><![CDATA[${o.to}]]></ToUserName><FromUserName><![CDATA[${o.from}]]></FromUserName><CreateTime>${o.createTime ?? Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${o.content}]]></Content><MsgId>${o.msgId}</MsgId></xml>`;

export const eventXml = (o: { to: string; from: string; event: string; createTime: number; eventKey?: string }) =>
  `<xml><ToUserName><![CDATA[${o.to}]]></ToUserName><FromUserName><![CDATA[${o.from}]]></FromUserName><CreateTime>${o.createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${o.event}]]></Event>${o.eventKey ? `<EventKey><![CDATA[${o.eventKey}]]></EventKey>` : ''}</xml>`;

export { signIn };
