/**
 * The platform's API face: `/cgi-bin/*` with `?access_token=`, the platform's JSON shapes and
 * error codes (wechat.md §2). Errors are answered with HTTP 200 and `{ errcode, errmsg }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DAY, MINUTE } from './clock.js';
import { baseUrl, fileUrl, type SimContext } from './context.js';
import { WxError, errorBody, OK } from './errors.js';
import { amrDurationSeconds, CONTENT_TYPES, sniff, type SniffedType } from './media.js';
import { multipartBoundary, parseMultipart, type FormPart } from './multipart.js';
import {
  ACCESS_TOKEN_TTL_S,
  randomId,
  type MenuButton,
  type NewsItem,
  type SimAccessToken,
  type SimAccount,
  type SimFollower,
  type SimMaterial,
  type SimTempMedia,
  type TempMediaType,
} from './state.js';

/** Daily call limits of a new account (wechat.md §2.9); other calls are not limited. */
export const DEFAULT_DAILY_LIMITS: Record<string, number> = {
  '/cgi-bin/token': 2000,
  '/cgi-bin/stable_token': 500_000,
  '/cgi-bin/menu/create': 1000,
  '/cgi-bin/menu/get': 10_000,
  '/cgi-bin/menu/delete': 1000,
  '/cgi-bin/media/upload': 100_000,
  '/cgi-bin/media/get': 200_000,
  '/cgi-bin/message/custom/send': 500_000,
  '/cgi-bin/user/info': 5_000_000,
};

/** Custom tags start at 100; 0, 1 and 2 are the platform's own (2 is 星标组). */
const SYSTEM_TAGS = [{ id: 2, name: '星标组' }];
const TAG_LIMIT = 100;
const TAGS_PER_USER = 20;
const SEND_WINDOW_MS = 48 * 60 * 60 * 1000;

export interface ApiCall {
  ctx: SimContext;
  request: FastifyRequest;
  reply: FastifyReply;
  account: SimAccount;
  base: string;
  query: Record<string, string | undefined>;
}

/** Raw answers (bytes) are sent by the handler itself; it then returns this marker. */
const SENT = Symbol('sent');

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The request body as JSON, however it was labelled (the platform does not insist on a type). */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0) || body === '') throw new WxError(44002);
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body.toString());
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw new WxError(47001);
  }
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  throw new WxError(47001);
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function int(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function dayKey(ms: number): string {
  // The platform's quotas reset at midnight Beijing time.
  return new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Counts a call against the day's quota; 45009 once the limit is reached. */
export function useQuota(ctx: SimContext, appId: string, path: string): void {
  const limit = ctx.store.data.quotaLimits[`${appId} ${path}`] ?? DEFAULT_DAILY_LIMITS[path];
  if (limit === undefined) return;
  const key = `${appId} ${path} ${dayKey(ctx.clock.now())}`;
  const used = ctx.store.data.quotaUsed[key] ?? 0;
  if (used >= limit) throw new WxError(45009);
  ctx.store.data.quotaUsed[key] = used + 1;
}

function quotaInfo(ctx: SimContext, appId: string, path: string): { daily_limit: number; used: number; remain: number } {
  const limit = ctx.store.data.quotaLimits[`${appId} ${path}`] ?? DEFAULT_DAILY_LIMITS[path] ?? 100_000_000;
  const used = ctx.store.data.quotaUsed[`${appId} ${path} ${dayKey(ctx.clock.now())}`] ?? 0;
  return { daily_limit: limit, used, remain: Math.max(0, limit - used) };
}

/** Injected failures and delays (`POST /sim/faults`) act before the real handler. */
async function applyFault(ctx: SimContext, path: string, appId: string | null): Promise<void> {
  const faults = ctx.store.data.faults;
  const index = faults.findIndex((fault) => (fault.path === path || fault.path === '*') && (fault.appId === null || fault.appId === appId));
  if (index === -1) return;
  const fault = faults[index]!;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults.splice(index, 1);
  ctx.store.changed();
  if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (fault.errcode !== null) throw new WxError(fault.errcode, fault.errmsg ?? undefined);
}

function authenticate(ctx: SimContext, token: string | undefined): SimAccount {
  if (!token) throw new WxError(41001);
  const found = ctx.store.data.tokens.find((item) => item.token === token);
  if (!found) throw new WxError(40014);
  const now = ctx.clock.now();
  if (now >= found.expiresAt) throw new WxError(42001);
  if (found.supersededAt !== null && now >= found.supersededAt) throw new WxError(40001);
  const account = ctx.store.account(found.appId);
  if (!account) throw new WxError(40014);
  return account;
}

function issueToken(ctx: SimContext, appId: string, kind: SimAccessToken['kind']): SimAccessToken {
  const now = ctx.clock.now();
  // Forget tokens that are long dead so the state does not grow without end.
  ctx.store.data.tokens = ctx.store.data.tokens.filter((item) => item.expiresAt > now - DAY);
  const token: SimAccessToken = {
    token: `${randomId(72)}${kind === 'stable' ? 'S' : 'T'}`,
    appId,
    kind,
    issuedAt: now,
    expiresAt: now + ACCESS_TOKEN_TTL_S * 1000,
    supersededAt: null,
  };
  ctx.store.data.tokens.push(token);
  ctx.store.changed();
  return token;
}

function checkCredentials(ctx: SimContext, appid: string | undefined, secret: string | undefined): SimAccount {
  const account = appid ? ctx.store.account(appid) : undefined;
  if (!account) throw new WxError(40013);
  if (!secret || secret !== account.secret) throw new WxError(40125);
  return account;
}

// ---------------------------------------------------------------------------------------------
// Followers
// ---------------------------------------------------------------------------------------------

function followerOf(ctx: SimContext, account: SimAccount, openid: unknown): SimFollower {
  const follower = typeof openid === 'string' ? ctx.store.follower(account.appId, openid) : undefined;
  if (!follower) throw new WxError(40003);
  return follower;
}

function userInfo(call: ApiCall, follower: SimFollower): Record<string, unknown> {
  if (!follower.subscribed) return { subscribe: 0, openid: follower.openid, tagid_list: [] };
  const legacy = call.account.legacyProfile
    ? {
        nickname: follower.nickname,
        sex: follower.sex,
        city: follower.city,
        province: follower.province,
        country: follower.country,
        headimgurl: follower.avatarFileId ? fileUrl(call.base, follower.avatarFileId) : '',
      }
    : {};
  return {
    subscribe: 1,
    openid: follower.openid,
    ...legacy,
    language: follower.language,
    subscribe_time: follower.subscribeTime,
    ...(follower.unionid ? { unionid: follower.unionid } : {}),
    remark: follower.remark,
    groupid: 0,
    tagid_list: follower.tagIds,
    subscribe_scene: follower.subscribeScene,
    qr_scene: follower.qrScene,
    qr_scene_str: follower.qrSceneStr,
  };
}

function openidPage(openids: string[], next: string | undefined): Record<string, unknown> {
  let start = 0;
  if (next) {
    const index = openids.indexOf(next);
    if (index === -1) throw new WxError(40003);
    start = index + 1;
  }
  const page = openids.slice(start, start + 10_000);
  return {
    count: page.length,
    ...(page.length ? { data: { openid: page } } : {}),
    next_openid: page.length ? page[page.length - 1] : '',
  };
}

function subscribedFollowers(call: ApiCall): SimFollower[] {
  return call.ctx.store.data.followers
    .filter((follower) => follower.appId === call.account.appId && follower.subscribed)
    .sort((a, b) => a.subscribeTime - b.subscribeTime || a.openid.localeCompare(b.openid));
}

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

function customTags(call: ApiCall) {
  return call.ctx.store.data.tags.filter((tag) => tag.appId === call.account.appId);
}

function checkTagName(call: ApiCall, name: unknown, exceptId?: number): string {
  if (typeof name !== 'string' || !name.trim()) throw new WxError(45157);
  if (utf8Length(name) > 30) throw new WxError(45158);
  const all = [...SYSTEM_TAGS, ...customTags(call)];
  if (all.some((tag) => tag.name === name && tag.id !== exceptId)) throw new WxError(45157);
  return name;
}

function tagOf(call: ApiCall, id: unknown): { id: number; name: string } {
  const tagId = int(id);
  if (tagId === undefined) throw new WxError(45159);
  if (tagId >= 0 && tagId <= 2) throw new WxError(45058);
  const tag = customTags(call).find((item) => item.id === tagId);
  if (!tag) throw new WxError(45159);
  return tag;
}

function taggingTarget(call: ApiCall, body: Record<string, unknown>): { tagId: number; followers: SimFollower[] } {
  const list = body.openid_list;
  if (!Array.isArray(list) || list.length === 0 || list.length > 50) throw new WxError(40032);
  const tagId = int(body.tagid);
  const known = tagId !== undefined && (SYSTEM_TAGS.some((tag) => tag.id === tagId) || customTags(call).some((tag) => tag.id === tagId));
  if (tagId === undefined || !known) throw new WxError(45159);
  return { tagId, followers: list.map((openid) => followerOf(call.ctx, call.account, openid)) };
}

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

interface Upload {
  media: FormPart;
  fields: Record<string, string>;
}

function readUpload(request: FastifyRequest): Upload {
  const boundary = multipartBoundary(request.headers['content-type']);
  const body = request.body;
  if (!boundary || !Buffer.isBuffer(body)) throw new WxError(41005);
  const parts = parseMultipart(body, boundary);
  const media = parts.find((part) => part.name === 'media' && part.filename !== undefined);
  if (!media || media.data.length === 0) throw new WxError(41005);
  const fields: Record<string, string> = {};
  for (const part of parts) if (part.filename === undefined) fields[part.name] = part.data.toString('utf8');
  return { media, fields };
}

const ALLOWED: Record<'image' | 'voice' | 'video' | 'thumb', { temp: SniffedType[]; permanent: SniffedType[]; sizeCode: number }> = {
  image: { temp: ['png', 'jpg', 'gif'], permanent: ['bmp', 'png', 'jpg', 'gif'], sizeCode: 40009 },
  voice: { temp: ['amr', 'mp3'], permanent: ['mp3', 'wma', 'wav', 'amr'], sizeCode: 40010 },
  video: { temp: ['mp4'], permanent: ['mp4'], sizeCode: 40011 },
  thumb: { temp: ['jpg'], permanent: ['jpg'], sizeCode: 40012 },
};

function mediaType(value: string | undefined): TempMediaType {
  if (value === 'image' || value === 'voice' || value === 'video' || value === 'thumb') return value;
  throw new WxError(40004);
}

/** Checks an upload's real type (by its bytes) and size against the platform's rules. */
function checkMedia(ctx: SimContext, type: TempMediaType, media: FormPart, permanent: boolean): SniffedType {
  const rule = ALLOWED[type];
  const kind = sniff(media.data);
  if (!kind || !(permanent ? rule.permanent : rule.temp).includes(kind)) throw new WxError(40005);
  if (media.data.length > ctx.settings.limits[type]) throw new WxError(rule.sizeCode);
  if (type === 'voice' && kind === 'amr') {
    const seconds = amrDurationSeconds(media.data) ?? 0;
    if (seconds > ctx.settings.limits.voiceSeconds) throw new WxError(45007);
  }
  return kind;
}

function sendBytes(reply: FastifyReply, data: Buffer, contentType: string, filename: string): typeof SENT {
  void reply
    .header('Content-Type', contentType)
    .header('Content-disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-cache, must-revalidate')
    .send(data);
  return SENT;
}

function extensionOf(contentType: string): string {
  const entry = Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType);
  return entry ? entry[0] : 'bin';
}

/** A media id the account may use in messages: temporary (unexpired) or permanent. */
export function mediaExists(ctx: SimContext, appId: string, mediaId: unknown): boolean {
  if (typeof mediaId !== 'string' || !mediaId) return false;
  return Boolean(ctx.store.tempMedia(appId, mediaId) ?? ctx.store.material(appId, mediaId));
}

function newsItemOut(call: ApiCall, material: { mediaId: string }, article: NewsItem, index: number): Record<string, unknown> {
  const thumb = call.ctx.store.material(call.account.appId, article.thumb_media_id);
  return {
    ...article,
    url: `${call.base}/sim/news/${material.mediaId}/${index}`,
    thumb_url: thumb?.fileId ? fileUrl(call.base, thumb.fileId) : '',
  };
}

function checkArticle(call: ApiCall, input: unknown, previous?: NewsItem): NewsItem {
  if (!input || typeof input !== 'object') throw new WxError(44003);
  const a = input as Record<string, unknown>;
  const merged = { ...previous, ...a };
  const title = str(merged.title);
  const thumb = str(merged.thumb_media_id);
  const content = str(merged.content);
  if (!title || content === undefined) throw new WxError(44003);
  const thumbMaterial = thumb ? call.ctx.store.material(call.account.appId, thumb) : undefined;
  if (!thumbMaterial || (thumbMaterial.type !== 'image' && thumbMaterial.type !== 'thumb')) throw new WxError(40007);
  if ([...title].length > 64) throw new WxError(45003);
  const digest = str(merged.digest) ?? '';
  if ([...digest].length > 120) throw new WxError(45004);
  return {
    title,
    thumb_media_id: thumbMaterial.mediaId,
    author: str(merged.author) ?? '',
    digest,
    show_cover_pic: int(merged.show_cover_pic) ?? 0,
    content,
    content_source_url: str(merged.content_source_url) ?? '',
    need_open_comment: int(merged.need_open_comment) ?? 0,
    only_fans_can_comment: int(merged.only_fans_can_comment) ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Customer-service messages
// ---------------------------------------------------------------------------------------------

/** Grants still open for a follower (expired ones are dropped). */
export function openGrants(ctx: SimContext, follower: SimFollower) {
  const now = ctx.clock.now();
  follower.grants = follower.grants.filter((grant) => grant.expiresAt > now);
  return follower.grants;
}

/** Records an interaction that lets the account answer: 48 h × 5 for a message, 1 min × 3 otherwise. */
export function grantWindow(ctx: SimContext, follower: SimFollower, kind: 'message' | 'click' | 'subscribe' | 'scan'): void {
  const now = ctx.clock.now();
  openGrants(ctx, follower);
  follower.grants.push(
    kind === 'message'
      ? { kind, at: now, expiresAt: now + SEND_WINDOW_MS, remaining: 5 }
      : { kind, at: now, expiresAt: now + MINUTE, remaining: 3 },
  );
  ctx.store.changed();
}

function checkCustomContent(call: ApiCall, body: Record<string, unknown>): string {
  const msgtype = str(body.msgtype);
  const part = (name: string): Record<string, unknown> => {
    const value = body[name];
    if (!value || typeof value !== 'object') throw new WxError(44002);
    return value as Record<string, unknown>;
  };
  const needMedia = (value: unknown) => {
    if (!mediaExists(call.ctx, call.account.appId, value)) throw new WxError(40007);
  };
  switch (msgtype) {
    case 'text': {
      const content = str(part('text').content);
      if (!content) throw new WxError(44004);
      if (utf8Length(content) > 2048) throw new WxError(45002);
      break;
    }
    case 'image':
    case 'voice':
      needMedia(part(msgtype).media_id);
      break;
    case 'video': {
      const video = part('video');
      needMedia(video.media_id);
      if (video.thumb_media_id) needMedia(video.thumb_media_id);
      break;
    }
    case 'music':
      needMedia(part('music').thumb_media_id);
      break;
    case 'news': {
      const articles = part('news').articles;
      if (!Array.isArray(articles) || articles.length === 0) throw new WxError(44003);
      if (articles.length > 1) throw new WxError(45008);
      break;
    }
    case 'mpnews': {
      const material = call.ctx.store.material(call.account.appId, str(part('mpnews').media_id) ?? '');
      if (!material || material.type !== 'news') throw new WxError(40007);
      if (material.articles.length > 1) throw new WxError(45008);
      break;
    }
    case 'mpnewsarticle': {
      const articleId = str(part('mpnewsarticle').article_id);
      const article = call.ctx.store.data.published.find((item) => item.appId === call.account.appId && item.articleId === articleId);
      if (!article || article.deleted.every(Boolean)) throw new WxError(40007);
      break;
    }
    case 'msgmenu': {
      const list = part('msgmenu').list;
      if (!Array.isArray(list) || list.length === 0) throw new WxError(40097);
      break;
    }
    case 'wxcard':
    case 'miniprogrampage':
      part(msgtype);
      break;
    default:
      throw new WxError(40008);
  }
  return msgtype;
}

// ---------------------------------------------------------------------------------------------
// Menu
// ---------------------------------------------------------------------------------------------

const KEY_TYPES = new Set(['click', 'scancode_push', 'scancode_waitmsg', 'pic_sysphoto', 'pic_photo_or_album', 'pic_weixin', 'location_select']);
const BUTTON_TYPES = new Set([...KEY_TYPES, 'view', 'media_id', 'view_limited', 'article_id', 'article_view_limited', 'miniprogram']);

function checkButton(call: ApiCall, input: unknown, sub: boolean): MenuButton {
  if (!input || typeof input !== 'object') throw new WxError(sub ? 40024 : 40017);
  const b = input as Record<string, unknown>;
  const codes = sub
    ? { type: 40024, name: 40025, key: 40026, url: 40027 }
    : { type: 40017, name: 40018, key: 40019, url: 40020 };
  const name = str(b.name);
  if (!name || utf8Length(name) > (sub ? 60 : 16)) throw new WxError(codes.name);
  const children = b.sub_button;
  if (!sub && Array.isArray(children) && children.length > 0) {
    if (children.length > 5) throw new WxError(40023);
    return { name, sub_button: children.map((child) => checkButton(call, child, true)) };
  }
  const type = str(b.type);
  if (!type || !BUTTON_TYPES.has(type)) throw new WxError(codes.type);
  const out: MenuButton = { type, name };
  if (KEY_TYPES.has(type)) {
    const key = str(b.key);
    if (!key || utf8Length(key) > 128) throw new WxError(codes.key);
    out.key = key;
  }
  if (type === 'view' || type === 'miniprogram') {
    const url = str(b.url);
    if (!url || utf8Length(url) > 1024 || !/^https?:\/\//i.test(url)) throw new WxError(codes.url);
    out.url = url;
  }
  if (type === 'miniprogram') {
    const appid = str(b.appid);
    const pagepath = str(b.pagepath);
    if (!appid || !pagepath) throw new WxError(40097);
    out.appid = appid;
    out.pagepath = pagepath;
  }
  if (type === 'media_id' || type === 'view_limited') {
    const mediaId = str(b.media_id);
    if (!mediaId || !call.ctx.store.material(call.account.appId, mediaId)) throw new WxError(40007);
    out.media_id = mediaId;
  }
  if (type === 'article_id' || type === 'article_view_limited') {
    const articleId = str(b.article_id);
    const published = call.ctx.store.data.published.some((item) => item.appId === call.account.appId && item.articleId === articleId);
    if (!articleId || !published) throw new WxError(40007);
    out.article_id = articleId;
  }
  return out;
}

function menuOut(button: MenuButton): MenuButton {
  return { ...button, sub_button: (button.sub_button ?? []).map(menuOut) };
}

function menuUses(buttons: MenuButton[], mediaId: string): boolean {
  return buttons.some((button) => button.media_id === mediaId || menuUses(button.sub_button ?? [], mediaId));
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

type Handler = (call: ApiCall) => unknown;

export function registerApi(app: FastifyInstance, ctx: SimContext): void {
  const { store, clock } = ctx;

  const answer = async (reply: FastifyReply, run: () => unknown) => {
    try {
      const result = await run();
      if (result === SENT) return reply;
      return result ?? OK;
    } catch (error) {
      if (error instanceof WxError) return errorBody(error.errcode, error.errmsg);
      throw error;
    }
  };

  const route = (method: 'GET' | 'POST', path: string, handler: Handler) => {
    const full = `/cgi-bin/${path}`;
    app.route({
      method,
      url: full,
      handler: async (request, reply) =>
        answer(reply, async () => {
          const query = request.query as Record<string, string | undefined>;
          const account = authenticate(ctx, query.access_token);
          await applyFault(ctx, full, account.appId);
          useQuota(ctx, account.appId, full);
          const result = handler({ ctx, request, reply, account, base: baseUrl(ctx, request), query });
          store.changed();
          return result;
        }),
    });
  };

  // --- access tokens ---------------------------------------------------------------------------
  app.get('/cgi-bin/token', async (request, reply) =>
    answer(reply, async () => {
      const query = request.query as Record<string, string | undefined>;
      await applyFault(ctx, '/cgi-bin/token', query.appid ?? null);
      if (query.grant_type !== 'client_credential') throw new WxError(40002);
      const account = checkCredentials(ctx, query.appid, query.secret);
      useQuota(ctx, account.appId, '/cgi-bin/token');
      const now = clock.now();
      // A new token replaces the old ones, which keep working for 5 more minutes.
      for (const old of store.data.tokens) {
        if (old.appId === account.appId && old.kind === 'token' && old.supersededAt === null) old.supersededAt = now + 5 * MINUTE;
      }
      const token = issueToken(ctx, account.appId, 'token');
      return { access_token: token.token, expires_in: ACCESS_TOKEN_TTL_S };
    }),
  );

  app.post('/cgi-bin/stable_token', async (request, reply) =>
    answer(reply, async () => {
      const body = jsonBody(request);
      const appid = str(body.appid);
      await applyFault(ctx, '/cgi-bin/stable_token', appid ?? null);
      if (body.grant_type !== 'client_credential') throw new WxError(40002);
      const account = checkCredentials(ctx, appid, str(body.secret));
      useQuota(ctx, account.appId, '/cgi-bin/stable_token');
      const now = clock.now();
      const current = store.data.tokens
        .filter((item) => item.appId === account.appId && item.kind === 'stable' && item.supersededAt === null && item.expiresAt > now)
        .sort((a, b) => b.expiresAt - a.expiresAt)[0];
      const force = body.force_refresh === true || body.force_refresh === 'true';
      if (current && !force && current.expiresAt - now > 5 * MINUTE) {
        return { access_token: current.token, expires_in: Math.floor((current.expiresAt - now) / 1000) };
      }
      if (current && force) {
        for (const old of store.data.tokens) if (old.appId === account.appId && old.kind === 'stable' && old.supersededAt === null) old.supersededAt = now;
      }
      const token = issueToken(ctx, account.appId, 'stable');
      return { access_token: token.token, expires_in: ACCESS_TOKEN_TTL_S };
    }),
  );

  route('POST', 'clear_quota', (call) => {
    const body = jsonBody(call.request);
    if (body.appid !== call.account.appId) throw new WxError(40013);
    for (const key of Object.keys(store.data.quotaUsed)) if (key.startsWith(`${call.account.appId} `)) delete store.data.quotaUsed[key];
    return OK;
  });

  app.post('/cgi-bin/openapi/quota/get', async (request, reply) =>
    answer(reply, () => {
      const query = request.query as Record<string, string | undefined>;
      const account = authenticate(ctx, query.access_token);
      const path = str(jsonBody(request).cgi_path);
      if (!path) throw new WxError(40097);
      return { ...OK, quota: quotaInfo(ctx, account.appId, path) };
    }),
  );

  // --- followers -------------------------------------------------------------------------------
  route('GET', 'user/get', (call) => {
    const openids = subscribedFollowers(call).map((follower) => follower.openid);
    return { total: openids.length, ...openidPage(openids, call.query.next_openid || undefined) };
  });

  route('GET', 'user/info', (call) => userInfo(call, followerOf(ctx, call.account, call.query.openid)));

  route('POST', 'user/info/batchget', (call) => {
    const list = jsonBody(call.request).user_list;
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw new WxError(40032);
    return {
      user_info_list: list.map((item: unknown) => userInfo(call, followerOf(ctx, call.account, (item as { openid?: unknown } | null)?.openid))),
    };
  });

  route('POST', 'user/info/updateremark', (call) => {
    const body = jsonBody(call.request);
    const follower = followerOf(ctx, call.account, body.openid);
    const remark = typeof body.remark === 'string' ? body.remark : undefined;
    if (remark === undefined || remark.length > 30) throw new WxError(40097);
    follower.remark = remark;
    return OK;
  });

  // --- tags ------------------------------------------------------------------------------------
  route('POST', 'tags/create', (call) => {
    const tag = jsonBody(call.request).tag as Record<string, unknown> | undefined;
    const name = checkTagName(call, tag?.name);
    if (customTags(call).length >= TAG_LIMIT) throw new WxError(45056);
    const id = Math.max(store.data.nextTagId[call.account.appId] ?? 100, 100);
    store.data.nextTagId[call.account.appId] = id + 1;
    store.data.tags.push({ appId: call.account.appId, id, name });
    return { tag: { id, name } };
  });

  route('GET', 'tags/get', (call) => {
    const followers = subscribedFollowers(call);
    const count = (id: number) => followers.filter((follower) => follower.tagIds.includes(id)).length;
    return { tags: [...SYSTEM_TAGS, ...customTags(call)].map((tag) => ({ id: tag.id, name: tag.name, count: count(tag.id) })) };
  });

  route('POST', 'tags/update', (call) => {
    const input = jsonBody(call.request).tag as Record<string, unknown> | undefined;
    const tag = tagOf(call, input?.id);
    const stored = store.data.tags.find((item) => item.appId === call.account.appId && item.id === tag.id)!;
    stored.name = checkTagName(call, input?.name, tag.id);
    return OK;
  });

  route('POST', 'tags/delete', (call) => {
    const input = jsonBody(call.request).tag as Record<string, unknown> | undefined;
    const tag = tagOf(call, input?.id);
    const fans = store.data.followers.filter((follower) => follower.appId === call.account.appId && follower.tagIds.includes(tag.id));
    if (fans.length > 100_000) throw new WxError(45057);
    for (const follower of fans) follower.tagIds = follower.tagIds.filter((id) => id !== tag.id);
    store.data.tags = store.data.tags.filter((item) => !(item.appId === call.account.appId && item.id === tag.id));
    return OK;
  });

  route('POST', 'tags/members/batchtagging', (call) => {
    const { tagId, followers } = taggingTarget(call, jsonBody(call.request));
    if (followers.some((follower) => !follower.tagIds.includes(tagId) && follower.tagIds.length >= TAGS_PER_USER)) throw new WxError(45059);
    for (const follower of followers) if (!follower.tagIds.includes(tagId)) follower.tagIds.push(tagId);
    return OK;
  });

  route('POST', 'tags/members/batchuntagging', (call) => {
    const { tagId, followers } = taggingTarget(call, jsonBody(call.request));
    for (const follower of followers) follower.tagIds = follower.tagIds.filter((id) => id !== tagId);
    return OK;
  });

  route('POST', 'tags/getidlist', (call) => ({ tagid_list: followerOf(ctx, call.account, jsonBody(call.request).openid).tagIds }));

  route('POST', 'user/tag/get', (call) => {
    const body = jsonBody(call.request);
    const tagId = int(body.tagid);
    if (tagId === undefined || ![...SYSTEM_TAGS, ...customTags(call)].some((tag) => tag.id === tagId)) throw new WxError(45159);
    const openids = subscribedFollowers(call)
      .filter((follower) => follower.tagIds.includes(tagId))
      .map((follower) => follower.openid);
    return openidPage(openids, str(body.next_openid) || undefined);
  });

  // --- permanent materials -----------------------------------------------------------------------
  route('POST', 'material/add_material', (call) => {
    const type = mediaType(call.query.type);
    const { media, fields } = readUpload(call.request);
    const kind = checkMedia(ctx, type, media, true);
    let title = '';
    let introduction = '';
    if (type === 'video') {
      let description: unknown;
      try {
        description = JSON.parse(fields.description ?? '');
      } catch {
        throw new WxError(40097, 'invalid args, description must be JSON with title and introduction');
      }
      title = str((description as Record<string, unknown> | null)?.title) ?? '';
      introduction = str((description as Record<string, unknown> | null)?.introduction) ?? '';
      if (!title) throw new WxError(40097, 'invalid args, video title missing');
    }
    const file = store.addFile(media.data, CONTENT_TYPES[kind], media.filename ?? `media.${kind}`);
    const now = clock.now();
    const material: SimMaterial = {
      appId: call.account.appId,
      mediaId: randomId(32),
      type,
      name: media.filename ?? `media.${kind}`,
      fileId: file.id,
      title,
      introduction,
      articles: [],
      createdAt: now,
      updatedAt: now,
    };
    store.data.materials.push(material);
    return { media_id: material.mediaId, ...(type === 'image' ? { url: fileUrl(call.base, file.id) } : {}) };
  });

  route('POST', 'media/uploadimg', (call) => {
    const { media } = readUpload(call.request);
    const kind = sniff(media.data);
    if (kind !== 'jpg' && kind !== 'png') throw new WxError(40005);
    if (media.data.length > ctx.settings.limits.uploadimg) throw new WxError(40009);
    const file = store.addFile(media.data, CONTENT_TYPES[kind], media.filename ?? `image.${kind}`);
    return { url: fileUrl(call.base, file.id) };
  });

  route('POST', 'material/get_material', (call) => {
    const material = store.material(call.account.appId, str(jsonBody(call.request).media_id) ?? '');
    if (!material) throw new WxError(40007);
    if (material.type === 'news') {
      return {
        news_item: material.articles.map((article, index) => newsItemOut(call, material, article, index)),
        create_time: Math.floor(material.createdAt / 1000),
        update_time: Math.floor(material.updatedAt / 1000),
      };
    }
    const file = store.file(material.fileId);
    if (!file) throw new WxError(40007);
    if (material.type === 'video') {
      return { title: material.title, description: material.introduction, down_url: fileUrl(call.base, file.id) };
    }
    return sendBytes(call.reply, file.data, file.contentType, material.name || `${material.mediaId}.${extensionOf(file.contentType)}`);
  });

  route('POST', 'material/del_material', (call) => {
    const mediaId = str(jsonBody(call.request).media_id) ?? '';
    const material = store.material(call.account.appId, mediaId);
    if (!material) throw new WxError(40007);
    const menu = store.data.menus.find((item) => item.appId === call.account.appId);
    if (menu && menuUses(menu.button, mediaId)) throw new WxError(48005);
    store.data.materials = store.data.materials.filter((item) => item !== material);
    if (material.fileId) store.data.files = store.data.files.filter((file) => file.id !== material.fileId);
    return OK;
  });

  route('GET', 'material/get_materialcount', (call) => {
    const mine = store.data.materials.filter((item) => item.appId === call.account.appId);
    const count = (type: string) => mine.filter((item) => item.type === type).length;
    return { voice_count: count('voice'), video_count: count('video'), image_count: count('image'), news_count: count('news') };
  });

  route('POST', 'material/batchget_material', (call) => {
    const body = jsonBody(call.request);
    const type = str(body.type);
    if (type !== 'image' && type !== 'voice' && type !== 'video' && type !== 'news') throw new WxError(40004);
    const offset = int(body.offset) ?? 0;
    const count = int(body.count) ?? 0;
    if (offset < 0 || count < 1 || count > 20) throw new WxError(40097);
    const all = store.data.materials
      .filter((item) => item.appId === call.account.appId && item.type === type)
      .sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
    const page = all.slice(offset, offset + count);
    const item = page.map((material) => {
      const updateTime = Math.floor(material.updatedAt / 1000);
      if (type === 'news') {
        return {
          media_id: material.mediaId,
          content: {
            news_item: material.articles.map((article, index) => newsItemOut(call, material, article, index)),
            create_time: Math.floor(material.createdAt / 1000),
            update_time: updateTime,
          },
          update_time: updateTime,
        };
      }
      return {
        media_id: material.mediaId,
        name: material.name,
        update_time: updateTime,
        url: type === 'image' && material.fileId ? fileUrl(call.base, material.fileId) : '',
        ...(type === 'video' ? { description: material.introduction, cover_url: '' } : {}),
        tags: [],
      };
    });
    return { total_count: all.length, item_count: item.length, item };
  });

  route('POST', 'material/add_news', (call) => {
    if (call.account.retiredNewsApi) throw new WxError(45103);
    const articles = jsonBody(call.request).articles;
    if (!Array.isArray(articles) || articles.length === 0) throw new WxError(44003);
    if (articles.length > 8) throw new WxError(45008);
    const checked = articles.map((article) => checkArticle(call, article));
    const now = clock.now();
    const material: SimMaterial = {
      appId: call.account.appId,
      mediaId: randomId(32),
      type: 'news',
      name: '',
      fileId: null,
      title: '',
      introduction: '',
      articles: checked,
      createdAt: now,
      updatedAt: now,
    };
    store.data.materials.push(material);
    return { media_id: material.mediaId };
  });

  route('POST', 'material/update_news', (call) => {
    if (call.account.retiredNewsApi) throw new WxError(45103);
    const body = jsonBody(call.request);
    const material = store.material(call.account.appId, str(body.media_id) ?? '');
    if (!material || material.type !== 'news') throw new WxError(40007);
    const index = int(body.index);
    if (index === undefined || index < 0 || index > material.articles.length || index >= 8) throw new WxError(40097, 'invalid args, index out of range');
    const article = checkArticle(call, body.articles, material.articles[index]);
    material.articles[index] = article;
    material.updatedAt = clock.now();
    return OK;
  });

  // --- temporary media -------------------------------------------------------------------------
  route('POST', 'media/upload', (call) => {
    const type = mediaType(call.query.type);
    const { media } = readUpload(call.request);
    const kind = checkMedia(ctx, type, media, false);
    const file = store.addFile(media.data, CONTENT_TYPES[kind], media.filename ?? `media.${kind}`);
    const item: SimTempMedia = store.addTempMedia(call.account.appId, type, file);
    const createdAt = Math.floor(item.createdAt / 1000);
    return type === 'thumb'
      ? { type, thumb_media_id: item.mediaId, created_at: createdAt }
      : { type, media_id: item.mediaId, created_at: createdAt };
  });

  route('GET', 'media/get', (call) => {
    const mediaId = call.query.media_id;
    if (!mediaId) throw new WxError(41006);
    const media = store.tempMedia(call.account.appId, mediaId);
    const file = media ? store.file(media.fileId) : undefined;
    if (!media || !file) throw new WxError(40007);
    if (media.type === 'video') return { video_url: fileUrl(call.base, file.id) };
    return sendBytes(call.reply, file.data, file.contentType, `${media.mediaId}.${extensionOf(file.contentType)}`);
  });

  // --- customer-service messages ---------------------------------------------------------------
  route('POST', 'message/custom/send', (call) => {
    const body = jsonBody(call.request);
    const follower = followerOf(ctx, call.account, body.touser);
    if (!follower.subscribed) throw new WxError(45015);
    const grants = openGrants(ctx, follower);
    if (grants.length === 0) throw new WxError(45015);
    const msgtype = checkCustomContent(call, body);
    if (call.account.enforceCustomQuota) {
      const grant = [...grants].sort((a, b) => a.expiresAt - b.expiresAt).find((item) => item.remaining > 0);
      if (!grant) throw new WxError(45047);
      grant.remaining -= 1;
    }
    const at = clock.now();
    const id = randomId(9);
    store.data.sent.push({ id, appId: call.account.appId, openid: follower.openid, at, msgtype, body });
    if (store.data.sent.length > 5000) store.data.sent.splice(0, store.data.sent.length - 5000);
    store.addConversation({ appId: call.account.appId, openid: follower.openid, at, direction: 'out', source: 'custom', msgType: msgtype, payload: body });
    return OK;
  });

  route('POST', 'message/custom/typing', (call) => {
    const body = jsonBody(call.request);
    const follower = followerOf(ctx, call.account, body.touser);
    if (!follower.subscribed || openGrants(ctx, follower).length === 0) throw new WxError(45015);
    if (body.command !== 'Typing' && body.command !== 'CancelTyping') throw new WxError(40097);
    return OK;
  });

  // --- menu ------------------------------------------------------------------------------------
  route('POST', 'menu/create', (call) => {
    const buttons = jsonBody(call.request).button;
    if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3) throw new WxError(40016);
    const checked = buttons.map((button) => checkButton(call, button, false));
    store.data.menus = store.data.menus.filter((menu) => menu.appId !== call.account.appId);
    store.data.menus.push({ appId: call.account.appId, menuid: String(400_000_000 + Math.floor(Math.random() * 99_999_999)), button: checked });
    return OK;
  });

  route('GET', 'menu/get', (call) => {
    const menu = store.data.menus.find((item) => item.appId === call.account.appId);
    if (!menu) throw new WxError(46003);
    return { menu: { button: menu.button.map(menuOut), menuid: menu.menuid } };
  });

  route('GET', 'menu/delete', (call) => {
    store.data.menus = store.data.menus.filter((menu) => menu.appId !== call.account.appId);
    return OK;
  });

  // --- drafts (草稿箱) and publishing (发布): what replaced add_news / update_news in 2022 ---------
  const drafts = (call: ApiCall) => store.data.drafts.filter((item) => item.appId === call.account.appId);
  const draftOf = (call: ApiCall, mediaId: unknown) => {
    const draft = drafts(call).find((item) => item.mediaId === mediaId);
    if (!draft) throw new WxError(40007);
    return draft;
  };
  const paging = (body: Record<string, unknown>) => {
    const offset = int(body.offset) ?? 0;
    const count = int(body.count) ?? 0;
    if (offset < 0 || count < 1 || count > 20) throw new WxError(40097);
    return { offset, count, noContent: int(body.no_content) === 1 };
  };
  const items = (call: ApiCall, owner: { mediaId: string }, articles: NewsItem[], noContent: boolean) =>
    articles.map((article, index) => {
      const out = newsItemOut(call, owner, article, index);
      if (noContent) delete out.content;
      return out;
    });

  route('POST', 'draft/add', (call) => {
    const articles = jsonBody(call.request).articles;
    if (!Array.isArray(articles) || articles.length === 0) throw new WxError(44003);
    if (articles.length > 8) throw new WxError(45008);
    const checked = articles.map((article) => checkArticle(call, article));
    const now = clock.now();
    const draft = { appId: call.account.appId, mediaId: randomId(32), articles: checked, createdAt: now, updatedAt: now };
    store.data.drafts.push(draft);
    return { media_id: draft.mediaId };
  });

  route('POST', 'draft/get', (call) => {
    const draft = draftOf(call, jsonBody(call.request).media_id);
    return { news_item: items(call, draft, draft.articles, false) };
  });

  route('POST', 'draft/update', (call) => {
    const body = jsonBody(call.request);
    const draft = draftOf(call, body.media_id);
    const index = int(body.index);
    if (index === undefined || index < 0 || index >= draft.articles.length) throw new WxError(40097, 'invalid args, index out of range');
    draft.articles[index] = checkArticle(call, body.articles, draft.articles[index]);
    draft.updatedAt = clock.now();
    return OK;
  });

  route('POST', 'draft/delete', (call) => {
    const draft = draftOf(call, jsonBody(call.request).media_id);
    store.data.drafts = store.data.drafts.filter((item) => item !== draft);
    return OK;
  });

  route('GET', 'draft/count', (call) => ({ total_count: drafts(call).length }));

  route('POST', 'draft/batchget', (call) => {
    const { offset, count, noContent } = paging(jsonBody(call.request));
    const all = drafts(call).sort((a, b) => b.updatedAt - a.updatedAt);
    const item = all.slice(offset, offset + count).map((draft) => ({
      media_id: draft.mediaId,
      content: {
        news_item: items(call, draft, draft.articles, noContent),
        create_time: Math.floor(draft.createdAt / 1000),
        update_time: Math.floor(draft.updatedAt / 1000),
      },
      update_time: Math.floor(draft.updatedAt / 1000),
    }));
    return { total_count: all.length, item_count: item.length, item };
  });

  const published = (call: ApiCall) => store.data.published.filter((item) => item.appId === call.account.appId);
  const publishedOf = (call: ApiCall, articleId: unknown) => {
    const found = published(call).find((item) => item.articleId === articleId);
    if (!found) throw new WxError(40007);
    return found;
  };
  const publishedItems = (call: ApiCall, article: { articleId: string; articles: NewsItem[]; deleted: boolean[] }, noContent: boolean) =>
    items(call, { mediaId: article.articleId }, article.articles, noContent).map((item, index) => ({ ...item, is_deleted: article.deleted[index] ?? false }));

  route('POST', 'freepublish/submit', (call) => {
    const draft = draftOf(call, jsonBody(call.request).media_id);
    const now = clock.now();
    const entry = {
      appId: call.account.appId,
      publishId: String(2_247_483_000 + store.nextSeq()),
      articleId: randomId(30),
      msgDataId: String(2_247_480_000 + store.nextSeq()),
      articles: draft.articles,
      deleted: draft.articles.map(() => false),
      createdAt: now,
      updatedAt: now,
    };
    store.data.published.push(entry);
    // Publishing takes the draft out of the draft box.
    store.data.drafts = store.data.drafts.filter((item) => item !== draft);
    return { ...OK, publish_id: entry.publishId, msg_data_id: entry.msgDataId };
  });

  route('POST', 'freepublish/get', (call) => {
    const publishId = str(jsonBody(call.request).publish_id);
    const entry = published(call).find((item) => item.publishId === publishId);
    if (!entry) throw new WxError(40097, 'invalid args, unknown publish_id');
    return {
      publish_id: entry.publishId,
      publish_status: 0,
      article_id: entry.articleId,
      article_detail: {
        count: entry.articles.length,
        item: entry.articles.map((_article, index) => ({ idx: index + 1, article_url: `${call.base}/sim/news/${entry.articleId}/${index}` })),
      },
      fail_idx: [],
    };
  });

  route('POST', 'freepublish/getarticle', (call) => {
    const entry = publishedOf(call, jsonBody(call.request).article_id);
    return { news_item: publishedItems(call, entry, false) };
  });

  route('POST', 'freepublish/delete', (call) => {
    const body = jsonBody(call.request);
    const entry = publishedOf(call, body.article_id);
    const index = int(body.index) ?? 0;
    if (index < 0 || index > entry.articles.length) throw new WxError(40097);
    // index 0 (or absent) deletes the whole article; 1..n one of its items.
    if (index === 0) entry.deleted = entry.deleted.map(() => true);
    else entry.deleted[index - 1] = true;
    entry.updatedAt = clock.now();
    return OK;
  });

  route('POST', 'freepublish/batchget', (call) => {
    const { offset, count, noContent } = paging(jsonBody(call.request));
    const all = published(call)
      .filter((item) => item.deleted.some((deleted) => !deleted))
      .sort((a, b) => b.updatedAt - a.updatedAt);
    const item = all.slice(offset, offset + count).map((entry) => ({
      article_id: entry.articleId,
      content: {
        news_item: publishedItems(call, entry, noContent),
        create_time: Math.floor(entry.createdAt / 1000),
        update_time: Math.floor(entry.updatedAt / 1000),
      },
      update_time: Math.floor(entry.updatedAt / 1000),
    }));
    return { total_count: all.length, item_count: item.length, item };
  });
}
