import { sql, type SQL } from 'drizzle-orm';
import { replyProblem, type PageQuery, type WxReplyFields, type WxStoredReply } from '@canteen/contract';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy } from '../../../http/paging.js';
import type { Database } from '../../../db/client.js';
import type { WechatClient } from '../../../platform/wechat/client.js';
import type { AccountService } from '../accounts/service.js';
import { msgView, type WxMsgView } from '../portal/service.js';
import { customMessageOf, normalizeReply } from '../conversations/reply.js';

/** The platform accepts customer-service messages this long after the follower's last message. */
export const SEND_WINDOW_MS = 48 * 3600_000;
/** …and this long after a subscribe, menu tap or scan (3 messages; wechat.md §2.2). */
export const EVENT_WINDOW_MS = 60_000;
export const NEWS_ONE_MESSAGE = '图文消息条数限制在1条以内，已默认发送第一条';

/** A conversation message as the API shows it: the stored fields, our media copy and the send status. */
export interface ConversationMessage extends WxMsgView {
  /** Our copy of the media a follower sent (plays after the platform's 3 days), or null. */
  mediaUrl: string | null;
  /** The account's messages: 'sent' or 'failed'; null for the follower's. */
  sendStatus: 'sent' | 'failed' | null;
  sendError: string | null;
}

export interface BellRow extends ConversationMessage {
  countMsg: number;
}

export interface MessagePageQuery extends PageQuery {
  appId?: string | undefined;
  wxUserId?: string | undefined;
  type?: '1' | '2' | undefined;
  readFlag?: '0' | '1' | undefined;
  repType?: string | undefined;
  nickName?: string | undefined;
  notInRepType?: string | undefined;
}

export interface SendInput extends WxReplyFields {
  appId: string;
  wxUserId: string;
}

/** A send the platform refused: the message is stored as failed and answered with the failure. */
export class SendFailedError extends AppError {
  constructor(status: number, message: string, readonly sent: ConversationMessage) {
    super(status, message);
  }
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? (result as Record<string, unknown>[]) : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

export const conversationView = (r: Record<string, unknown>): ConversationMessage => {
  const base = msgView(r);
  return {
    ...base,
    nickName: (r.follower_nick_name as string | null | undefined) ?? base.nickName,
    headimgUrl: (r.follower_headimg_url as string | null | undefined) ?? base.headimgUrl,
    mediaUrl: typeof r.media_storage_key === 'string' && r.media_storage_key ? `/weixin/media/${r.media_storage_key}` : null,
    sendStatus: (r.send_status as 'sent' | 'failed' | null | undefined) ?? null,
    sendError: (r.send_error as string | null | undefined) ?? null,
  };
};

/** Literal SQL for values already checked against a closed set or a strict pattern. */
const literal = (value: string) => {
  if (!/^[A-Za-z_]{1,32}$/.test(value) && !/^[012]$/.test(value)) throw badRequest('参数格式不正确');
  return sql.raw(`'${value}'`);
};

const toMs = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

const FOLLOWER = sql.raw(`coalesce(u.nick_name, u.remark) as follower_nick_name, u.headimg_url as follower_headimg_url`);

/** 用户消息: the message list, conversation history, bell, sending, read state and home figures. */
export function createMessageService(database: Database, client: WechatClient, accounts: AccountService, now: () => number = Date.now) {
  const { db } = database;
  const run = async (query: SQL) => rowsOf(await db.execute(query));

  /** The filters of a list on alias m (literals where the partial indexes must match). */
  const filters = (q: MessagePageQuery, alias = 'm'): SQL => {
    const m = sql.raw(alias);
    const parts: SQL[] = [];
    if (q.appId) parts.push(sql`${m}.app_id = ${q.appId}`);
    if (q.wxUserId) parts.push(sql`${m}.wx_user_id = ${q.wxUserId}`);
    if (q.type) parts.push(sql`${m}.type = ${literal(q.type)}`);
    if (q.readFlag) parts.push(sql`${m}.read_flag = ${literal(q.readFlag)}`);
    if (q.repType) parts.push(sql`${m}.rep_type = ${literal(q.repType)}`);
    if (q.notInRepType) parts.push(sql`${m}.rep_type <> ${literal(q.notInRepType)}`);
    if (q.nickName) {
      parts.push(sql`${m}.wx_user_id in (select id from wx_user where position(${q.nickName} in coalesce(nick_name, '') || ' ' || coalesce(remark, '')) > 0)`);
    }
    return parts.length ? sql.join(parts, sql` and `) : sql`true`;
  };

  const sortable = { create_time: sql`m.create_time`, id: sql`m.id` };

  const markFollowerRead = (wxUserId: string, appId?: string) =>
    run(sql`update wx_msg set read_flag = '1' where wx_user_id = ${wxUserId} and read_flag = '0'${appId ? sql` and app_id = ${appId}` : sql``}`);

  const byId = async (id: string) => {
    const [row] = await run(sql`select m.*, ${FOLLOWER} from wx_msg m left join wx_user u on u.id = m.wx_user_id where m.id = ${id}`);
    if (!row) throw notFound('消息不存在');
    return conversationView(row);
  };

  return {
    byId,

    /**
     * `GET /weixin/wxmsg/page`. With wxUserId: that follower's messages are marked read first
     * (opening a conversation reads it). With notInRepType: one row per follower (the latest
     * matching message plus countMsg), the bell's shape.
     */
    async page(q: MessagePageQuery) {
      if (q.notInRepType) return this.grouped(q);
      if (q.wxUserId) await markFollowerRead(q.wxUserId, q.appId);
      const order = orderBy(q, sortable, [sql`m.create_time desc`]);
      const where = filters(q);
      const offset = (q.current - 1) * q.size;
      const [counted, rows] = await Promise.all([
        run(sql`select count(*)::int as n from wx_msg m where ${where}`),
        run(sql`select m.*, ${FOLLOWER} from wx_msg m left join wx_user u on u.id = m.wx_user_id
          where ${where} order by ${sql.join(order, sql`, `)}, m.id desc limit ${q.size} offset ${offset}`),
      ]);
      const total = Number(counted[0]?.n ?? 0);
      return { records: rows.map(conversationView), total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
    },

    /**
     * The bell (type 1, unread, events excluded, optionally one account): read from the
     * per-follower summary the triggers of 0211_wx_unread.sql keep.
     */
    async bell(q: MessagePageQuery) {
      const offset = (q.current - 1) * q.size;
      const app = q.appId ? sql`where s.app_id = ${q.appId}` : sql``;
      const [counted, rows] = await Promise.all([
        run(sql`select count(*)::int as n from wx_unread s ${app}`),
        run(sql`select m.*, s.count_msg, ${FOLLOWER} from wx_unread s
          join wx_msg m on m.id = s.last_msg_id left join wx_user u on u.id = s.wx_user_id
          ${app} order by s.last_time desc, s.wx_user_id desc limit ${q.size} offset ${offset}`),
      ]);
      const total = Number(counted[0]?.n ?? 0);
      const records: BellRow[] = rows.map((r) => ({ ...conversationView(r), countMsg: Number(r.count_msg) }));
      return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
    },

    /** One row per follower: the latest message matching the filters, and how many match. */
    async grouped(q: MessagePageQuery) {
      orderBy(q, sortable); // the same sort names are accepted; the order is always newest first
      if (q.type === '1' && q.readFlag === '0' && q.notInRepType === 'event' && !q.wxUserId && !q.repType && !q.nickName) return this.bell(q);
      const offset = (q.current - 1) * q.size;
      const [counted, rows] = await Promise.all([
        run(sql`select count(distinct m.wx_user_id)::int as n from wx_msg m where ${filters(q)}`),
        run(sql`
          with g as (
            select m.wx_user_id, count(*)::int as count_msg, max(m.create_time) as last_time
            from wx_msg m where ${filters(q)}
            group by m.wx_user_id order by last_time desc, m.wx_user_id desc limit ${q.size} offset ${offset}
          )
          select l.*, g.count_msg, ${FOLLOWER}
          from g cross join lateral (
            select * from wx_msg m where m.wx_user_id = g.wx_user_id and ${filters(q)}
            order by m.create_time desc, m.id desc limit 1
          ) l
          left join wx_user u on u.id = l.wx_user_id
          order by g.last_time desc, g.wx_user_id desc`),
      ]);
      const total = Number(counted[0]?.n ?? 0);
      const records: BellRow[] = rows.map((r) => ({ ...conversationView(r), countMsg: Number(r.count_msg) }));
      return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
    },

    /** `PUT /weixin/wxmsg`: one message read ('1') or unread ('0'). */
    async setRead(id: string, readFlag: '0' | '1') {
      const updated = await run(sql`update wx_msg set read_flag = ${readFlag} where id = ${id} returning id`);
      if (!updated.length) throw notFound('消息不存在');
      return byId(id);
    },

    /** Unread follower messages (events excluded), the followers they come from, and today's new followers. */
    async summary(appId: string | undefined, since: Date) {
      const app = (alias: string) => (appId ? sql` and ${sql.raw(alias)}.app_id = ${appId}` : sql``);
      const [row] = await run(sql`select
        (select coalesce(sum(s.count_msg), 0)::int from wx_unread s where true${app('s')}) as unread_messages,
        (select count(*)::int from wx_unread s where true${app('s')}) as unread_followers,
        (select count(*)::int from wx_user w where w.subscribe = '1' and w.subscribe_time >= ${since.toISOString()}::timestamptz${app('w')}) as today_followers,
        (select count(*)::int from wx_user w where w.subscribe = '1'${app('w')}) as followers`);
      return {
        unreadMessages: Number(row?.unread_messages ?? 0),
        unreadFollowers: Number(row?.unread_followers ?? 0),
        todayFollowers: Number(row?.today_followers ?? 0),
        followers: Number(row?.followers ?? 0),
        since: since.toISOString(),
      };
    },

    /**
     * Stores the account's message (an automatic reply or an operator's send) as type '2', read,
     * with the account's and the follower's names copied in.
     */
    async storeOutgoing(appId: string, wxUserId: string, reply: WxStoredReply, options: { createTime?: Date; status: 'sent' | 'failed'; error?: string | null }) {
      const at = options.createTime ?? new Date(now());
      const [row] = await run(sql`
        insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_content, rep_media_id, rep_name, rep_desc, rep_url, rep_hq_url,
          content, rep_thumb_media_id, rep_thumb_url, read_flag, nick_name, headimg_url, app_name, app_logo, create_time, send_status, send_error)
        select u.app_id, u.id, u.open_id, '2', ${reply.repType}, ${reply.repContent}, ${reply.repMediaId}, ${reply.repName}, ${reply.repDesc}, ${reply.repUrl}, ${reply.repHqUrl},
          ${reply.content ? JSON.stringify(reply.content) : null}::jsonb, ${reply.repThumbMediaId}, ${reply.repThumbUrl}, '1', u.nick_name, u.headimg_url, a.name, a.logo,
          ${at.toISOString()}::timestamptz, ${options.status}, ${options.error ?? null}
        from wx_user u join wx_app a on a.app_id = u.app_id
        where u.id = ${wxUserId} and u.app_id = ${appId}
        returning *`);
      if (!row) throw notFound('该用户不存在');
      return conversationView(row);
    },

    /**
     * `POST /weixin/wxmsg`: a customer-service message. Refused before calling the platform
     * when the follower left or the 48-hour window is closed; a platform failure is stored as
     * 'failed' (never lost) and answered with the platform's message.
     */
    async send(input: SendInput): Promise<{ message: ConversationMessage; notice: string | null }> {
      await accounts.requireAppId(input.appId);
      const [follower] = await run(sql`select id, open_id, subscribe, last_interaction_at from wx_user where id = ${input.wxUserId} and app_id = ${input.appId}`);
      if (!follower) throw notFound('该用户不存在或不属于此公众号');
      const problem = replyProblem(input);
      if (problem) throw badRequest(problem);
      const reply = normalizeReply(input);
      let notice: string | null = null;
      if (reply.content && reply.content.articles.length > 1) {
        reply.content = { articles: reply.content.articles.slice(0, 1) };
        notice = NEWS_ONE_MESSAGE;
      }
      if (follower.subscribe !== '1') throw conflict('该用户已取消关注公众号，无法发送消息');
      const [last] = await run(sql`select create_time from wx_msg
        where wx_user_id = ${input.wxUserId} and type = '1' and rep_type <> 'event' order by create_time desc limit 1`);
      const at = now();
      const lastMessage = last ? toMs(last.create_time) : null;
      const lastEvent = follower.last_interaction_at ? toMs(follower.last_interaction_at) : null;
      const open = (lastMessage !== null && at - lastMessage < SEND_WINDOW_MS) || (lastEvent !== null && at - lastEvent < EVENT_WINDOW_MS);
      if (!open) {
        throw conflict(lastMessage === null
          ? '该用户没有给公众号发过消息：微信只允许在用户发消息后48小时内回复客服消息，请等待用户再次发消息'
          : `已超过48小时回复时限：该用户最后一次发消息是在 ${new Date(lastMessage).toISOString()}，微信只允许在用户发消息后48小时内回复，请等待用户再次发消息`);
      }
      try {
        await client.sendCustom(input.appId, customMessageOf(reply, String(follower.open_id)));
      } catch (error) {
        const failure = error instanceof AppError ? error : new AppError(503, '发送失败：微信平台无响应，请稍后再试');
        const kept = await this.storeOutgoing(input.appId, input.wxUserId, reply, { status: 'failed', error: failure.message });
        throw new SendFailedError(failure.status, `发送失败：${failure.message}`, kept);
      }
      return { message: await this.storeOutgoing(input.appId, input.wxUserId, reply, { status: 'sent' }), notice };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
