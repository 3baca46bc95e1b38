import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { PageQuery } from '@canteen/contract';
import { translateDbError } from '../../../http/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { maskSecret } from '../../../platform/secrets.js';
import { wxApp } from '../tables.js';
import { likePattern, type WxmpContext } from '../context.js';
import { isoOrNull } from '../../../http/iso.js';

export type MsgMode = 'plain' | 'compatible' | 'safe';

export interface AccountInput {
  name: string;
  weixinType?: string | undefined;
  verifyType?: string | undefined;
  weixinSign: string;
  appId: string;
  secret?: string | undefined;
  token?: string | undefined;
  aesKey?: string | null | undefined;
  msgMode?: MsgMode | undefined;
  logo?: string | null | undefined;
  principalName?: string | null | undefined;
  remarks?: string | null | undefined;
}

/** An account as the API shows it: secrets masked. */
export interface AccountView {
  id: string;
  appId: string;
  name: string;
  weixinType: string;
  verifyType: string;
  weixinSign: string;
  secret: string;
  token: string;
  aesKey: string;
  msgMode: MsgMode;
  logo: string | null;
  principalName: string | null;
  remarks: string | null;
  createTime: string | null;
  updateTime: string | null;
}

/** An account with its secrets open, for the callback and the platform client; never sent out. */
export interface AccountRuntime {
  id: string;
  appId: string;
  name: string;
  logo: string | null;
  weixinSign: string;
  secret: string;
  token: string;
  aesKey: string | null;
  msgMode: MsgMode;
}

type Row = typeof wxApp.$inferSelect;

const RUNTIME_TTL_MS = 5000;
export const AES_KEY = /^[A-Za-z0-9]{43}$/;

export function createAccountService(ctx: WxmpContext) {
  const { db } = ctx.database;
  const runtimeCache = new Map<string, { at: number; value: AccountRuntime | null }>();

  const openOrEmpty = (sealed: string | null) => {
    if (!sealed) return '';
    try {
      return ctx.secrets.open(sealed);
    } catch {
      return '';
    }
  };

  const view = (row: Row): AccountView => ({
    id: row.id,
    appId: row.appId,
    name: row.name,
    weixinType: row.weixinType,
    verifyType: row.verifyType,
    weixinSign: row.weixinSign,
    secret: maskSecret(openOrEmpty(row.secretEnc)),
    token: maskSecret(openOrEmpty(row.tokenEnc)),
    aesKey: maskSecret(openOrEmpty(row.aesKeyEnc)),
    msgMode: row.msgMode as MsgMode,
    logo: row.logo,
    principalName: row.principalName,
    remarks: row.remarks,
    createTime: isoOrNull(row.createdAt),
    updateTime: isoOrNull(row.updatedAt),
  });

  const runtimeOf = (row: Row): AccountRuntime => ({
    id: row.id,
    appId: row.appId,
    name: row.name,
    logo: row.logo,
    weixinSign: row.weixinSign,
    secret: openOrEmpty(row.secretEnc),
    token: openOrEmpty(row.tokenEnc),
    aesKey: openOrEmpty(row.aesKeyEnc) || null,
    msgMode: row.msgMode as MsgMode,
  });

  const byId = async (id: string) => {
    if (!/^\d{1,19}$/.test(id)) throw notFound('公众号不存在');
    const [row] = await db.select().from(wxApp).where(eq(wxApp.id, id));
    if (!row) throw notFound('公众号不存在');
    return row;
  };

  const byAppId = async (appId: string) => {
    const [row] = await db.select().from(wxApp).where(eq(wxApp.appId, appId));
    if (!row) throw notFound(`公众号 ${appId} 不存在`);
    return row;
  };

  /** A masked value sent back unchanged (or nothing) keeps the stored secret. */
  const changed = (value: string | null | undefined) => value !== undefined && value !== null && value !== '' && !value.includes('*');

  const checkModes = (mode: MsgMode, aesKey: string | null) => {
    if (mode !== 'plain' && !aesKey) throw badRequest('兼容模式和安全模式需要填写 EncodingAESKey');
  };

  const forgetRuntime = (appId: string) => runtimeCache.delete(appId);

  return {
    view,

    async page(query: PageQuery & { name?: string | undefined }) {
      const where = query.name ? ilike(wxApp.name, likePattern(query.name)) : undefined;
      return paginate(query, { id: wxApp.id, name: wxApp.name, create_time: wxApp.createdAt, update_time: wxApp.updatedAt }, {
        count: async () => (await db.select({ n: count() }).from(wxApp).where(where))[0]!.n,
        rows: async ({ order, limit, offset }) => (await db.select().from(wxApp).where(where).orderBy(...order).limit(limit).offset(offset)).map(view),
      }, [sql`${wxApp.createdAt} asc`, sql`${wxApp.id} asc`]);
    },

    async list() {
      return (await db.select().from(wxApp).orderBy(asc(wxApp.createdAt), asc(wxApp.id))).map(view);
    },

    async get(id: string) {
      return view(await byId(id));
    },

    async getByAppId(appId: string) {
      return view(await byAppId(appId));
    },

    /** Throws 404 unless the account exists. */
    async requireAppId(appId: string): Promise<AccountRuntime> {
      const runtime = await this.runtime(appId);
      if (!runtime) throw notFound(`公众号 ${appId} 不存在`);
      return runtime;
    },

    /** The account with open secrets, cached a few seconds (the callback reads it per push). */
    async runtime(appId: string): Promise<AccountRuntime | null> {
      const hit = runtimeCache.get(appId);
      if (hit && Date.now() - hit.at < RUNTIME_TTL_MS) return hit.value;
      const [row] = await db.select().from(wxApp).where(eq(wxApp.appId, appId));
      const value = row ? runtimeOf(row) : null;
      runtimeCache.set(appId, { at: Date.now(), value });
      if (runtimeCache.size > 1000) runtimeCache.delete(runtimeCache.keys().next().value!);
      return value;
    },

    async create(input: AccountInput) {
      if (!input.secret) throw badRequest('请填写 AppSecret');
      if (!input.token) throw badRequest('请填写 Token');
      const mode = input.msgMode ?? 'plain';
      const aesKey = input.aesKey || null;
      checkModes(mode, aesKey);
      const [existing] = await db.select({ id: wxApp.id }).from(wxApp).where(eq(wxApp.appId, input.appId));
      if (existing) throw conflict(`AppID 为 ${input.appId} 的公众号已存在`);
      const [row] = await db.insert(wxApp).values({
        appId: input.appId,
        name: input.name,
        weixinType: input.weixinType ?? '2',
        verifyType: input.verifyType ?? '0',
        weixinSign: input.weixinSign,
        secretEnc: ctx.secrets.seal(input.secret),
        tokenEnc: ctx.secrets.seal(input.token),
        aesKeyEnc: aesKey ? ctx.secrets.seal(aesKey) : null,
        msgMode: mode,
        logo: input.logo ?? null,
        principalName: input.principalName ?? null,
        remarks: input.remarks ?? null,
      }).returning().catch((error: unknown) => {
        throw translateDbError(error, { wx_app_app_id_key: `AppID 为 ${input.appId} 的公众号已存在` }) ?? error;
      });
      forgetRuntime(input.appId);
      return view(row!);
    },

    async update(id: string, input: AccountInput) {
      const row = await byId(id);
      if (input.appId !== row.appId) {
        const [other] = await db.select({ id: wxApp.id }).from(wxApp).where(eq(wxApp.appId, input.appId));
        if (other) throw conflict(`AppID 为 ${input.appId} 的公众号已存在`);
      }
      const mode = input.msgMode ?? (row.msgMode as MsgMode);
      const aesKey = input.aesKey === '' || input.aesKey === null ? null : changed(input.aesKey) ? input.aesKey! : openOrEmpty(row.aesKeyEnc) || null;
      checkModes(mode, aesKey);
      const secretChanged = changed(input.secret);
      const [updated] = await db.update(wxApp).set({
        appId: input.appId,
        name: input.name,
        weixinType: input.weixinType ?? row.weixinType,
        verifyType: input.verifyType ?? row.verifyType,
        weixinSign: input.weixinSign,
        secretEnc: secretChanged ? ctx.secrets.seal(input.secret!) : row.secretEnc,
        tokenEnc: changed(input.token) ? ctx.secrets.seal(input.token!) : row.tokenEnc,
        aesKeyEnc: aesKey ? ctx.secrets.seal(aesKey) : null,
        msgMode: mode,
        logo: input.logo === undefined ? row.logo : input.logo,
        principalName: input.principalName === undefined ? row.principalName : input.principalName,
        remarks: input.remarks === undefined ? row.remarks : input.remarks,
        updatedAt: new Date(),
      }).where(eq(wxApp.id, id)).returning();
      forgetRuntime(row.appId);
      forgetRuntime(input.appId);
      if (secretChanged || input.appId !== row.appId) await ctx.client.forget(row.appId);
      return view(updated!);
    },

    async remove(id: string) {
      const row = await byId(id);
      await db.delete(wxApp).where(and(eq(wxApp.id, id)));
      forgetRuntime(row.appId);
      await ctx.client.forget(row.appId);
      return row.appId;
    },

    /** The current access token, fetched from the platform when needed. */
    async accessToken(id: string) {
      const row = await byId(id);
      const token = await ctx.client.accessToken(row.appId);
      // Masked: the browser never holds the live token (issue 22 #6); the server uses it itself.
      return { appId: row.appId, accessToken: maskSecret(token) };
    },

    /** What the operator pastes into the platform's server configuration (接入系统). */
    async accessInfo(id: string, publicBase: string) {
      const row = await byId(id);
      const runtime = runtimeOf(row);
      return {
        appId: row.appId,
        url: `${publicBase.replace(/\/$/, '')}/weixin/portal/${encodeURIComponent(row.appId)}`,
        token: maskSecret(runtime.token),
        aesKey: maskSecret(runtime.aesKey),
        msgMode: runtime.msgMode,
      };
    },

    /** The AppSecret, for the platform client. */
    async secretOf(appId: string): Promise<string> {
      const runtime = await this.runtime(appId);
      if (!runtime) throw notFound(`公众号 ${appId} 不存在`);
      if (!runtime.secret) throw new AppError(400, '公众号的 AppSecret 无法解密，请重新填写');
      return runtime.secret;
    },

  };
}

export type AccountService = ReturnType<typeof createAccountService>;
