/**
 * The push face: posts a follower's message or event to the account's callback exactly as the
 * platform does (signed query, encrypted in safe mode), waits up to 5 s, tries 3 times in
 * total, and records the passive reply the account answers.
 */
import { randomBytes } from 'node:crypto';
import {
  buildInboundXml,
  buildPlainPushQuery,
  decryptReply,
  encryptPush,
  isEmptyReply,
  parseReplyXml,
  parseXml,
  unixTimestamp,
  callbackSignature,
  generateNonce,
  type InboundMessage,
  type ReplyMessage,
} from '@canteen/wechat-protocol';
import { mediaExists } from './api.js';
import type { SimContext } from './context.js';
import { randomId, type Delivery, type DeliveryAttempt, type SimAccount, type SimFollower } from './state.js';

/** What the follower sees when the account fails to answer in time. */
export const SERVICE_UNAVAILABLE = '该公众号暂时无法提供服务，请稍后再试';

/** Events after which the platform shows nothing to the follower (no reply possible). */
const NO_REPLY_EVENTS = new Set(['unsubscribe', 'VIEW', 'view_miniprogram']);

function credentials(account: SimAccount) {
  return { appId: account.appId, token: account.token, encodingAesKey: account.encodingAesKey };
}

/** Reads the callback's answer: plaintext, or the encrypted envelope in safe/compatible mode. */
function readReply(account: SimAccount, body: string): { xml: string; reply: ReplyMessage } {
  let xml = body;
  if (account.mode !== 'plain') {
    const object = parseXml(body);
    if (typeof object.Encrypt === 'string') xml = decryptReply(body, credentials(account));
    else if (account.mode === 'safe') throw new Error('safe mode: the reply must be encrypted');
  }
  return { xml, reply: parseReplyXml(xml) };
}

function checkReply(ctx: SimContext, account: SimAccount, follower: SimFollower, reply: ReplyMessage): string | null {
  if (reply.toUserName !== follower.openid) return 'ToUserName is not the follower';
  if (reply.fromUserName !== account.originalId) return "FromUserName is not the account's original id";
  const media = (id: string | undefined) => (mediaExists(ctx, account.appId, id) ? null : `invalid media_id ${id ?? ''}`.trim());
  switch (reply.msgType) {
    case 'image':
      return media(reply.image.mediaId);
    case 'voice':
      return media(reply.voice.mediaId);
    case 'video':
      return media(reply.video.mediaId);
    case 'music':
      return reply.music.thumbMediaId ? media(reply.music.thumbMediaId) : null;
    case 'news':
      return reply.articles.length > 1 ? '45008 article size out of limit: a news reply carries one article' : null;
    default:
      return null;
  }
}

async function post(url: string, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', 'User-Agent': 'Mozilla/4.0 (wechat-sim)' },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Pushes `message` from `follower` to the account's callback and records what happened. */
export async function deliver(ctx: SimContext, account: SimAccount, follower: SimFollower, message: InboundMessage): Promise<Delivery> {
  const xml = buildInboundXml(message);
  let body = xml;
  let query: Record<string, string>;
  if (account.mode === 'plain') {
    query = { ...buildPlainPushQuery(account.token, follower.openid) };
  } else {
    const encrypted = encryptPush(xml, credentials(account), {
      toUserName: account.originalId,
      openid: follower.openid,
      compatible: account.mode === 'compatible',
    });
    body = encrypted.body;
    query = { ...encrypted.query };
  }
  const event = message.msgType === 'event' ? (message.event === 'other' ? message.rawEvent : message.event) : null;
  const delivery: Delivery = {
    id: randomId(9),
    appId: account.appId,
    openid: follower.openid,
    at: ctx.clock.now(),
    mode: account.mode,
    msgType: message.msgType,
    event,
    msgId: 'msgId' in message && typeof message.msgId === 'string' ? message.msgId : null,
    xml,
    body,
    query,
    attempts: [],
    outcome: 'no_callback',
    responseBody: null,
    replyXml: null,
    reply: null,
    error: null,
  };
  ctx.store.addDelivery(delivery);
  if (!account.callbackUrl) {
    delivery.error = 'the account has no callback URL';
    return delivery;
  }
  const url = new URL(account.callbackUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);

  let answer: { status: number; text: string } | null = null;
  for (let attempt = 0; attempt < ctx.settings.callbackAttempts && !answer; attempt++) {
    const started = Date.now();
    const record: DeliveryAttempt = { at: ctx.clock.now(), durationMs: 0, status: null, error: null };
    delivery.attempts.push(record);
    try {
      const result = await post(url.toString(), body, ctx.settings.callbackTimeoutMs);
      record.status = result.status;
      if (result.status >= 200 && result.status < 300) answer = result;
      else record.error = `HTTP ${result.status}`;
    } catch (error) {
      const name = (error as Error).name;
      record.error = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${ctx.settings.callbackTimeoutMs} ms` : (error as Error).message;
    }
    record.durationMs = Date.now() - started;
  }

  const silent = event !== null && NO_REPLY_EVENTS.has(event);
  const notice = (content: string) => {
    if (silent) return;
    ctx.store.addConversation({
      appId: account.appId,
      openid: follower.openid,
      at: ctx.clock.now(),
      direction: 'system',
      source: 'platform',
      msgType: 'text',
      payload: { content },
      deliveryId: delivery.id,
    });
  };

  if (!answer) {
    delivery.outcome = 'failed';
    delivery.error = delivery.attempts.at(-1)?.error ?? 'no answer';
    notice(SERVICE_UNAVAILABLE);
    ctx.store.changed();
    return delivery;
  }
  delivery.responseBody = answer.text;
  if (isEmptyReply(answer.text)) {
    delivery.outcome = 'empty';
    ctx.store.changed();
    return delivery;
  }
  try {
    const { xml: replyXml, reply } = readReply(account, answer.text);
    delivery.replyXml = replyXml;
    delivery.reply = reply as unknown as Record<string, unknown>;
    if (silent) {
      delivery.outcome = 'ignored';
    } else {
      const problem = checkReply(ctx, account, follower, reply);
      if (problem) {
        delivery.outcome = 'invalid_reply';
        delivery.error = problem;
        notice(SERVICE_UNAVAILABLE);
      } else {
        delivery.outcome = 'replied';
        ctx.store.addConversation({
          appId: account.appId,
          openid: follower.openid,
          at: ctx.clock.now(),
          direction: 'out',
          source: 'passive',
          msgType: reply.msgType,
          payload: reply as unknown as Record<string, unknown>,
          deliveryId: delivery.id,
        });
      }
    }
  } catch (error) {
    delivery.outcome = 'invalid_reply';
    delivery.error = (error as Error).message;
    notice(SERVICE_UNAVAILABLE);
  }
  ctx.store.changed();
  return delivery;
}

/** The first binding: `GET callback?signature&timestamp&nonce&echostr`, which must echo echostr. */
export async function verifyCallback(ctx: SimContext, account: SimAccount): Promise<{ ok: boolean; status: number | null; body: string | null; error: string | null; echostr: string }> {
  const echostr = String(randomBytes(8).readBigUInt64BE() >> 1n);
  if (!account.callbackUrl) return { ok: false, status: null, body: null, error: 'the account has no callback URL', echostr };
  const timestamp = unixTimestamp(ctx.clock.now());
  const nonce = generateNonce();
  const url = new URL(account.callbackUrl);
  url.searchParams.set('signature', callbackSignature(account.token, timestamp, nonce));
  url.searchParams.set('timestamp', timestamp);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('echostr', echostr);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ctx.settings.callbackTimeoutMs) });
    const body = await response.text();
    return { ok: response.status === 200 && body === echostr, status: response.status, body, error: null, echostr };
  } catch (error) {
    return { ok: false, status: null, body: null, error: (error as Error).message, echostr };
  }
}
