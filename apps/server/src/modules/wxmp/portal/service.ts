import { and, eq, getTableColumns, lt, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  openPush, sealReply, verifyCallbackSignature, WechatCryptoError, WechatProtocolError, type InboundMessage, type ReplyMessage,
} from '@canteen/wechat-protocol';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import { newBlobKey } from '../../../storage/storage.js';
import type { Db } from '../../../db/client.js';
import { wxCallbackSeen, wxMsg, wxUser } from '../tables.js';
import type { WxmpContext } from '../context.js';
import { messageColumnsOf, toMessage, type ConversationMessage, type WxMsgRow } from '../messages/view.js';
import type { AccountRuntime, AccountService } from '../accounts/service.js';
import type { FollowerService } from '../followers/service.js';
import type { MaterialService } from '../materials/service.js';

/** A passive reply as a listener gives it: the envelope (To/From/CreateTime) is filled in here. */
export type PassiveReply = ReplyMessage extends infer R ? (R extends ReplyMessage ? Omit<R, 'toUserName' | 'fromUserName' | 'createTime'> : never) : never;

/** What a listener hears for each new (not retried) push, after it is stored. */
export interface IncomingMessageEvent {
  account: Pick<AccountRuntime, 'appId' | 'name' | 'logo' | 'weixinSign'>;
  /** The stored message (type '1', readFlag '0'), as the API and the live channel show it. */
  message: ConversationMessage;
  follower: { id: string; openId: string; created: boolean };
  /** The push as parsed (typed by @canteen/wechat-protocol). */
  push: InboundMessage;
  /** Where the platform reaches us (http/public-url.ts): our pictures in a reply are linked from it. */
  publicBase: string;
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

/** `excluded.<column>` in an upsert's `set`: the value the insert proposed. */
const excluded = (column: AnyColumn) => sql`excluded.${sql.identifier(column.name)}`;

/** A stored push and whether its follower was new. */
interface Stored { row: WxMsgRow; followerCreated: boolean }

/** The follower a message is stored against (the upsert's answer). */
const fanColumns = { id: wxUser.id, openId: wxUser.openId, nickName: wxUser.nickName, headimgUrl: wxUser.headimgUrl };
const fanFields = { ...fanColumns, created: sql<boolean>`(xmax = 0)` };
type Fan = { id: string; nickName: string | null; headimgUrl: string | null };

/** The wx_msg row of a push from its follower (type '1', unread), with the follower's and the account's names copied in. */
const messageOf = (account: AccountRuntime, push: InboundMessage, key: string, c: Columns, fan: Fan): typeof wxMsg.$inferInsert => ({
  appId: account.appId, wxUserId: fan.id, openId: push.fromUserName, type: '1', repType: c.repType, repEvent: c.repEvent, repContent: c.repContent,
  repMediaId: c.repMediaId, repName: c.repName, repDesc: c.repDesc, repUrl: c.repUrl, repThumbMediaId: c.repThumbMediaId,
  repLocationX: c.x, repLocationY: c.y, repScale: c.scale, readFlag: '0', msgId: 'msgId' in push ? (push.msgId ?? null) : null, eventKey: c.eventKey,
  nickName: fan.nickName, headimgUrl: fan.headimgUrl, appName: account.name, appLogo: account.logo, createTime: new Date(push.createTime * 1000), pushKey: key,
});

/** Records the dedup keys; answers those not seen before (the others are retries). */
const markSeen = async (tx: Db, appId: string, keys: string[]) =>
  new Set((await tx.insert(wxCallbackSeen).values(keys.map((dedupKey) => ({ appId, dedupKey }))).onConflictDoNothing()
    .returning({ dedupKey: wxCallbackSeen.dedupKey })).map((r) => r.dedupKey));

/** `insert into <table> (<the given columns>) select <their values> <rest>`, as SQL for a CTE. */
function insertFrom<T extends PgTable>(table: T, values: { [K in keyof T['$inferInsert']]?: SQLWrapper }, rest: SQL): SQL {
  // Drizzle's own insert…select must select every column, the id included, which an identity column refuses.
  const columns = getTableColumns(table) as Record<string, AnyColumn>;
  const entries = Object.entries(values as Record<string, SQLWrapper>);
  return sql`insert into ${table} (${sql.join(entries.map(([key]) => sql.identifier(columns[key]!.name)), sql`, `)}) select ${sql.join(entries.map(([, value]) => value), sql`, `)} ${rest}`;
}

/** What a batch sends of each push, in wx_msg's columns (one JSON parameter, whatever the batch size). */
const inputColumns = {
  pushKey: wxMsg.pushKey, openId: wxMsg.openId, createTime: wxMsg.createTime, repType: wxMsg.repType, repEvent: wxMsg.repEvent, repContent: wxMsg.repContent,
  repMediaId: wxMsg.repMediaId, repName: wxMsg.repName, repDesc: wxMsg.repDesc, repUrl: wxMsg.repUrl, repThumbMediaId: wxMsg.repThumbMediaId,
  repLocationX: wxMsg.repLocationX, repLocationY: wxMsg.repLocationY, repScale: wxMsg.repScale, msgId: wxMsg.msgId, eventKey: wxMsg.eventKey,
};
type Input = { [K in keyof typeof inputColumns]: (typeof inputColumns)[K]['_']['data'] | null };
const inputFields = Object.keys(inputColumns) as Array<keyof typeof inputColumns>;
const inputColumnsOf = <S extends Record<keyof typeof inputColumns, unknown>>(subquery: S) =>
  Object.fromEntries(inputFields.map((field) => [field, subquery[field]])) as Pick<S, keyof typeof inputColumns>;
const inputDefinition = sql.join(Object.values(inputColumns).map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`), sql`, `);
const inputOf = ({ push, key, c }: { push: InboundMessage; key: string; c: Columns }): Input => ({
  pushKey: key, openId: push.fromUserName, createTime: new Date(push.createTime * 1000), repType: c.repType, repEvent: c.repEvent, repContent: c.repContent,
  repMediaId: c.repMediaId, repName: c.repName, repDesc: c.repDesc, repUrl: c.repUrl, repThumbMediaId: c.repThumbMediaId,
  repLocationX: c.x, repLocationY: c.y, repScale: c.scale, msgId: 'msgId' in push ? (push.msgId ?? null) : null, eventKey: c.eventKey,
});

/** A batch's pushes as the JSON parameter of `storePushes`, keyed by wx_msg's column names (times as ISO 8601). */
const inputJson = (pushes: Array<{ push: InboundMessage; key: string; c: Columns }>) => JSON.stringify(pushes.map((p) => {
  const row = inputOf(p);
  return Object.fromEntries(inputFields.map((field) => [inputColumns[field].name, row[field]]));
}));

/**
 * Stores ordinary pushes of one account in one statement (the callback's hot path): their dedup
 * keys (a retry stops there), one follower upsert per sender (created, or its last interaction
 * moved on), and the messages with the follower's and the account's names copied in. Answers the
 * stored rows, typed, with whether each follower was created. Built and prepared once; run with
 * `{ input: inputJson(pushes), appId, appName, appLogo }`.
 */
function storePushes(db: Db) {
  const appId = sql<string>`${sql.placeholder('appId')}`;
  const input = db.$with('input', inputColumns).as(sql`select * from jsonb_to_recordset(${sql.placeholder('input')}::jsonb) as t(${inputDefinition})`);
  const seen = db.$with('seen').as(db.insert(wxCallbackSeen)
    .select(db.select({ appId: appId.as('app_id'), dedupKey: input.pushKey, reply: sql<string | null>`null`.as('reply'), createdAt: sql<Date>`now()`.as('created_at') }).from(input))
    .onConflictDoNothing().returning({ dedupKey: wxCallbackSeen.dedupKey }));
  const fresh = db.$with('fresh').as(db.select(inputColumnsOf(input)).from(input).innerJoin(seen, eq(seen.dedupKey, input.pushKey)));
  const fan = db.$with('fan', { ...fanColumns, created: sql<boolean>`fan_created`.as('fan_created') }).as(sql`${insertFrom(wxUser, {
    appId, openId: fresh.openId, subscribe: sql`'1'`, lastInteractionAt: sql`max(${fresh.createTime})`,
  }, sql`from ${fresh} group by ${fresh.openId}`)}
    on conflict (${sql.identifier(wxUser.appId.name)}, ${sql.identifier(wxUser.openId.name)}) do update set
      ${sql.identifier(wxUser.lastInteractionAt.name)} = greatest(${excluded(wxUser.lastInteractionAt)}, ${wxUser.lastInteractionAt}),
      ${sql.identifier(wxUser.updatedAt.name)} = now()
    returning ${sql.join(Object.values(fanColumns).map((column) => sql.identifier(column.name)), sql`, `)}, (xmax = 0) as fan_created`);
  const message = db.$with('msg', getTableColumns(wxMsg)).as(sql`${insertFrom(wxMsg, {
    appId, wxUserId: fan.id, openId: fresh.openId, type: sql`'1'`, repType: fresh.repType, repEvent: fresh.repEvent, repContent: fresh.repContent,
    repMediaId: fresh.repMediaId, repName: fresh.repName, repDesc: fresh.repDesc, repUrl: fresh.repUrl, repThumbMediaId: fresh.repThumbMediaId,
    repLocationX: fresh.repLocationX, repLocationY: fresh.repLocationY, repScale: fresh.repScale, readFlag: sql`'0'`, msgId: fresh.msgId, eventKey: fresh.eventKey,
    nickName: fan.nickName, headimgUrl: fan.headimgUrl, appName: sql`${sql.placeholder('appName')}`, appLogo: sql`${sql.placeholder('appLogo')}`,
    createTime: fresh.createTime, pushKey: fresh.pushKey,
  }, sql`from ${fresh} join ${fan} on ${eq(fan.openId, fresh.openId)}`)} returning *`);
  return db.with(input, seen, fresh, fan, message).select({ message: messageColumnsOf(message), created: fan.created })
    .from(message).innerJoin(fan, eq(fan.id, message.wxUserId)).prepare('wxmp_store_pushes');
}

/**
 * The platform's callback `/weixin/portal/{appId}`: signature check, plain and safe mode,
 * de-duplication of retries, the message stored together with its follower created or updated
 * (one statement per batch of ordinary pushes, one transaction for a follow, unfollow or
 * location), listeners for the conversations work, and an answer within the 5-second rule.
 */
export function createPortalService(ctx: WxmpContext, accounts: AccountService, followers: FollowerService, materials: MaterialService) {
  const { db } = ctx.database;
  const storeStatement = storePushes(db);
  const listeners: IncomingListener[] = [];
  const sweep = () => db.delete(wxCallbackSeen).where(lt(wxCallbackSeen.createdAt, new Date(Date.now() - SEEN_TTL_MS))).catch(() => undefined);
  const sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  sweeper.unref();

  const accountFor = async (appId: string) => {
    const account = await accounts.runtime(appId);
    if (!account) throw notFound('非法请求：公众号不存在');
    return account;
  };

  /**
   * Stores a follow, unfollow or location push once, in one transaction: its dedup key (a retry
   * stops there), the follower created or updated, and the message.
   */
  const store = (account: AccountRuntime, push: InboundMessage, key: string, c: Columns): Promise<Stored | null> => db.transaction(async (tx) => {
    if (!(await markSeen(tx, account.appId, [key])).size) return null;
    const at = new Date(push.createTime * 1000);
    const { kind } = c;
    const location = c.repEvent === 'LOCATION';
    const [fan] = await tx.insert(wxUser).values({
      appId: account.appId,
      openId: push.fromUserName,
      subscribe: kind === 'unsubscribe' ? '0' : '1',
      subscribeNum: kind === 'subscribe' ? 1 : 0,
      subscribeTime: kind === 'subscribe' ? at : null,
      subscribeScene: c.qrScene !== null ? 'ADD_SCENE_QR_CODE' : null,
      qrSceneStr: c.qrScene,
      cancelSubscribeTime: kind === 'unsubscribe' ? at : null,
      latitude: location ? c.x : null,
      longitude: location ? c.y : null,
      precision: location ? c.scale : null,
      lastInteractionAt: kind === 'unsubscribe' ? null : at,
    }).onConflictDoUpdate({
      target: [wxUser.appId, wxUser.openId],
      // A column left undefined keeps its value.
      set: {
        subscribe: kind === 'subscribe' ? '1' : kind === 'unsubscribe' ? '0' : undefined,
        subscribeNum: sql`${wxUser.subscribeNum} + ${excluded(wxUser.subscribeNum)}`,
        subscribeTime: sql`coalesce(${excluded(wxUser.subscribeTime)}, ${wxUser.subscribeTime})`,
        subscribeScene: kind === 'subscribe' ? sql`coalesce(${excluded(wxUser.subscribeScene)}, ${wxUser.subscribeScene})` : undefined,
        qrSceneStr: sql`coalesce(${excluded(wxUser.qrSceneStr)}, ${wxUser.qrSceneStr})`,
        cancelSubscribeTime: kind === 'subscribe' ? null : sql`coalesce(${excluded(wxUser.cancelSubscribeTime)}, ${wxUser.cancelSubscribeTime})`,
        latitude: sql`coalesce(${excluded(wxUser.latitude)}, ${wxUser.latitude})`,
        longitude: sql`coalesce(${excluded(wxUser.longitude)}, ${wxUser.longitude})`,
        precision: sql`coalesce(${excluded(wxUser.precision)}, ${wxUser.precision})`,
        lastInteractionAt: sql`greatest(${excluded(wxUser.lastInteractionAt)}, ${wxUser.lastInteractionAt})`,
        updatedAt: sql`now()`,
      },
    }).returning(fanFields);
    const [row] = await tx.insert(wxMsg).values(messageOf(account, push, key, c, fan!)).returning();
    return { row: row!, followerCreated: fan!.created };
  });

  /**
   * Ordinary messages and events (not follow, unfollow or location) are stored in batches:
   * pushes that arrive while a batch is stored wait for the next one, which stores them all
   * in one statement (`storePushes`: dedup keys, one follower upsert per sender, the messages).
   * Under load this turns many small statements into a few larger ones; alone, a push goes
   * straight through.
   */
  interface Pending { account: AccountRuntime; push: InboundMessage; key: string; c: Columns; resolve: (stored: Stored | null) => void; reject: (error: unknown) => void }
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
    const rows = await storeStatement.execute({ input: inputJson([...first.values()]), appId: account.appId, appName: account.name, appLogo: account.logo });
    const stored = new Map(rows.map(({ message, created }) => [message.pushKey!, { row: message, followerCreated: created }]));
    for (const [key, item] of first) item.resolve(stored.get(key) ?? null);
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
    new Promise<Stored | null>((resolve, reject) => {
      let queue = queues.get(account.appId);
      if (!queue) queues.set(account.appId, (queue = []));
      queue.push({ account, push, key, c, resolve, reject });
      drainSoon(account.appId);
    });

  /** After the answer: follower details from the platform, and our own copy of temporary media. */
  const followUp = (account: AccountRuntime, push: InboundMessage, { row, followerCreated }: Stored) => {
    if (followerCreated || (push.msgType === 'event' && push.event === 'subscribe')) {
      ctx.background.run('follower refresh', () => followers.refreshFromPlatform(account.appId, push.fromUserName));
    }
    if (MEDIA_TYPES.has(push.msgType) && 'mediaId' in push && push.mediaId) {
      const mediaId = push.mediaId;
      ctx.background.run('media copy', async () => {
        const download = await materials.fetchTemporary(account.appId, mediaId);
        const ext = /\.([a-z0-9]{1,8})$/i.exec(download.fileName ?? '')?.[1] ?? (push.msgType === 'voice' ? 'amr' : push.msgType === 'image' ? 'jpg' : 'mp4');
        const key = newBlobKey('inbox', ext);
        await ctx.storage.put(key, download.bytes, download.contentType);
        await db.update(wxMsg).set({ mediaStorageKey: key }).where(eq(wxMsg.id, row.id));
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
    async receive(appId: string, query: PortalQuery, body: string, publicBase: string, started = Date.now()): Promise<string> {
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
      const stored = c.kind === 'other' && c.repEvent !== 'LOCATION' ? await storeBatched(account, push, key, c) : await store(account, push, key, c);
      if (!stored) {
        // A retry: the same answer as the first time (or `success` while that one is still running).
        const [seen] = await db.select({ reply: wxCallbackSeen.reply }).from(wxCallbackSeen)
          .where(and(eq(wxCallbackSeen.appId, account.appId), eq(wxCallbackSeen.dedupKey, key)));
        return seen?.reply ?? 'success';
      }
      followUp(account, push, stored);
      const message = toMessage(stored.row);
      const event: IncomingMessageEvent = {
        account: { appId: account.appId, name: account.name, logo: account.logo, weixinSign: account.weixinSign },
        message,
        follower: { id: message.wxUserId, openId: push.fromUserName, created: stored.followerCreated },
        push,
        publicBase,
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
