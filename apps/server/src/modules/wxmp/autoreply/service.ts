import { and, count, desc, eq, sql } from 'drizzle-orm';
import { passiveReplyProblem, type PageQuery, type WxReplyFields, type WxStoredReply } from '@canteen/contract';
import { translateDbError } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import type { Database } from '../../../db/client.js';
import type { AccountService } from '../accounts/service.js';
import { wxAutoReply } from '../conversations/tables.js';
import { normalizeReply, storedReplyOf } from '../conversations/reply.js';
import { isoOrNull } from '../../../http/iso.js';

export type AutoReplyType = '1' | '2' | '3';
/** How long another instance's rule change may take to apply here. */
export const RULES_TTL_MS = 2000;

const rank = (rule: { repMate: string | null }) => (rule.repMate === '1' ? 1 : 2);
const newestFirst = (a: { id: string }, b: { id: string }) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0);
/** Incoming message types a default reply (type 2) may answer. */
export const REQ_TYPES = ['text', 'image', 'voice', 'video', 'shortvideo', 'location', 'link'] as const;

export interface AutoReplyInput extends WxReplyFields {
  id?: string | undefined;
  appId: string;
  type: AutoReplyType;
  reqType?: string | null | undefined;
  reqKey?: string | null | undefined;
  repMate?: '1' | '2' | null | undefined;
}

type Row = typeof wxAutoReply.$inferSelect;

export const autoReplyMessages = {
  subscribeExists: '关注时回复只能有一条，请修改已有的回复',
  reqTypeDuplicate: '请求消息类型重复',
  keywordDuplicate: '关键词重复',
} as const;

/** 消息自动回复: rules per account and the matching of an incoming message. */
export function createAutoReplyService(database: Database, accounts: AccountService) {
  const { db } = database;

  const view = (row: Row) => ({
    id: row.id,
    appId: row.appId,
    type: row.type as AutoReplyType,
    reqType: row.reqType,
    reqKey: row.reqKey,
    repMate: row.repMate,
    ...storedReplyOf(row),
    repType: row.repType,
    createTime: isoOrNull(row.createdAt),
    updateTime: isoOrNull(row.updatedAt),
  });

  /** The rule's own fields checked, and the uniqueness rules of its type. */
  const check = async (input: AutoReplyInput) => {
    const problem = passiveReplyProblem(input);
    if (problem) throw badRequest(problem);
    const others = (where: ReturnType<typeof and>) =>
      db.select({ id: wxAutoReply.id }).from(wxAutoReply).where(and(eq(wxAutoReply.appId, input.appId), where)).limit(2);
    const clash = (rows: Array<{ id: string }>) => rows.some((r) => r.id !== input.id);
    const fields = { reqType: null as string | null, reqKey: null as string | null, repMate: null as string | null };
    if (input.type === '1') {
      if (clash(await others(eq(wxAutoReply.type, '1')))) throw conflict(autoReplyMessages.subscribeExists);
    } else if (input.type === '2') {
      if (!input.reqType) throw badRequest('请选择请求消息类型');
      if (!(REQ_TYPES as readonly string[]).includes(input.reqType)) throw badRequest(`请求消息类型必须是 ${REQ_TYPES.join('、')} 之一`);
      if (clash(await others(and(eq(wxAutoReply.type, '2'), eq(wxAutoReply.reqType, input.reqType))))) throw conflict(autoReplyMessages.reqTypeDuplicate);
      fields.reqType = input.reqType;
    } else {
      const key = input.reqKey?.trim() ?? '';
      if (!key) throw badRequest('请输入关键词');
      if (key.length > 64) throw badRequest('关键词不能超过64个字符');
      if (input.repMate !== '1' && input.repMate !== '2') throw badRequest('请选择匹配类型（1 全匹配，2 半匹配）');
      if (clash(await others(and(eq(wxAutoReply.type, '3'), eq(wxAutoReply.reqKey, key))))) throw conflict(autoReplyMessages.keywordDuplicate);
      fields.reqKey = key;
      fields.repMate = input.repMate;
    }
    // News: one article, on subscribe too (specification §5: a passive reply carries one article,
    // so a subscribe rule with several used to send the first only without saying so).
    const reply = normalizeReply(input);
    if (reply.content) reply.content = { articles: reply.content.articles.slice(0, 1) };
    return { ...fields, ...reply, repType: input.repType };
  };

  /** The database's unique indexes back the checks (two saves at once): the same messages. */
  const messages = {
    wx_auto_reply_keyword: autoReplyMessages.keywordDuplicate,
    wx_auto_reply_req_type: autoReplyMessages.reqTypeDuplicate,
    wx_auto_reply_subscribe: autoReplyMessages.subscribeExists,
  };
  const translate = (error: unknown): never => {
    throw translateDbError(error, messages) ?? error;
  };

  const get = async (id: string) => {
    const [row] = await db.select().from(wxAutoReply).where(eq(wxAutoReply.id, id));
    if (!row) throw notFound('自动回复不存在');
    return row;
  };

  /**
   * Every push asks for a reply, so an account's rules are kept in memory: dropped here on every
   * change, and re-read after RULES_TTL_MS so that changes made on another instance apply too.
   */
  const cache = new Map<string, { at: number; rules: Promise<Row[]> }>();
  const rulesOf = (appId: string): Promise<Row[]> => {
    const hit = cache.get(appId);
    if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
    // `.then` runs the query once; a drizzle query object would run again at every await.
    const rules = db.select().from(wxAutoReply).where(eq(wxAutoReply.appId, appId)).then((rows) => rows);
    cache.set(appId, { at: Date.now(), rules });
    rules.catch(() => cache.delete(appId));
    return rules;
  };
  const changed = (appId: string) => cache.delete(appId);

  return {
    view,

    async page(query: PageQuery & { appId: string; type: AutoReplyType; reqKey?: string | undefined }) {
      await accounts.requireAppId(query.appId);
      const where = and(
        eq(wxAutoReply.appId, query.appId),
        eq(wxAutoReply.type, query.type),
        query.reqKey ? sql`position(${query.reqKey} in ${wxAutoReply.reqKey}) > 0` : undefined,
      );
      return paginate(query, { create_time: wxAutoReply.createdAt, update_time: wxAutoReply.updatedAt, id: wxAutoReply.id, req_key: wxAutoReply.reqKey, req_type: wxAutoReply.reqType }, {
        count: async () => (await db.select({ n: count() }).from(wxAutoReply).where(where))[0]!.n,
        rows: async ({ order, limit, offset }) => (await db.select().from(wxAutoReply).where(where).orderBy(...order, desc(wxAutoReply.id)).limit(limit).offset(offset)).map(view),
      }, [sql`${wxAutoReply.createdAt} desc`]);
    },

    get: async (id: string) => view(await get(id)),

    async create(input: AutoReplyInput) {
      await accounts.requireAppId(input.appId);
      const values = await check({ ...input, id: undefined });
      const [row] = await db.insert(wxAutoReply).values({ appId: input.appId, type: input.type, ...values }).returning().catch(translate);
      changed(input.appId);
      return view(row!);
    },

    async update(input: AutoReplyInput & { id: string }) {
      const existing = await get(input.id);
      if (existing.appId !== input.appId || existing.type !== input.type) throw badRequest('不能修改自动回复所属的公众号或回复类型');
      const values = await check(input);
      const [row] = await db.update(wxAutoReply).set({ ...values, updatedAt: new Date() }).where(eq(wxAutoReply.id, input.id)).returning().catch(translate);
      changed(input.appId);
      return view(row!);
    },

    async remove(id: string) {
      const existing = await get(id);
      await db.delete(wxAutoReply).where(eq(wxAutoReply.id, id));
      changed(existing.appId);
    },

    /**
     * The reply to a follower's message: for text, an exact keyword, then a partial one (the
     * text contains the keyword; the longest keyword wins, then the newest rule); then the
     * default reply of the message type. Null when nothing matches.
     */
    async matchMessage(appId: string, msgType: string, text: string | null): Promise<WxStoredReply | null> {
      const rules = await rulesOf(appId);
      if (msgType === 'text' && text) {
        const exact = text.trim();
        const keyword = rules.filter((r) => r.type === '3' && r.reqKey && (r.repMate === '1' ? r.reqKey === exact : text.includes(r.reqKey)));
        const best = keyword.sort((a, b) => rank(a) - rank(b) || b.reqKey!.length - a.reqKey!.length || newestFirst(a, b))[0];
        if (best) return best;
      }
      return rules.filter((r) => r.type === '2' && r.reqType === msgType).sort(newestFirst)[0] ?? null;
    },

    /** The reply on subscribe (type 1), or null. */
    matchSubscribe: async (appId: string): Promise<WxStoredReply | null> => (await rulesOf(appId)).filter((r) => r.type === '1').sort(newestFirst)[0] ?? null,
  };
}

export type AutoReplyService = ReturnType<typeof createAutoReplyService>;
