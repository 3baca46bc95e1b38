import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../../http/errors.js';
import { wxUser, wxUserTag } from '../tables.js';
import type { WxmpContext } from '../context.js';
import type { AccountService } from '../accounts/service.js';

export interface TagView {
  id: number;
  name: string;
  count: number;
}

/**
 * 用户标签: the platform owns tags; every write goes to the platform first and the local
 * mirror follows, so the follower list can filter and show tag names without a platform call.
 */
export function createTagService(ctx: WxmpContext, accounts: AccountService) {
  const { db } = ctx.database;

  const mirror = async (appId: string): Promise<TagView[]> =>
    (await db.select().from(wxUserTag).where(eq(wxUserTag.appId, appId)).orderBy(asc(wxUserTag.tagId))).map((t) => ({ id: t.tagId, name: t.name, count: t.fansCount }));

  /** Reads the platform's tags and replaces the mirror with them. */
  const refresh = async (appId: string): Promise<TagView[]> => {
    const tags = await ctx.client.tags(appId);
    await db.transaction(async (tx) => {
      await tx.delete(wxUserTag).where(eq(wxUserTag.appId, appId));
      if (tags.length) {
        await tx.insert(wxUserTag).values(tags.map((t) => ({ appId, tagId: t.id, name: t.name, fansCount: t.count ?? 0 })));
      }
    });
    return tags.map((t) => ({ id: t.id, name: t.name, count: t.count ?? 0 }));
  };

  return {
    refresh,
    mirror,

    /** The platform's list; the mirror when the platform cannot be reached. */
    async list(appId: string): Promise<TagView[]> {
      await accounts.requireAppId(appId);
      try {
        return await refresh(appId);
      } catch (error) {
        if (error instanceof AppError && error.status === 503) {
          const local = await mirror(appId);
          if (local.length) return local;
        }
        throw error;
      }
    },

    async create(appId: string, name: string): Promise<TagView> {
      await accounts.requireAppId(appId);
      const tag = await ctx.client.createTag(appId, name);
      await db.insert(wxUserTag).values({ appId, tagId: tag.id, name: tag.name }).onConflictDoUpdate({ target: [wxUserTag.appId, wxUserTag.tagId], set: { name: tag.name, syncedAt: new Date() } });
      return { id: tag.id, name: tag.name, count: 0 };
    },

    async update(appId: string, id: number, name: string): Promise<void> {
      await accounts.requireAppId(appId);
      if (id >= 0 && id <= 2) throw badRequest('不能修改系统默认标签');
      await ctx.client.updateTag(appId, id, name);
      await db.update(wxUserTag).set({ name, syncedAt: new Date() }).where(and(eq(wxUserTag.appId, appId), eq(wxUserTag.tagId, id)));
    },

    async remove(appId: string, id: number): Promise<void> {
      await accounts.requireAppId(appId);
      if (id >= 0 && id <= 2) throw badRequest('不能删除系统默认标签');
      await ctx.client.deleteTag(appId, id);
      await db.delete(wxUserTag).where(and(eq(wxUserTag.appId, appId), eq(wxUserTag.tagId, id)));
      await db.update(wxUser).set({ tagidList: sql`array_remove(${wxUser.tagidList}, ${id}::int)` }).where(and(eq(wxUser.appId, appId), sql`${wxUser.tagidList} @> array[${id}::int]`));
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
