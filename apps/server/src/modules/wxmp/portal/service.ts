import { and, eq, lt, sql } from 'drizzle-orm';
import {
  openPush, sealReply, verifyCallbackSignature, WechatCryptoError, WechatProtocolError, type InboundMessage, type ReplyMessage,
} from '@canteen/wechat-protocol';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import { newBlobKey } from '../../../storage/storage.js';
import { wxCallbackSeen, wxMsg } from '../tables.js';
import { iso, type WxmpContext } from '../context.js';
import type { AccountRuntime, AccountService } from '../accounts/service.js';
import type { FollowerService } from '../followers/service.js';
import type { MaterialService } from '../materials/service.js';

/** A passive reply as a listener gives it: the envelope (To/From/CreateTime) is filled in here. */
export type PassiveReply = ReplyMessage extends infer R ? (R extends ReplyMessage ? Omit<R, 'toUserName' | 'fromUserName' | 'createTime'> : never) : never;

/** A stored conversation message as the API shows it (the specification's fields). */
export interface WxMsgView {
  id: string;
  appId: string;
  wxUserId: string;
  openId: string;
  type: '1' | '2';
  repType: string;
  repEvent: string | null;
  repContent: string | null;
  repMediaId: string | null;
  repName: string | null;
  repDesc: string | null;
  repUrl: string | null;
  repHqUrl: string | null;
  content: unknown;
  repThumbMediaId: string | null;
  repThumbUrl: string | null;
  repLocationX: number | null;
  repLocationY: number | null;
  repScale: number | null;
  readFlag: '0' | '1';
  msgId: string | null;
  eventKey: string | null;
  nickName: string | null;
  headimgUrl: string | null;
  appName: string | null;
  appLogo: string | null;
  createTime: string;
}

/** What a listener hears for each new (not retried) push, after it is stored. */
export interface IncomingMessageEvent {
  account: Pick<AccountRuntime, 'appId' | 'name' | 'logo' | 'weixinSign'>;
  /** The stored wx_msg row (type '1', readFlag '0'). */
  message: WxMsgView;
  follower: { id: string; openId: string; created: boolean };
  /** The push as parsed (typed by @canteen/wechat-protocol). */
  push: InboundMessage;
}

/**
 * A listener may answer with a passive reply (the first non-empty answer, in registration order,
 * is sent); it has until the reply deadline, after which the callback answers `success` and
 * the listener should send through the customer-service API instead.
 */
export type IncomingListener = (event: IncomingMessageEvent) => PassiveReply | null | undefined | void | Promise<PassiveReply | null | undefined | void>;

/** The platform waits 5 s; answer well before. */
export const REPLY_DEADLINE_MS = 4000;
/**
 * A push whose signed timestamp is further than this from our clock is refused: the platform
 * retries within seconds, so an older push is a captured one replayed (possibly after the
 * de-duplication window below has forgotten it).
 */
export const REPLAY_WINDOW_S = 5 * 60;
export const REPLAY_REFUSED = '非法请求：时间戳与服务器时间相差超过5分钟，疑为重放的推送';
const SEEN_TTL_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;
const MEDIA_TYPES = new Set(['image', 'voice', 'video', 'shortvideo']);

export interface PortalQuery {
  signature?: string | undefined;
  timestamp?: string | undefined;
  nonce?: string | undefined;
  echostr?: string | undefined;
  openid?: string | undefined;
  encrypt_type?: string | undefined;
  msg_signature?: string | undefined;
}

interface Columns {
  kind: 'subscribe' | 'unsubscribe' | 'other';
  repType: string;
  repEvent: string | null;
  repContent: string | null;
  repMediaId: string | null;
  repName: string | null;
  repDesc: string | null;
  repUrl: string | null;
  repThumbMediaId: string | null;
  x: number | null;
  y: number | null;
  scale: number | null;
  eventKey: string | null;
  qrScene: string | null;
}

const str = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? null;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The push's fields in wx_msg's columns (origin.md §3.2). */
function columnsOf(push: InboundMessage): Columns {
  const c: Columns = { kind: 'other', repType: push.msgType, repEvent: null, repContent: null, repMediaId: null, repName: null, repDesc: null, repUrl: null, repThumbMediaId: null, x: null, y: null, scale: null, eventKey: null, qrScene: null };
  switch (push.msgType) {
    case 'text': c.repContent = push.content; break;
    case 'image': c.repUrl = push.picUrl; c.repMediaId = push.mediaId; break;
    case 'voice': c.repMediaId = push.mediaId; c.repName = `${push.mediaId}.${push.format}`; c.repDesc = push.format; c.repContent = push.recognition ?? null; break;
    case 'video': case 'shortvideo': c.repMediaId = push.mediaId; c.repThumbMediaId = push.thumbMediaId; break;
    case 'location': c.x = push.locationX; c.y = push.locationY; c.scale = push.scale; c.repContent = push.label; break;
    case 'link': c.repName = push.title; c.repDesc = push.description; c.repUrl = push.url; break;
    case 'other': c.repType = push.rawMsgType; break;
    case 'event': {
      c.repEvent = push.event === 'other' ? push.rawEvent : push.event;
      if ('eventKey' in push) c.eventKey = str(push.eventKey);
      switch (push.event) {
        case 'subscribe': c.kind = 'subscribe'; c.qrScene = push.eventKey?.startsWith('qrscene_') ? push.eventKey.slice('qrscene_'.length) : null; break;
        case 'unsubscribe': c.kind = 'unsubscribe'; break;
        case 'CLICK': c.repName = push.eventKey; break;
        case 'VIEW': c.repUrl = push.eventKey; break;
        case 'scancode_push': case 'scancode_waitmsg': c.repContent = push.scanCodeInfo?.scanResult ?? null; break;
        case 'LOCATION': c.x = num(push.latitude); c.y = num(push.longitude); c.scale = num(push.precision); break;
        case 'location_select': c.x = num(push.sendLocationInfo?.locationX); c.y = num(push.sendLocationInfo?.locationY); c.scale = num(push.sendLocationInfo?.scale); c.repContent = str(push.sendLocationInfo?.label); break;
        default: break;
      }
      break;
    }
  }
  return c;
}

/** Retries are recognised by MsgId, events by sender + CreateTime (+ event name). */
export const dedupKey = (push: InboundMessage): string => {
  const msgId = 'msgId' in push ? push.msgId : undefined;
  if (msgId) return `m:${msgId}`;
  const event = push.msgType === 'event' ? (push.event === 'other' ? push.rawEvent : push.event) : push.msgType;
  return `e:${push.fromUserName}:${push.createTime}:${event}`;
};

export const msgView = (r: Record<string, unknown>): WxMsgView => ({
  id: String(r.id),
  appId: String(r.app_id),
  wxUserId: String(r.wx_user_id),
  openId: String(r.open_id),
  type: r.type as '1' | '2',
  repType: String(r.rep_type),
  repEvent: str(r.rep_event),
  repContent: str(r.rep_content),
  repMediaId: str(r.rep_media_id),
  repName: str(r.rep_name),
  repDesc: str(r.rep_desc),
  repUrl: str(r.rep_url),
  repHqUrl: str(r.rep_hq_url),
  content: typeof r.content === 'string' ? (JSON.parse(r.content) as unknown) : (r.content ?? null),
  repThumbMediaId: str(r.rep_thumb_media_id),
  repThumbUrl: str(r.rep_thumb_url),
  repLocationX: r.rep_location_x == null ? null : Number(r.rep_location_x),
  repLocationY: r.rep_location_y == null ? null : Number(r.rep_location_y),
  repScale: r.rep_scale == null ? null : Number(r.rep_scale),
  readFlag: r.read_flag as '0' | '1',
  msgId: str(r.msg_id),
  eventKey: str(r.event_key),
  nickName: str(r.nick_name),
  headimgUrl: str(r.headimg_url),
  appName: str(r.app_name),
  appLogo: str(r.app_logo),
  createTime: iso(r.create_time instanceof Date ? r.create_time : new Date(String(r.create_time)))!,
});

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? (result as Record<string, unknown>[]) : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * The platform's callback `/weixin/portal/{appId}`: signature check, plain and safe mode,
 * de-duplication of retries, one statement that stores the message and creates or updates the
 * follower, listeners for the conversations work, and an answer within the 5-second rule.
 */
export function createPortalService(ctx: WxmpContext, accounts: AccountService, followers: FollowerService, materials: MaterialService) {
  const { db } = ctx.database;
  const listeners: IncomingListener[] = [];
  const sweep = () => db.delete(wxCallbackSeen).where(lt(wxCallbackSeen.createdAt, new Date(Date.now() - SEEN_TTL_MS))).catch(() => undefined);
  const sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  sweeper.unref();

  const accountFor = async (appId: string) => {
    const account = await accounts.runtime(appId);
    if (!account) throw notFound('非法请求：公众号不存在');
    return account;
  };

  /** Stores the push once: dedup key, follower upsert and message insert in one statement. */
  const store = async (account: AccountRuntime, push: InboundMessage, key: string) => {
    const c = columnsOf(push);
    const at = new Date(push.createTime * 1000);
    const kind = c.kind;
    const interaction = kind === 'unsubscribe' ? null : at;
    const result = await db.execute(sql`
      with seen as (
        insert into wx_callback_seen (app_id, dedup_key) values (${account.appId}, ${key})
        on conflict do nothing returning app_id
      ), fan as (
        insert into wx_user (app_id, open_id, subscribe, subscribe_num, subscribe_time, subscribe_scene, qr_scene_str, cancel_subscribe_time, latitude, longitude, precision, last_interaction_at)
        select ${account.appId}, ${push.fromUserName},
          case when ${kind}::text = 'unsubscribe' then '0' else '1' end,
          case when ${kind}::text = 'subscribe' then 1 else 0 end,
          case when ${kind}::text = 'subscribe' then ${at}::timestamptz end,
          case when ${c.qrScene}::text is not null then 'ADD_SCENE_QR_CODE' end,
          ${c.qrScene}::text,
          case when ${kind}::text = 'unsubscribe' then ${at}::timestamptz end,
          case when ${c.repEvent}::text = 'LOCATION' then ${c.x}::float8 end,
          case when ${c.repEvent}::text = 'LOCATION' then ${c.y}::float8 end,
          case when ${c.repEvent}::text = 'LOCATION' then ${c.scale}::float8 end,
          ${interaction}::timestamptz
        from seen
        on conflict (app_id, open_id) do update set
          subscribe = case when ${kind}::text = 'subscribe' then '1' when ${kind}::text = 'unsubscribe' then '0' else wx_user.subscribe end,
          subscribe_num = wx_user.subscribe_num + excluded.subscribe_num,
          subscribe_time = coalesce(excluded.subscribe_time, wx_user.subscribe_time),
          subscribe_scene = case when ${kind}::text = 'subscribe' then coalesce(excluded.subscribe_scene, wx_user.subscribe_scene) else wx_user.subscribe_scene end,
          qr_scene_str = coalesce(excluded.qr_scene_str, wx_user.qr_scene_str),
          cancel_subscribe_time = case when ${kind}::text = 'subscribe' then null else coalesce(excluded.cancel_subscribe_time, wx_user.cancel_subscribe_time) end,
          latitude = coalesce(excluded.latitude, wx_user.latitude),
          longitude = coalesce(excluded.longitude, wx_user.longitude),
          precision = coalesce(excluded.precision, wx_user.precision),
          last_interaction_at = greatest(excluded.last_interaction_at, wx_user.last_interaction_at),
          updated_at = now()
        returning id, nick_name, headimg_url, (xmax = 0) as created
      ), msg as (
        insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_event, rep_content, rep_media_id, rep_name, rep_desc, rep_url,
          rep_thumb_media_id, rep_location_x, rep_location_y, rep_scale, read_flag, msg_id, event_key, nick_name, headimg_url, app_name, app_logo, create_time, push_key)
        select ${account.appId}, fan.id, ${push.fromUserName}, '1', ${c.repType}, ${c.repEvent}, ${c.repContent}, ${c.repMediaId}, ${c.repName}, ${c.repDesc}, ${c.repUrl},
          ${c.repThumbMediaId}, ${c.x}::float8, ${c.y}::float8, ${c.scale}::float8, '0', ${'msgId' in push ? (push.msgId ?? null) : null}, ${c.eventKey},
          fan.nick_name, fan.headimg_url, ${account.name}, ${account.logo}, ${at}::timestamptz, ${key}
        from fan
        returning *
      )
      select msg.*, fan.created as follower_created from msg, fan`);
    const [row] = rowsOf(result);
    return row ?? null;
  };

  /**
   * Ordinary messages and events (not follow, unfollow or location) are stored in batches:
   * pushes that arrive while a statement runs wait for the next one, which stores them all
   * (dedup keys, one follower upsert per sender, the messages). Under load this turns many
   * small statements into a few larger ones; alone, a push goes straight through.
   */
  interface Pending { account: AccountRuntime; push: InboundMessage; key: string; c: Columns; resolve: (row: Record<string, unknown> | null) => void; reject: (error: unknown) => void }
  const queues = new Map<string, Pending[]>();
  const inFlight = new Map<string, number>();
  const MAX_IN_FLIGHT = ctx.database.kind === 'pglite' ? 1 : 4;
  const MAX_BATCH = 200;

  const storeBatch = async (items: Pending[]) => {
    const account = items[0]!.account;
    const first = new Map<string, Pending>();
    for (const item of items) {
      if (first.has(item.key)) item.resolve(null); // the same push twice in one batch: a retry
      else first.set(item.key, item);
    }
    const rows = [...first.values()].map(({ push, key, c }) => ({
      k: key, o: push.fromUserName, t: new Date(push.createTime * 1000).toISOString(), rt: c.repType, re: c.repEvent, rc: c.repContent,
      rm: c.repMediaId, rn: c.repName, rd: c.repDesc, ru: c.repUrl, rtm: c.repThumbMediaId, x: c.x, y: c.y, s: c.scale,
      mi: 'msgId' in push ? (push.msgId ?? null) : null, ek: c.eventKey,
    }));
    const result = await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(k text, o text, t timestamptz, rt text, re text, rc text, rm text, rn text, rd text, ru text, rtm text, x float8, y float8, s float8, mi text, ek text)
      ), seen as (
        insert into wx_callback_seen (app_id, dedup_key) select ${account.appId}, k from input
        on conflict do nothing returning dedup_key
      ), fresh as (
        select input.* from input join seen on seen.dedup_key = input.k
      ), fan as (
        insert into wx_user (app_id, open_id, subscribe, last_interaction_at)
        select ${account.appId}, o, '1', max(t) from fresh group by o
        on conflict (app_id, open_id) do update set
          last_interaction_at = greatest(excluded.last_interaction_at, wx_user.last_interaction_at),
          updated_at = now()
        returning id, open_id, nick_name, headimg_url, (xmax = 0) as created
      ), msg as (
        insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_event, rep_content, rep_media_id, rep_name, rep_desc, rep_url,
          rep_thumb_media_id, rep_location_x, rep_location_y, rep_scale, read_flag, msg_id, event_key, nick_name, headimg_url, app_name, app_logo, create_time, push_key)
        select ${account.appId}, fan.id, fresh.o, '1', fresh.rt, fresh.re, fresh.rc, fresh.rm, fresh.rn, fresh.rd, fresh.ru,
          fresh.rtm, fresh.x, fresh.y, fresh.s, '0', fresh.mi, fresh.ek, fan.nick_name, fan.headimg_url, ${account.name}, ${account.logo}, fresh.t, fresh.k
        from fresh join fan on fan.open_id = fresh.o
        returning *
      )
      select msg.*, fan.created as follower_created from msg join fan on fan.id = msg.wx_user_id`);
    const byKey = new Map(rowsOf(result).map((row) => [String(row.push_key), row]));
    for (const [key, item] of first) item.resolve(byKey.get(key) ?? null);
  };

  const drain = (appId: string) => {
    const queue = queues.get(appId);
    if (!queue?.length || (inFlight.get(appId) ?? 0) >= MAX_IN_FLIGHT) return;
    const items = queue.splice(0, MAX_BATCH);
    inFlight.set(appId, (inFlight.get(appId) ?? 0) + 1);
    storeBatch(items)
      .catch((error: unknown) => { for (const item of items) item.reject(error); })
      .finally(() => {
        inFlight.set(appId, (inFlight.get(appId) ?? 1) - 1);
        drain(appId);
      });
  };

  // A batch starts after the pushes read in the same turn of the event loop have joined it: an
  // idle server would otherwise store the first one alone and keep the others waiting for it.
  const scheduled = new Set<string>();
  const drainSoon = (appId: string) => {
    if (scheduled.has(appId)) return;
    scheduled.add(appId);
    setImmediate(() => {
      scheduled.delete(appId);
      drain(appId);
    });
  };

  const storeBatched = (account: AccountRuntime, push: InboundMessage, key: string, c: Columns) =>
    new Promise<Record<string, unknown> | null>((resolve, reject) => {
      let queue = queues.get(account.appId);
      if (!queue) queues.set(account.appId, (queue = []));
      queue.push({ account, push, key, c, resolve, reject });
      drainSoon(account.appId);
    });

  /** After the answer: follower details from the platform, and our own copy of temporary media. */
  const followUp = (account: AccountRuntime, push: InboundMessage, row: Record<string, unknown>) => {
    if (row.follower_created === true || (push.msgType === 'event' && push.event === 'subscribe')) {
      ctx.background.run('follower refresh', () => followers.refreshFromPlatform(account.appId, push.fromUserName));
    }
    if (MEDIA_TYPES.has(push.msgType) && 'mediaId' in push && push.mediaId) {
      const mediaId = push.mediaId;
      ctx.background.run('media copy', async () => {
        const download = await materials.fetchTemporary(account.appId, mediaId);
        const ext = /\.([a-z0-9]{1,8})$/i.exec(download.fileName ?? '')?.[1] ?? (push.msgType === 'voice' ? 'amr' : push.msgType === 'image' ? 'jpg' : 'mp4');
        const key = newBlobKey('inbox', ext);
        await ctx.storage.put(key, download.bytes, download.contentType);
        await db.update(wxMsg).set({ mediaStorageKey: key }).where(and(eq(wxMsg.id, String(row.id))));
      });
    }
  };

  const runListeners = async (event: IncomingMessageEvent, deadline: number): Promise<PassiveReply | null> => {
    if (!listeners.length) return null;
    const results = listeners.map((listener) => Promise.resolve().then(() => listener(event)).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'incoming-message listener failed');
      return null;
    }));
    const all = Promise.all(results).then((answers) => answers.find((a): a is PassiveReply => !!a) ?? null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())); });
    try {
      return await Promise.race([all, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    /** Plugs in the conversations work (auto replies, live channel); returns an unsubscribe. */
    onIncomingMessage(listener: IncomingListener): () => void {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
      };
    },

    /** GET: the platform checks the URL; echo `echostr` when the signature is ours. */
    async verify(appId: string, query: PortalQuery): Promise<string> {
      const account = await accountFor(appId);
      if (!verifyCallbackSignature(account.token, query)) throw forbidden('非法请求：签名不正确');
      return query.echostr ?? '';
    },

    /** POST: a push. Answers the reply XML (encrypted when the push was), or `success`. */
    async receive(appId: string, query: PortalQuery, body: string, started = Date.now()): Promise<string> {
      const account = await accountFor(appId);
      const credentials = { appId: account.appId, token: account.token, encodingAesKey: account.aesKey ?? '' };
      if (query.encrypt_type === 'aes' && !account.aesKey) throw badRequest('公众号未配置 EncodingAESKey，无法解密');
      let push: InboundMessage;
      let encrypted: boolean;
      try {
        ({ message: push, encrypted } = openPush({ body, query, credentials }));
      } catch (error) {
        if (error instanceof WechatCryptoError && error.code === 'SIGNATURE_MISMATCH') throw forbidden('非法请求：签名不正确');
        if (error instanceof WechatProtocolError) throw badRequest(`无法解析的消息：${error.message}`);
        throw error;
      }
      // After the signature check (the timestamp is signed), before anything is stored.
      const signedAt = Number(query.timestamp);
      if (!Number.isFinite(signedAt) || Math.abs(Date.now() / 1000 - signedAt) > REPLAY_WINDOW_S) throw forbidden(REPLAY_REFUSED);
      const key = dedupKey(push);
      const c = columnsOf(push);
      const row = c.kind === 'other' && c.repEvent !== 'LOCATION' ? await storeBatched(account, push, key, c) : await store(account, push, key);
      if (!row) {
        // A retry: the same answer as the first time (or `success` while that one is still running).
        const [seen] = await db.select({ reply: wxCallbackSeen.reply }).from(wxCallbackSeen)
          .where(and(eq(wxCallbackSeen.appId, account.appId), eq(wxCallbackSeen.dedupKey, key)));
        return seen?.reply ?? 'success';
      }
      followUp(account, push, row);
      const message = msgView(row);
      const event: IncomingMessageEvent = {
        account: { appId: account.appId, name: account.name, logo: account.logo, weixinSign: account.weixinSign },
        message,
        follower: { id: message.wxUserId, openId: push.fromUserName, created: row.follower_created === true },
        push,
      };
      const reply = await runListeners(event, started + REPLY_DEADLINE_MS);
      if (!reply) return 'success';
      const answer = sealReply({ ...reply, toUserName: push.fromUserName, fromUserName: push.toUserName, createTime: Math.floor(Date.now() / 1000) }, { encrypted, credentials });
      await db.update(wxCallbackSeen).set({ reply: answer }).where(and(eq(wxCallbackSeen.appId, account.appId), eq(wxCallbackSeen.dedupKey, key)));
      return answer;
    },

    sweep,
    stop: () => clearInterval(sweeper),
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
