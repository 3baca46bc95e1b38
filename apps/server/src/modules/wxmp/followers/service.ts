import { and, count, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { followerPageQuery, followerSchema } from '@canteen/contract';
import { badRequest, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import type { WxUserInfo } from '../../../platform/wechat/client.js';
import { wxUser } from '../tables.js';
import { likePattern, type WxmpContext } from '../context.js';
import type { AccountService } from '../accounts/service.js';
import type { TagService } from '../tags/service.js';
import { accountSync, FOLLOWER_SYNC, type SyncProgress } from '../sync.js';
import type { z } from 'zod';
import { isoOrNull } from '../../../http/iso.js';

type Row = typeof wxUser.$inferSelect;
export type FollowerView = z.infer<typeof followerSchema>;

const BATCH = 100;
const TAGGING_BATCH = 50;
const REMARK_MAX = 30;

export const followerView = (row: Row): FollowerView => ({
  id: row.id,
  appId: row.appId,
  openId: row.openId,
  unionId: row.unionId,
  subscribe: row.subscribe,
  subscribeScene: row.subscribeScene,
  subscribeTime: isoOrNull(row.subscribeTime),
  subscribeNum: row.subscribeNum,
  cancelSubscribeTime: isoOrNull(row.cancelSubscribeTime),
  nickName: row.nickName,
  headimgUrl: row.headimgUrl,
  sex: row.sex,
  country: row.country,
  province: row.province,
  city: row.city,
  language: row.language,
  remark: row.remark,
  tagidList: row.tagidList,
  qrSceneStr: row.qrSceneStr,
  latitude: row.latitude,
  longitude: row.longitude,
  lastInteractionTime: isoOrNull(row.lastInteractionAt),
  createTime: isoOrNull(row.createdAt),
  updateTime: isoOrNull(row.updatedAt),
});

/** The platform's user info as column values (nickname and avatar only when the platform still sends them). */
export const fromUserInfo = (info: WxUserInfo) => ({
  subscribe: info.subscribe === 0 ? '0' : '1',
  unionId: info.unionid ?? null,
  language: info.language ?? null,
  remark: info.remark ?? null,
  tagidList: info.tagid_list ?? [],
  subscribeScene: info.subscribe_scene ?? null,
  qrSceneStr: info.qr_scene_str || null,
  ...(info.subscribe_time ? { subscribeTime: new Date(info.subscribe_time * 1000) } : {}),
  ...(info.nickname ? { nickName: info.nickname } : {}),
  ...(info.headimgurl ? { headimgUrl: info.headimgurl } : {}),
  ...(info.sex !== undefined ? { sex: String(info.sex) } : {}),
  ...(info.country ? { country: info.country } : {}),
  ...(info.province ? { province: info.province } : {}),
  ...(info.city ? { city: info.city } : {}),
  updatedAt: new Date(),
});

/** 公众号用户: the local follower list, its sync from the platform, remarks and tagging. */
export function createFollowerService(ctx: WxmpContext, accounts: AccountService, tags: TagService) {
  const { db } = ctx.database;

  const upsertInfos = async (appId: string, infos: WxUserInfo[]) => {
    for (const info of infos) {
      const values = fromUserInfo(info);
      await db.insert(wxUser).values({ appId, openId: info.openid, subscribeNum: info.subscribe ? 1 : 0, ...values })
        .onConflictDoUpdate({ target: [wxUser.appId, wxUser.openId], set: values });
    }
  };

  /** Pages through the platform's follower list, fetching info 100 at a time; then marks who left. */
  const sync = accountSync(ctx.jobs, FOLLOWER_SYNC, '同步用户正在进行中，请勿重复提交', async (appId, job) => {
    const startedAt = new Date();
    let next = '';
    let done = 0;
    for (;;) {
      const page = await ctx.client.userList(appId, next);
      const openIds = page.data?.openid ?? [];
      await job.progress({ total: page.total });
      for (let i = 0; i < openIds.length; i += BATCH) {
        await upsertInfos(appId, await ctx.client.userInfoBatch(appId, openIds.slice(i, i + BATCH)));
        done += Math.min(BATCH, openIds.length - i);
        await job.progress({ done });
      }
      if (!page.count || !page.next_openid || openIds.length === 0) break;
      next = page.next_openid;
    }
    // Followers the platform no longer lists have left.
    await db.update(wxUser)
      .set({ subscribe: '0', cancelSubscribeTime: sql`coalesce(${wxUser.cancelSubscribeTime}, now())`, updatedAt: new Date() })
      .where(and(eq(wxUser.appId, appId), eq(wxUser.subscribe, '1'), lt(wxUser.updatedAt, startedAt)));
    await tags.refresh(appId).catch(() => undefined);
  });

  /** Accounts this instance has listed (their first sync is started or known to have run). */
  const listed = new Set<string>();
  /** The first time an account's followers are listed, its follower list is pulled from the platform (as 素材管理 does). */
  const syncOnce = async (appId: string) => {
    if (listed.has(appId)) return;
    listed.add(appId);
    if (!(await sync.everStarted(appId))) await sync.start(appId).catch(() => undefined);
  };

  return {
    /**
     * `GET /weixin/wxuser/page`. An account never synced starts its first follower sync here (a
     * background job; the web watches its progress once the first page is on screen), so 公众号用户
     * is not empty on a fresh account until 同步用户 is clicked.
     */
    async page(query: z.infer<typeof followerPageQuery>) {
      await accounts.requireAppId(query.appId);
      await syncOnce(query.appId);
      const filters: SQL[] = [eq(wxUser.appId, query.appId)];
      if (query.nickName) filters.push(or(ilike(wxUser.nickName, likePattern(query.nickName)), ilike(wxUser.remark, likePattern(query.nickName)), eq(wxUser.openId, query.nickName))!);
      if (query.tagId !== undefined) filters.push(sql`${wxUser.tagidList} @> array[${query.tagId}::int]`);
      if (query.subscribe) filters.push(eq(wxUser.subscribe, query.subscribe));
      const where = and(...filters);
      return paginate(query, {
        id: wxUser.id, subscribe_time: wxUser.subscribeTime, create_time: wxUser.createdAt, subscribe_num: wxUser.subscribeNum,
        update_time: wxUser.updatedAt, nick_name: wxUser.nickName, last_interaction_at: wxUser.lastInteractionAt,
      }, {
        count: async () => (await db.select({ n: count() }).from(wxUser).where(where))[0]!.n,
        rows: async ({ order, limit, offset }) => (await db.select().from(wxUser).where(where).orderBy(...order).limit(limit).offset(offset)).map(followerView),
      }, [sql`${wxUser.subscribeTime} desc nulls last`, sql`${wxUser.id} desc`]);
    },

    async get(id: string): Promise<FollowerView> {
      if (!/^\d{1,19}$/.test(id)) throw notFound('粉丝不存在');
      const [row] = await db.select().from(wxUser).where(eq(wxUser.id, id));
      if (!row) throw notFound('粉丝不存在');
      return followerView(row);
    },

    async byOpenId(appId: string, openId: string): Promise<FollowerView | null> {
      const [row] = await db.select().from(wxUser).where(and(eq(wxUser.appId, appId), eq(wxUser.openId, openId)));
      return row ? followerView(row) : null;
    },

    /** Refreshes one follower from the platform (after a subscribe, or a message from someone unknown). */
    async refreshFromPlatform(appId: string, openId: string) {
      const info = await ctx.client.userInfo(appId, openId);
      if (info.subscribe === 0) return; // the platform sends nothing else for someone who left
      const { subscribe: _s, ...values } = fromUserInfo(info);
      await db.update(wxUser).set(values).where(and(eq(wxUser.appId, appId), eq(wxUser.openId, openId)));
    },

    /** Starts a background sync (a job); refuses while one is queued or running. */
    async startSync(appId: string): Promise<SyncProgress> {
      await accounts.requireAppId(appId);
      return sync.start(appId);
    },

    async syncProgress(appId: string): Promise<SyncProgress> {
      await accounts.requireAppId(appId);
      return sync.progress(appId);
    },

    async updateRemark(input: { id: string; remark: string; appId?: string | undefined }) {
      const follower = await this.get(input.id);
      if (input.appId && input.appId !== follower.appId) throw badRequest('粉丝不属于该公众号');
      if (input.remark.length > REMARK_MAX) throw badRequest(`备注长度不能超过${REMARK_MAX}个字符`);
      await ctx.client.updateRemark(follower.appId, follower.openId, input.remark);
      const [row] = await db.update(wxUser).set({ remark: input.remark, updatedAt: new Date() }).where(eq(wxUser.id, input.id)).returning();
      return followerView(row!);
    },

    /** 打标签 / 去除标签: platform first (50 followers a call), then the local lists. */
    async tagging(input: { taggingType: 'tagging' | 'unTagging'; appId: string; tagIds: number[]; openIds: string[] }) {
      await accounts.requireAppId(input.appId);
      const tagging = input.taggingType === 'tagging';
      for (const tagId of input.tagIds) {
        for (let i = 0; i < input.openIds.length; i += TAGGING_BATCH) {
          await ctx.client.tagMembers(input.appId, tagging, tagId, input.openIds.slice(i, i + TAGGING_BATCH));
        }
      }
      const ids = sql`${`{${input.tagIds.join(',')}}`}::int[]`;
      const next = tagging
        ? sql`array(select distinct t from unnest(${wxUser.tagidList} || ${ids}) t order by t)`
        : sql`array(select t from unnest(${wxUser.tagidList}) t where t <> all(${ids}))`;
      const openIds = sql`${`{${input.openIds.map((o) => `"${o.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
      await db.update(wxUser).set({ tagidList: next, updatedAt: new Date() }).where(and(eq(wxUser.appId, input.appId), sql`${wxUser.openId} = any(${openIds})`));
      await tags.refresh(input.appId).catch(() => undefined);
    },
  };
}

export type FollowerService = ReturnType<typeof createFollowerService>;
