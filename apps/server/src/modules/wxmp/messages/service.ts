import { and, count, countDistinct, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { replyProblem, type Page, type PageQuery, type WxReplyFields, type WxStoredReply } from '@canteen/contract';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate, type SortWhitelist } from '../../../http/paging.js';
import type { Database } from '../../../db/client.js';
import type { WechatClient } from '../../../platform/wechat/client.js';
import type { AccountService } from '../accounts/service.js';
import { wxApp, wxMsg, wxUnread, wxUser } from '../tables.js';
import { customMessageOf, normalizeReply } from '../conversations/reply.js';
import { follower, followerNow, messageColumnsOf, toMessage, withFollower, type ConversationMessage } from './view.js';

export type { ConversationMessage } from './view.js';

/** The platform accepts customer-service messages this long after the follower's last message. */
export const SEND_WINDOW_MS = 48 * 3600_000;
/** …and this long after a subscribe, menu tap or scan (3 messages; wechat.md §2.2). */
export const EVENT_WINDOW_MS = 60_000;
export const NEWS_ONE_MESSAGE = '图文消息条数限制在1条以内，已默认发送第一条';

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
  /** The bell's keyset: rows after (older than) the one with this createTime and wxUserId. */
  beforeTime?: string | undefined;
  beforeUser?: string | undefined;
}

/** The bell's page: its rows, and every unread message of the followers it counts (`countMsg`). */
export type BellPage = Page<BellRow> & { countMsg: number };

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

/** Literal SQL for values already checked against a closed set or a strict pattern (partial indexes must match them). */
const literal = (value: string): SQL => {
  if (!/^[A-Za-z_]{1,32}$/.test(value) && !/^[012]$/.test(value)) throw badRequest('参数格式不正确');
  return sql.raw(`'${value}'`);
};

/** The sort names a message list accepts; the history and the list add `id desc` to break ties. */
const sortable: SortWhitelist = { create_time: wxMsg.createTime, id: wxMsg.id };
const newestFirst = [desc(wxMsg.createTime)];

/** 用户消息: the message list, conversation history, bell, sending, read state and home figures. */
export function createMessageService(database: Database, client: WechatClient, accounts: AccountService, now: () => number = Date.now) {
  const { db } = database;

  /** The filters of a list (literals where the partial indexes must match). */
  const filters = (q: MessagePageQuery): SQL | undefined => and(
    q.appId ? eq(wxMsg.appId, q.appId) : undefined,
    q.wxUserId ? eq(wxMsg.wxUserId, q.wxUserId) : undefined,
    q.type ? eq(wxMsg.type, literal(q.type)) : undefined,
    q.readFlag ? eq(wxMsg.readFlag, literal(q.readFlag)) : undefined,
    q.repType ? eq(wxMsg.repType, literal(q.repType)) : undefined,
    q.notInRepType ? ne(wxMsg.repType, literal(q.notInRepType)) : undefined,
    q.nickName
      ? inArray(wxMsg.wxUserId, db.select({ id: wxUser.id }).from(wxUser)
        .where(sql`position(${q.nickName} in coalesce(${wxUser.nickName}, '') || ' ' || coalesce(${wxUser.remark}, '')) > 0`))
      : undefined,
  );

  const byId = async (id: string) => {
    const [found] = await db.select(withFollower).from(wxMsg).leftJoin(follower, eq(follower.id, wxMsg.wxUserId)).where(eq(wxMsg.id, id));
    if (!found) throw notFound('消息不存在');
    return toMessage(found.message, found);
  };

  return {
    byId,

    /**
     * `GET /weixin/wxmsg/page`: reads only. With notInRepType: one row per follower (the latest
     * matching message plus countMsg), the bell's shape. Opening a conversation marks it read
     * through `markConversationRead`, not through this call.
     */
    async page(q: MessagePageQuery): Promise<Page<ConversationMessage | BellRow> | BellPage> {
      if (q.notInRepType) return this.grouped(q);
      const where = filters(q);
      return paginate(q, sortable, {
        count: async () => (await db.select({ n: count() }).from(wxMsg).where(where))[0]?.n ?? 0,
        rows: async ({ order, limit, offset }) => {
          const rows = await db.select(withFollower).from(wxMsg).leftJoin(follower, eq(follower.id, wxMsg.wxUserId))
            .where(where).orderBy(...order, desc(wxMsg.id)).limit(limit).offset(offset);
          return rows.map((r) => toMessage(r.message, r));
        },
      }, newestFirst);
    },

    /**
     * The bell (type 1, unread, events excluded, optionally one account): read from the
     * per-follower summary the triggers of 0211_wx_unread.sql keep. Always newest first.
     * `total` is the followers with unread messages and `countMsg` all their unread messages
     * (the badge). With `beforeTime` + `beforeUser` (the last row shown) the page is the rows
     * after it, whatever was opened or read meanwhile; `total` still counts them all.
     */
    async bell(q: MessagePageQuery): Promise<BellPage> {
      const app = q.appId ? eq(wxUnread.appId, q.appId) : undefined;
      // The answer's times have milliseconds, the stored ones microseconds.
      const after = q.beforeTime && q.beforeUser
        ? sql`(date_trunc('milliseconds', ${wxUnread.lastTime}), ${wxUnread.wxUserId}) < (${new Date(q.beforeTime).toISOString()}::timestamptz, ${q.beforeUser}::bigint)`
        : undefined;
      const [totals] = await db.select({ followers: count(), messages: sql<number>`coalesce(sum(${wxUnread.countMsg}), 0)::int` }).from(wxUnread).where(app);
      const page = await paginate(after ? { ...q, current: 1 } : q, sortable, {
        count: async () => totals?.followers ?? 0,
        rows: async ({ limit, offset }) => {
          const rows = await db.select({ ...withFollower, countMsg: wxUnread.countMsg }).from(wxUnread)
            .innerJoin(wxMsg, eq(wxMsg.id, wxUnread.lastMsgId)).leftJoin(follower, eq(follower.id, wxUnread.wxUserId))
            .where(and(app, after)).orderBy(desc(wxUnread.lastTime), desc(wxUnread.wxUserId)).limit(limit).offset(offset);
          return rows.map((r) => ({ ...toMessage(r.message, r), countMsg: r.countMsg }));
        },
      });
      return { ...page, countMsg: totals?.messages ?? 0 };
    },

    /** One row per follower: the latest message matching the filters, and how many match. Always newest first. */
    async grouped(q: MessagePageQuery): Promise<Page<BellRow> | BellPage> {
      if (q.type === '1' && q.readFlag === '0' && q.notInRepType === 'event' && !q.wxUserId && !q.repType && !q.nickName) return this.bell(q);
      const where = filters(q);
      return paginate(q, sortable, {
        count: async () => (await db.select({ n: countDistinct(wxMsg.wxUserId) }).from(wxMsg).where(where))[0]?.n ?? 0,
        rows: async ({ limit, offset }) => {
          const lastTime = sql<Date>`max(${wxMsg.createTime})`;
          const groups = db.$with('g').as(db.select({ wxUserId: wxMsg.wxUserId, countMsg: sql<number>`count(*)::int`.as('count_msg'), lastTime: lastTime.as('last_time') })
            .from(wxMsg).where(where).groupBy(wxMsg.wxUserId).orderBy(desc(lastTime), desc(wxMsg.wxUserId)).limit(limit).offset(offset));
          const latest = db.select().from(wxMsg).where(and(eq(wxMsg.wxUserId, groups.wxUserId), where))
            .orderBy(desc(wxMsg.createTime), desc(wxMsg.id)).limit(1).as('l');
          const rows = await db.with(groups).select({ message: messageColumnsOf(latest), countMsg: groups.countMsg, ...followerNow }).from(groups)
            .crossJoinLateral(latest).leftJoin(follower, eq(follower.id, latest.wxUserId))
            .orderBy(desc(groups.lastTime), desc(groups.wxUserId));
          return rows.map((r) => ({ ...toMessage(r.message, r), countMsg: r.countMsg }));
        },
      });
    },

    /**
     * `DELETE /weixin/wxmsg/:id`: one stored message goes. The bell's per-follower summary is
     * recounted by the delete trigger of 0211_wx_unread.sql (the follower's count drops, their
     * row goes with their last unread message, and a deleted latest message gives way to the one
     * before). Answers the message as it was, for the live channel.
     */
    async remove(id: string): Promise<ConversationMessage> {
      const [gone] = await db.delete(wxMsg).where(eq(wxMsg.id, id)).returning();
      if (!gone) throw notFound('消息不存在');
      return toMessage(gone);
    },

    /** `PUT /weixin/wxmsg`: one message read ('1') or unread ('0'). */
    async setRead(id: string, readFlag: '0' | '1') {
      const updated = await db.update(wxMsg).set({ readFlag }).where(eq(wxMsg.id, id)).returning({ id: wxMsg.id });
      if (!updated.length) throw notFound('消息不存在');
      return byId(id);
    },

    /**
     * `PUT /weixin/wxmsg/read`: opening a conversation reads it, every unread message of the
     * follower (events too) becomes read; the bell's summary follows through the triggers of
     * 0211_wx_unread.sql. Answers how many messages it marked.
     */
    async markConversationRead(appId: string, wxUserId: string): Promise<number> {
      const marked = db.$with('marked').as(db.update(wxMsg).set({ readFlag: '1' })
        .where(and(eq(wxMsg.wxUserId, wxUserId), eq(wxMsg.readFlag, literal('0')), eq(wxMsg.appId, appId))).returning({ id: wxMsg.id }));
      const [row] = await db.with(marked).select({ n: count() }).from(marked);
      return row?.n ?? 0;
    },

    /** Unread follower messages (events excluded), the followers they come from, and today's new followers. */
    async summary(appId: string | undefined, since: Date) {
      const unread = db.$with('unread').as(db.select({
        messages: sql<number>`coalesce(sum(${wxUnread.countMsg}), 0)::int`.as('messages'),
        followers: sql<number>`count(*)::int`.as('followers'),
      }).from(wxUnread).where(appId ? eq(wxUnread.appId, appId) : undefined));
      const fans = db.$with('fans').as(db.select({
        today: sql<number>`(count(*) filter (where ${wxUser.subscribeTime} >= ${since.toISOString()}::timestamptz))::int`.as('today'),
        all: sql<number>`count(*)::int`.as('all_fans'),
      }).from(wxUser).where(and(eq(wxUser.subscribe, literal('1')), appId ? eq(wxUser.appId, appId) : undefined)));
      const [row] = await db.with(unread, fans).select({ messages: unread.messages, followers: unread.followers, today: fans.today, all: fans.all })
        .from(unread).crossJoin(fans);
      return {
        unreadMessages: row?.messages ?? 0,
        unreadFollowers: row?.followers ?? 0,
        todayFollowers: row?.today ?? 0,
        followers: row?.all ?? 0,
        since: since.toISOString(),
      };
    },

    /**
     * Stores the account's message (an automatic reply or an operator's send) as type '2', read,
     * with the account's and the follower's names copied in.
     */
    async storeOutgoing(appId: string, wxUserId: string, reply: WxStoredReply, options: { createTime?: Date; status: 'sent' | 'failed'; error?: string | null }) {
      const [target] = await db.select({
        appId: wxUser.appId, wxUserId: wxUser.id, openId: wxUser.openId, nickName: wxUser.nickName, headimgUrl: wxUser.headimgUrl, appName: wxApp.name, appLogo: wxApp.logo,
      }).from(wxUser).innerJoin(wxApp, eq(wxApp.appId, wxUser.appId)).where(and(eq(wxUser.id, wxUserId), eq(wxUser.appId, appId)));
      if (!target) throw notFound('该用户不存在');
      if (!reply.repType) throw badRequest('回复的消息类型不能为空');
      const [row] = await db.insert(wxMsg).values({
        appId: target.appId, wxUserId: target.wxUserId, openId: target.openId, type: '2',
        repType: reply.repType, repContent: reply.repContent, repMediaId: reply.repMediaId, repName: reply.repName, repDesc: reply.repDesc, repUrl: reply.repUrl, repHqUrl: reply.repHqUrl,
        content: reply.content ?? null, repThumbMediaId: reply.repThumbMediaId, repThumbUrl: reply.repThumbUrl, readFlag: '1',
        nickName: target.nickName, headimgUrl: target.headimgUrl, appName: target.appName, appLogo: target.appLogo,
        createTime: options.createTime ?? new Date(now()), sendStatus: options.status, sendError: options.error ?? null,
      }).returning();
      return toMessage(row!);
    },

    /**
     * `POST /weixin/wxmsg`: a customer-service message. Refused before calling the platform
     * when the follower left or the 48-hour window is closed; a platform failure is stored as
     * 'failed' (never lost) and answered with the platform's message.
     */
    async send(input: SendInput, publicBase?: string): Promise<{ message: ConversationMessage; notice: string | null }> {
      await accounts.requireAppId(input.appId);
      const [fan] = await db.select({ openId: wxUser.openId, subscribe: wxUser.subscribe, lastInteractionAt: wxUser.lastInteractionAt })
        .from(wxUser).where(and(eq(wxUser.id, input.wxUserId), eq(wxUser.appId, input.appId)));
      if (!fan) throw notFound('该用户不存在或不属于此公众号');
      const problem = replyProblem(input);
      if (problem) throw badRequest(problem);
      const reply = normalizeReply(input);
      let notice: string | null = null;
      if (reply.content && reply.content.articles.length > 1) {
        reply.content = { articles: reply.content.articles.slice(0, 1) };
        notice = NEWS_ONE_MESSAGE;
      }
      if (fan.subscribe !== '1') throw conflict('该用户已取消关注公众号，无法发送消息');
      const [last] = await db.select({ createTime: wxMsg.createTime }).from(wxMsg)
        .where(and(eq(wxMsg.wxUserId, input.wxUserId), eq(wxMsg.type, literal('1')), ne(wxMsg.repType, literal('event'))))
        .orderBy(desc(wxMsg.createTime)).limit(1);
      const at = now();
      const lastMessage = last ? last.createTime.getTime() : null;
      const lastEvent = fan.lastInteractionAt ? fan.lastInteractionAt.getTime() : null;
      const open = (lastMessage !== null && at - lastMessage < SEND_WINDOW_MS) || (lastEvent !== null && at - lastEvent < EVENT_WINDOW_MS);
      if (!open) {
        throw conflict(lastMessage === null
          ? '该用户没有给公众号发过消息：微信只允许在用户发消息后48小时内回复客服消息，请等待用户再次发消息'
          : `已超过48小时回复时限：该用户最后一次发消息是在 ${new Date(lastMessage).toISOString()}，微信只允许在用户发消息后48小时内回复，请等待用户再次发消息`);
      }
      try {
        await client.sendCustom(input.appId, customMessageOf(reply, fan.openId, publicBase));
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
