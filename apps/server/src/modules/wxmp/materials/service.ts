import { and, eq, inArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { PageQuery } from '@canteen/contract';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { PlatformError } from '../../../platform/wechat/errors.js';
import type { Download } from '../../../platform/wechat/client.js';
import { contentTypes, extensionOf, sniff } from '../../../storage/media-types.js';
import { uploadRules, type UploadUse } from '../../../storage/rules.js';
import { newBlobKey } from '../../../storage/storage.js';
import type { ReceivedFile } from '../../../storage/uploads.js';
import { wxMaterial, wxMsg, type NewsArticle } from '../tables.js';
import { type WxmpContext } from '../context.js';
import type { AccountService } from '../accounts/service.js';
import { accountSync, MATERIAL_SYNC } from '../sync.js';
import { MaterialOrderCache } from './order-cache.js';
import { sanitizeArticleHtml } from './article-html.js';
import { isoOrNull } from '../../../http/iso.js';

export type MaterialType = 'image' | 'voice' | 'video' | 'thumb' | 'news';
type Row = typeof wxMaterial.$inferSelect;

const SYNC_PAGE = 20;
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** Each uploadable material type's rule in the upload pipeline. */
const materialUses = { image: 'materialImage', voice: 'materialVoice', video: 'materialVideo', thumb: 'materialThumb' } as const satisfies Record<Exclude<MaterialType, 'news'>, UploadUse>;
export type UploadMediaType = keyof typeof materialUses;

/** The upload rule of a `mediaType` field (the specification's for image and voice, the platform's for video and thumb). */
export function materialRule(mediaType: string | undefined): UploadUse {
  if (!mediaType || !Object.hasOwn(materialUses, mediaType)) throw badRequest('mediaType 必须是 image、voice、video 或 thumb');
  return materialUses[mediaType as UploadMediaType];
}

/** An upload the pipeline has read and checked (type and size by its rule). */
export interface UploadInput {
  appId: string;
  mediaType: UploadMediaType;
  title?: string | undefined;
  introduction?: string | undefined;
  file: ReceivedFile;
}

export interface Blob {
  body: Readable;
  contentType: string;
  fileName: string;
  size?: number | undefined;
}

const mediaUrl = (key: string | null) => (key ? `/weixin/media/${key}` : null);

/** 素材管理: a local mirror of the permanent materials, with the bytes in the storage layer. */
export function createMaterialService(ctx: WxmpContext, accounts: AccountService) {
  const { db } = ctx.database;

  const view = (row: Row) => ({
    id: row.id,
    mediaId: row.mediaId,
    type: row.type as MaterialType,
    name: row.name,
    url: mediaUrl(row.storageKey) ?? row.wxUrl,
    title: row.title,
    introduction: row.introduction,
    size: row.sizeBytes,
    updateTime: isoOrNull(row.updateTime),
    content: row.articles ? { articles: row.articles.map((a) => ({ ...a })) } : null,
  });

  const find = async (appId: string, mediaId: string) => {
    const [row] = await db.select().from(wxMaterial).where(and(eq(wxMaterial.appId, appId), eq(wxMaterial.mediaId, mediaId)));
    return row ?? null;
  };

  /** The article list as the platform wants it: its HTML sanitised, with cover URLs from our image mirror. */
  const withCovers = async (appId: string, input: NewsArticle[]) => {
    const articles = input.map((a) => ({ ...a, content: sanitizeArticleHtml(a.content) }));
    const empty = articles.findIndex((a) => !a.content.trim());
    if (empty >= 0) throw badRequest(`第${empty + 1}篇文章的正文为空（脚本、框架等不允许的内容已去除）`);
    const ids = [...new Set(articles.map((a) => a.thumbMediaId))];
    const covers = ids.length
      ? await db.select().from(wxMaterial).where(and(eq(wxMaterial.appId, appId), inArray(wxMaterial.mediaId, ids)))
      : [];
    const byId = new Map(covers.map((c) => [c.mediaId, c]));
    for (const id of ids) if (!byId.has(id)) throw badRequest(`封面图片 ${id} 不在素材库中，请重新选择`);
    return articles.map((a) => ({ ...a, thumbUrl: mediaUrl(byId.get(a.thumbMediaId)!.storageKey) ?? byId.get(a.thumbMediaId)!.wxUrl }));
  };

  const toPlatform = (a: NewsArticle) => ({
    title: a.title,
    thumb_media_id: a.thumbMediaId,
    author: a.author ?? '',
    digest: a.digest ?? '',
    show_cover_pic: a.showCoverPic ?? 1,
    content: a.content,
    content_source_url: a.contentSourceUrl ?? '',
  });

  const disposition = (download: Download, fallback: string) => download.fileName ?? fallback;

  const mirrorItem = async (appId: string, type: Exclude<MaterialType, 'thumb'>, item: Record<string, unknown>) => {
    const mediaId = String(item.media_id);
    const updateTime = new Date(Number(item.update_time ?? 0) * 1000 || Date.now());
    if (type === 'news') {
      const newsItems = ((item.content as { news_item?: Array<Record<string, unknown>> } | undefined)?.news_item ?? []);
      const articles: NewsArticle[] = newsItems.map((a) => ({
        title: textOf(a.title), thumbMediaId: textOf(a.thumb_media_id), thumbUrl: typeof a.thumb_url === 'string' ? a.thumb_url : null,
        author: typeof a.author === 'string' ? a.author : null, digest: typeof a.digest === 'string' ? a.digest : null, content: sanitizeArticleHtml(textOf(a.content)),
        contentSourceUrl: typeof a.content_source_url === 'string' ? a.content_source_url : null, url: typeof a.url === 'string' ? a.url : null,
        showCoverPic: Number(a.show_cover_pic ?? 0),
      }));
      const values = { name: articles[0]?.title ?? mediaId, articles, updateTime };
      await db.insert(wxMaterial).values({ appId, mediaId, type, ...values }).onConflictDoUpdate({ target: [wxMaterial.appId, wxMaterial.mediaId], set: values });
      return;
    }
    const values = {
      name: typeof item.name === 'string' ? item.name : mediaId,
      wxUrl: typeof item.url === 'string' && item.url ? item.url : null,
      ...(type === 'video' && typeof item.description === 'string' ? { introduction: item.description } : {}),
      updateTime,
    };
    const [row] = await db.insert(wxMaterial).values({ appId, mediaId, type, ...values })
      .onConflictDoUpdate({ target: [wxMaterial.appId, wxMaterial.mediaId], set: values }).returning();
    if (row && !row.storageKey && (type === 'image' || type === 'voice')) {
      const answer = await ctx.client.getMaterial(appId, mediaId).catch(() => null);
      if (answer && 'bytes' in answer && Buffer.isBuffer(answer.bytes)) {
        const kind = sniff(answer.bytes);
        const key = newBlobKey('material', kind ?? (extensionOf(row.name ?? '') || 'bin'));
        await ctx.storage.put(key, answer.bytes, kind ? contentTypes[kind] : (answer as Download).contentType);
        await db.update(wxMaterial).set({ storageKey: key, contentType: kind ? contentTypes[kind] : (answer as Download).contentType, sizeBytes: answer.bytes.length }).where(eq(wxMaterial.id, row.id));
      }
    } else if (row && type === 'video' && !row.title) {
      const detail = (await ctx.client.getMaterial(appId, mediaId).catch(() => null)) as { title?: string; description?: string } | null;
      if (detail?.title) await db.update(wxMaterial).set({ title: detail.title, introduction: detail.description ?? row.introduction }).where(eq(wxMaterial.id, row.id));
    }
  };
  const newestFirst = [sql`${wxMaterial.updateTime} desc`, sql`${wxMaterial.id} desc`];
  const ofType = (appId: string, type: string) => and(eq(wxMaterial.appId, appId), eq(wxMaterial.type, type));
  const positions = new MaterialOrderCache(async (appId, type) =>
    (await db.select({ id: wxMaterial.id }).from(wxMaterial).where(ofType(appId, type)).orderBy(...newestFirst)).map((r) => r.id));
  const synced = new Set<string>();

  /** Pulls every permanent material into the mirror, with the bytes of images, voice and thumbs. */
  const sync = accountSync(ctx.jobs, MATERIAL_SYNC, '素材同步正在进行中，请勿重复提交', async (appId, job) => {
    try {
      let done = 0;
      let total = 0;
      for (const type of ['image', 'voice', 'video', 'news'] as const) {
        for (let offset = 0; ; offset += SYNC_PAGE) {
          const page = await ctx.client.batchGetMaterial(appId, type, offset, SYNC_PAGE);
          if (offset === 0) await job.progress({ total: (total += page.total_count) });
          for (const item of page.item ?? []) {
            await mirrorItem(appId, type, item);
            await job.progress({ done: ++done });
          }
          if (!page.item?.length || offset + SYNC_PAGE >= page.total_count) break;
        }
      }
    } finally {
      positions.drop(appId); // what was mirrored before a failure is listed too
    }
  });

  return {
    view,

    async page(query: PageQuery & { appId: string; type: MaterialType }) {
      await accounts.requireAppId(query.appId);
      if (!synced.has(query.appId)) {
        synced.add(query.appId);
        await this.syncOnce(query.appId);
      }
      const newestFirstPage = !query.ascs && !query.descs;
      const page = await paginate(query, { update_time: wxMaterial.updateTime, id: wxMaterial.id, name: wxMaterial.name }, {
        count: async () => (await positions.ids(query.appId, query.type)).length,
        rows: async ({ order, limit, offset }) => {
          if (newestFirstPage) {
            const ids = (await positions.ids(query.appId, query.type)).slice(offset, offset + limit);
            if (!ids.length) return [];
            const byId = new Map((await db.select().from(wxMaterial).where(inArray(wxMaterial.id, ids))).map((row) => [row.id, row]));
            return ids.flatMap((id) => byId.get(id) ?? []).map(view);
          }
          // Another order: a deferred join finds the window on an index, then reads its rows.
          const window = db.select({ id: wxMaterial.id }).from(wxMaterial).where(ofType(query.appId, query.type)).orderBy(...order).limit(limit).offset(offset);
          const rows = await db.select().from(wxMaterial).where(inArray(wxMaterial.id, window)).orderBy(...order);
          return rows.map(view);
        },
      }, newestFirst);
      return { items: page.records, totalCount: page.total };
    },

    /** Starts pulling the platform's materials into the mirror in the background (a job); refuses while one is queued or running. */
    async startSync(appId: string) {
      await accounts.requireAppId(appId);
      return sync.start(appId);
    },

    async syncProgress(appId: string) {
      await accounts.requireAppId(appId);
      return sync.progress(appId);
    },

    /** The first time an account's materials are listed, its mirror is filled from the platform. */
    async syncOnce(appId: string) {
      if (!(await sync.everStarted(appId))) await sync.start(appId).catch(() => undefined);
    },

    /** Adds a checked file (the upload pipeline's) on the platform, then mirrors it in the media storage. */
    async upload(input: UploadInput) {
      await accounts.requireAppId(input.appId);
      const type = input.mediaType;
      const file = input.file;
      let video: { title: string; introduction: string } | undefined;
      if (type === 'video') {
        const title = input.title?.trim() ?? '';
        const introduction = input.introduction?.trim() ?? '';
        if (!title) throw badRequest('请输入视频标题');
        if (!introduction) throw badRequest('请输入视频描述');
        video = { title, introduction };
      }
      const { contentType, name } = file;
      const added = await ctx.client.addMaterial(input.appId, type, { bytes: file.bytes, name, contentType }, video);
      const key = newBlobKey(uploadRules[materialUses[type]].folder, file.kind);
      await ctx.storage.put(key, file.bytes, contentType);
      const [row] = await db.insert(wxMaterial).values({
        appId: input.appId, mediaId: added.media_id, type, name, title: video?.title ?? null, introduction: video?.introduction ?? null,
        wxUrl: added.url ?? null, storageKey: key, contentType, sizeBytes: file.bytes.length,
      }).onConflictDoUpdate({
        target: [wxMaterial.appId, wxMaterial.mediaId],
        set: { name, storageKey: key, contentType, sizeBytes: file.bytes.length, wxUrl: added.url ?? null, updateTime: new Date() },
      }).returning();
      positions.drop(input.appId);
      return view(row!);
    },

    async createNews(appId: string, articles: NewsArticle[]) {
      await accounts.requireAppId(appId);
      const full = await withCovers(appId, articles);
      const added = await ctx.client.addNews(appId, full.map(toPlatform));
      const [row] = await db.insert(wxMaterial).values({ appId, mediaId: added.media_id, type: 'news', name: full[0]!.title, articles: full }).returning();
      positions.drop(appId);
      return view(row!);
    },

    /** Same number of articles: updated in place; another number: replaced by a new news item. */
    async updateNews(appId: string, mediaId: string, articles: NewsArticle[]) {
      await accounts.requireAppId(appId);
      const existing = await find(appId, mediaId);
      if (!existing || existing.type !== 'news') throw notFound('图文素材不存在');
      const full = await withCovers(appId, articles);
      if ((existing.articles ?? []).length === full.length) {
        for (const [index, article] of full.entries()) await ctx.client.updateNews(appId, mediaId, index, toPlatform(article));
        const [row] = await db.update(wxMaterial).set({ articles: full, name: full[0]!.title, updateTime: new Date() }).where(eq(wxMaterial.id, existing.id)).returning();
        positions.drop(appId);
        return view(row!);
      }
      const added = await ctx.client.addNews(appId, full.map(toPlatform));
      await ctx.client.deleteMaterial(appId, mediaId).catch(() => undefined);
      const [row] = await db.update(wxMaterial).set({ mediaId: added.media_id, articles: full, name: full[0]!.title, updateTime: new Date() }).where(eq(wxMaterial.id, existing.id)).returning();
      positions.drop(appId);
      return view(row!);
    },

    async remove(appId: string, mediaId: string) {
      await accounts.requireAppId(appId);
      const existing = await find(appId, mediaId);
      try {
        await ctx.client.deleteMaterial(appId, mediaId);
      } catch (error) {
        // Gone on the platform already: drop the mirror row all the same.
        if (!(error instanceof PlatformError && error.errcode === 40007 && existing)) throw error;
      }
      if (existing) {
        await db.delete(wxMaterial).where(eq(wxMaterial.id, existing.id));
        positions.drop(appId);
        if (existing.storageKey) await ctx.storage.delete(existing.storageKey).catch(() => undefined);
      }
    },

    /** A permanent image/voice/thumb: our copy, else the platform's (then kept). */
    async permanentFile(appId: string, mediaId: string, fileName?: string): Promise<Blob> {
      await accounts.requireAppId(appId);
      const row = await find(appId, mediaId);
      if (row?.storageKey) {
        const stored = await ctx.storage.get(row.storageKey);
        if (stored) return { body: stored.body, contentType: stored.info.contentType, fileName: fileName ?? row.name ?? mediaId, size: stored.info.size };
      }
      const answer = await ctx.client.getMaterial(appId, mediaId);
      if (!('bytes' in answer) || !Buffer.isBuffer(answer.bytes)) throw badRequest('该素材不是文件（视频请用 materialVideo，图文请在素材列表查看）');
      const download = answer as Download;
      if (row) {
        const key = newBlobKey('material', extensionOf(download.fileName ?? '') || 'bin');
        await ctx.storage.put(key, download.bytes, download.contentType);
        await db.update(wxMaterial).set({ storageKey: key, contentType: download.contentType, sizeBytes: download.bytes.length }).where(eq(wxMaterial.id, row.id));
      }
      return { body: Readable.from(download.bytes), contentType: download.contentType, fileName: fileName ?? disposition(download, mediaId), size: download.bytes.length };
    },

    /** Temporary media (what followers send, 3 days on the platform): our copy when we made one. */
    async temporaryFile(appId: string, mediaId: string, fileName?: string): Promise<Blob> {
      await accounts.requireAppId(appId);
      const [copy] = await db.select({ key: wxMsg.mediaStorageKey }).from(wxMsg)
        .where(and(eq(wxMsg.appId, appId), eq(wxMsg.repMediaId, mediaId), sql`${wxMsg.mediaStorageKey} is not null`)).limit(1);
      if (copy?.key) {
        const stored = await ctx.storage.get(copy.key);
        if (stored) return { body: stored.body, contentType: stored.info.contentType, fileName: fileName ?? mediaId, size: stored.info.size };
      }
      const download = await this.fetchTemporary(appId, mediaId);
      return { body: Readable.from(download.bytes), contentType: download.contentType, fileName: fileName ?? disposition(download, mediaId), size: download.bytes.length };
    },

    /** Downloads temporary media from the platform; video comes as `{ video_url }` and is fetched from there. */
    async fetchTemporary(appId: string, mediaId: string): Promise<Download> {
      const answer = await ctx.client.getMedia(appId, mediaId);
      if ('bytes' in answer && Buffer.isBuffer(answer.bytes)) return answer as Download;
      const url = (answer as { video_url?: string }).video_url;
      if (!url) throw new PlatformError(-1, 'media/get answered neither bytes nor video_url');
      const res = await fetch(url, { signal: AbortSignal.timeout(ctx.config.WECHAT_TIMEOUT_MS) }).catch(() => null);
      if (!res?.ok) throw new AppError(503, '无法下载该视频，请稍后再试');
      return { bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'video/mp4', fileName: `${mediaId}.mp4` };
    },

    /** 视频素材: title, description and a download URL (ours when we hold the bytes). */
    async video(appId: string, mediaId: string) {
      await accounts.requireAppId(appId);
      const row = await find(appId, mediaId);
      if (row?.storageKey && row.type === 'video') {
        return { title: row.title ?? '', description: row.introduction ?? '', downUrl: mediaUrl(row.storageKey)! };
      }
      const answer = (await ctx.client.getMaterial(appId, mediaId)) as { title?: string; description?: string; down_url?: string; bytes?: unknown };
      if (answer.bytes !== undefined || !answer.down_url) throw badRequest('该素材不是视频');
      return { title: answer.title ?? '', description: answer.description ?? '', downUrl: answer.down_url };
    },
  };
}

export type MaterialService = ReturnType<typeof createMaterialService>;
