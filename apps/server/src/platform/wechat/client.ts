import { platformTimeout, platformUnreachable, PlatformError, TOKEN_ERRORS } from './errors.js';
import type { StoredToken, TokenStore } from './token-store.js';

/** A token is renewed this long before the platform says it expires. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** How long one instance may hold the refresh lease; others wait and read its token. */
const LEASE_MS = 15_000;
const WAIT_STEP_MS = 100;

export interface WechatClientOptions {
  baseUrl: string;
  timeoutMs: number;
  store: TokenStore;
  /** The AppSecret of an account, for fetching tokens. */
  secretOf: (appId: string) => Promise<string>;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
}

/** A binary answer (media download). */
export interface Download {
  bytes: Buffer;
  contentType: string;
  fileName: string | null;
}

export interface WxUserInfo {
  subscribe: number;
  openid: string;
  language?: string;
  subscribe_time?: number;
  unionid?: string;
  remark?: string;
  groupid?: number;
  tagid_list?: number[];
  subscribe_scene?: string;
  qr_scene_str?: string;
  nickname?: string;
  headimgurl?: string;
  sex?: number;
  city?: string;
  province?: string;
  country?: string;
}

type Json = Record<string, unknown> & { errcode?: number; errmsg?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The one way to the messaging platform's HTTP API: access tokens cached per account and
 * refreshed one at a time (single flight here, a lease in the shared store between instances);
 * a token error drops that token (only if still current), refreshes once and retries once;
 * any non-zero errcode becomes a PlatformError with a clear Chinese message; every call times out.
 */
export class WechatClient {
  private readonly cache = new Map<string, StoredToken>();
  private readonly inFlight = new Map<string, Promise<string>>();
  /** Tokens fetched from the platform by this instance (for tests and figures). */
  tokenFetches = 0;

  constructor(private readonly options: WechatClientOptions) {}

  get baseUrl() {
    return this.options.baseUrl;
  }

  /** The current access token of an account, fetched when missing or near expiry. */
  async accessToken(appId: string): Promise<string> {
    const cached = this.cache.get(appId);
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    let pending = this.inFlight.get(appId);
    if (!pending) {
      pending = this.obtain(appId).finally(() => this.inFlight.delete(appId));
      this.inFlight.set(appId, pending);
    }
    return pending;
  }

  /** Forgets a token the platform refused, unless someone already replaced it. */
  async invalidate(appId: string, token: string): Promise<void> {
    if (this.cache.get(appId)?.token === token) this.cache.delete(appId);
    await this.options.store.expireIf(appId, token);
  }

  /** Forgets everything cached about an account (its secret changed, it was deleted). */
  async forget(appId: string): Promise<void> {
    const cached = this.cache.get(appId);
    this.cache.delete(appId);
    if (cached) await this.options.store.expireIf(appId, cached.token);
  }

  private async obtain(appId: string): Promise<string> {
    const { store } = this.options;
    const deadline = Date.now() + LEASE_MS + this.options.timeoutMs;
    while (Date.now() < deadline) {
      const stored = await store.get(appId);
      if (stored && stored.expiresAt - EXPIRY_MARGIN_MS > Date.now()) {
        this.cache.set(appId, stored);
        return stored.token;
      }
      if (await store.lease(appId, LEASE_MS)) {
        try {
          // Another instance may have stored a token and let the lease go between the read above
          // and this lease: read again before asking the platform for a second one.
          const stored = await store.get(appId);
          if (stored && stored.expiresAt - EXPIRY_MARGIN_MS > Date.now()) {
            this.cache.set(appId, stored);
            return stored.token;
          }
          const fresh = await this.fetchToken(appId);
          await store.set(appId, fresh);
          this.cache.set(appId, fresh);
          return fresh.token;
        } finally {
          await store.release(appId);
        }
      }
      await sleep(WAIT_STEP_MS); // another instance is refreshing: read its token next round
    }
    throw platformTimeout();
  }

  private async fetchToken(appId: string): Promise<StoredToken> {
    const secret = await this.options.secretOf(appId);
    this.tokenFetches++;
    const answer = (await this.request('/cgi-bin/token', { query: { grant_type: 'client_credential', appid: appId, secret } })) as Json;
    const token = typeof answer.access_token === 'string' ? answer.access_token : '';
    if (!token) throw new PlatformError(-1, 'no access_token in answer');
    return { token, expiresAt: Date.now() + Number(answer.expires_in ?? 7200) * 1000 };
  }

  /** One HTTP exchange, no token handling: JSON answers are checked for errcode, others returned as bytes. */
  private async request(path: string, options: CallOptions): Promise<Json | Download> {
    const url = new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const init: RequestInit = { method: options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET'), signal: AbortSignal.timeout(this.options.timeoutMs) };
    if (options.json !== undefined) {
      init.body = JSON.stringify(options.json);
      init.headers = { 'content-type': 'application/json' };
    } else if (options.form) {
      init.body = options.form;
    }
    let res: Response;
    let body: Buffer;
    try {
      res = await fetch(url, init);
      body = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') throw platformTimeout();
      throw platformUnreachable();
    }
    const type = res.headers.get('content-type') ?? '';
    if (/json|text\/plain/.test(type) || (!type && body[0] === 0x7b)) {
      let parsed: Json;
      try {
        parsed = JSON.parse(body.toString('utf8')) as Json;
      } catch {
        throw new PlatformError(-1, `unreadable answer (HTTP ${res.status})`);
      }
      if (parsed.errcode !== undefined && parsed.errcode !== 0) throw new PlatformError(Number(parsed.errcode), String(parsed.errmsg ?? ''));
      if (!res.ok) throw new PlatformError(-1, `HTTP ${res.status}`);
      return parsed;
    }
    if (!res.ok) throw new PlatformError(-1, `HTTP ${res.status}`);
    const disposition = res.headers.get('content-disposition') ?? '';
    const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { bytes: body, contentType: type || 'application/octet-stream', fileName: fileName ? decodeURIComponent(fileName) : null };
  }

  /** An authorised call: adds the token; on a token error refreshes once and retries once. */
  async call(appId: string, path: string, options: CallOptions = {}): Promise<Json | Download> {
    const token = await this.accessToken(appId);
    try {
      return await this.request(path, { ...options, query: { ...options.query, access_token: token } });
    } catch (error) {
      if (!(error instanceof PlatformError) || !TOKEN_ERRORS.has(error.errcode)) throw error;
      await this.invalidate(appId, token);
      const fresh = await this.accessToken(appId);
      return this.request(path, { ...options, query: { ...options.query, access_token: fresh } });
    }
  }

  /** A call whose answer must be JSON. */
  async json<T = Json>(appId: string, path: string, options: CallOptions = {}): Promise<T> {
    const answer = await this.call(appId, path, options);
    if ('bytes' in answer && Buffer.isBuffer(answer.bytes)) throw new PlatformError(-1, 'expected JSON, got bytes');
    return answer as T;
  }

  // ---- followers -------------------------------------------------------------------------

  userList(appId: string, nextOpenId = '') {
    return this.json<{ total: number; count: number; data?: { openid: string[] }; next_openid?: string }>(appId, '/cgi-bin/user/get', { query: { next_openid: nextOpenId || undefined } });
  }

  async userInfoBatch(appId: string, openIds: string[]): Promise<WxUserInfo[]> {
    if (openIds.length === 0) return [];
    const answer = await this.json<{ user_info_list?: WxUserInfo[] }>(appId, '/cgi-bin/user/info/batchget', { json: { user_list: openIds.map((openid) => ({ openid, lang: 'zh_CN' })) } });
    return answer.user_info_list ?? [];
  }

  userInfo(appId: string, openId: string) {
    return this.json<WxUserInfo>(appId, '/cgi-bin/user/info', { query: { openid: openId, lang: 'zh_CN' } });
  }

  async updateRemark(appId: string, openId: string, remark: string) {
    await this.json(appId, '/cgi-bin/user/info/updateremark', { json: { openid: openId, remark } });
  }

  // ---- tags ------------------------------------------------------------------------------

  async tags(appId: string) {
    return (await this.json<{ tags?: Array<{ id: number; name: string; count?: number }> }>(appId, '/cgi-bin/tags/get')).tags ?? [];
  }

  async createTag(appId: string, name: string) {
    return (await this.json<{ tag: { id: number; name: string } }>(appId, '/cgi-bin/tags/create', { json: { tag: { name } } })).tag;
  }

  async updateTag(appId: string, id: number, name: string) {
    await this.json(appId, '/cgi-bin/tags/update', { json: { tag: { id, name } } });
  }

  async deleteTag(appId: string, id: number) {
    await this.json(appId, '/cgi-bin/tags/delete', { json: { tag: { id } } });
  }

  async tagMembers(appId: string, tagging: boolean, tagId: number, openIds: string[]) {
    const path = tagging ? '/cgi-bin/tags/members/batchtagging' : '/cgi-bin/tags/members/batchuntagging';
    await this.json(appId, path, { json: { openid_list: openIds, tagid: tagId } });
  }

  // ---- materials -------------------------------------------------------------------------

  addMaterial(appId: string, type: string, file: { bytes: Buffer; name: string; contentType: string }, video?: { title: string; introduction: string }) {
    const form = new FormData();
    form.set('media', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
    if (video) form.set('description', JSON.stringify(video));
    return this.json<{ media_id: string; url?: string }>(appId, '/cgi-bin/material/add_material', { query: { type }, form });
  }

  addNews(appId: string, articles: unknown[]) {
    return this.json<{ media_id: string }>(appId, '/cgi-bin/material/add_news', { json: { articles } });
  }

  async updateNews(appId: string, mediaId: string, index: number, article: unknown) {
    await this.json(appId, '/cgi-bin/material/update_news', { json: { media_id: mediaId, index, articles: article } });
  }

  async deleteMaterial(appId: string, mediaId: string) {
    await this.json(appId, '/cgi-bin/material/del_material', { json: { media_id: mediaId } });
  }

  /** Permanent material: bytes for image/voice/thumb, JSON for video and news. */
  getMaterial(appId: string, mediaId: string) {
    return this.call(appId, '/cgi-bin/material/get_material', { json: { media_id: mediaId } });
  }

  batchGetMaterial(appId: string, type: string, offset: number, count: number) {
    return this.json<{ total_count: number; item_count: number; item: Array<Record<string, unknown>> }>(appId, '/cgi-bin/material/batchget_material', { json: { type, offset, count } });
  }

  /** Temporary media (3 days): bytes, or `{ video_url }` JSON for video. */
  getMedia(appId: string, mediaId: string) {
    return this.call(appId, '/cgi-bin/media/get', { query: { media_id: mediaId } });
  }

  // ---- messages (used by the conversations work) ------------------------------------------

  async sendCustom(appId: string, message: Record<string, unknown>) {
    await this.json(appId, '/cgi-bin/message/custom/send', { json: message });
  }
}
