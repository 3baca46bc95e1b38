import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { replyFieldsSchema, passiveReplyProblem, validateUrl, type WxStoredReply } from '@canteen/contract';
import { badRequest } from '../../../http/errors.js';
import type { Database } from '../../../db/client.js';
import type { WechatClient } from '../../../platform/wechat/client.js';
import type { AccountService } from '../accounts/service.js';
import { wxMenu } from '../conversations/tables.js';
import { normalizeReply, storedReplyOf } from '../conversations/reply.js';

/** Button types the editor offers (wechat.md §2.7; origin.md §2.6). */
export const BUTTON_TYPES = [
  'click', 'view', 'miniprogram', 'scancode_push', 'scancode_waitmsg', 'pic_sysphoto', 'pic_photo_or_album', 'pic_weixin', 'location_select',
] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export const MAX_TOP = 3;
export const MAX_SUB = 5;
/** Names: the platform counts bytes (16 top, 60 sub); the editor counts Chinese characters as 2 (4 top, 7 sub). */
export const NAME_LIMITS = { top: { width: 8, bytes: 16, chinese: 4 }, sub: { width: 14, bytes: 60, chinese: 7 } } as const;
export const MENU_DELETED_TEXT = '非常抱歉，该菜单已删除！';

export interface ButtonInput extends Partial<WxStoredReply> {
  name?: string | null | undefined;
  type?: string | null | undefined;
  key?: string | null | undefined;
  url?: string | null | undefined;
  appid?: string | null | undefined;
  pagepath?: string | null | undefined;
  sub_button?: ButtonInput[] | null | undefined;
}

/** Display width: a Chinese (non-Latin) character counts 2, a Latin one 1. */
export const nameWidth = (name: string) => [...name].reduce((w, c) => w + (c.codePointAt(0)! > 0xff ? 2 : 1), 0);

type Row = typeof wxMenu.$inferSelect;

export interface ButtonView extends WxStoredReply {
  id: string;
  name: string;
  key: string;
  type: string | null;
  url: string | null;
  appid: string | null;
  pagepath: string | null;
  sub_button: ButtonView[];
}

interface Planned {
  key: string;
  name: string;
  type: ButtonType | null;
  url: string | null;
  appid: string | null;
  pagepath: string | null;
  reply: WxStoredReply | null;
  subs: Planned[];
}

/** 自定义菜单: validation, save and publish, and the button behind a tap. */
/** A button as the platform's menu/get answers it. */
interface PlatformButton {
  type?: string;
  name?: string;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: PlatformButton[];
}

export function createMenuService(database: Database, client: WechatClient, accounts: AccountService, log?: FastifyBaseLogger) {
  const { db } = database;

  const rowsOf = (appId: string) => db.select().from(wxMenu).where(eq(wxMenu.appId, appId)).orderBy(asc(wxMenu.sort), asc(wxMenu.id));

  const buttonView = (row: Row, subs: Row[]): ButtonView => ({
    id: row.id,
    name: row.name,
    key: row.menuKey,
    type: row.type,
    url: row.url,
    appid: row.maAppId,
    pagepath: row.maPagePath,
    ...storedReplyOf(row),
    sub_button: subs.map((s) => buttonView(s, [])),
  });

  const newKey = () => `MENU_${randomBytes(8).toString('hex')}`;

  /** Checks one button and plans its row; `where` names it in messages (一级菜单2 / 二级菜单2-3). */
  const plan = (input: ButtonInput, level: 'top' | 'sub', where: string, usedKeys: Set<string>, known: Set<string>): Planned => {
    const name = (input.name ?? '').trim();
    if (!name) throw badRequest(`${where}：请输入菜单名称`);
    const limit = NAME_LIMITS[level];
    if (nameWidth(name) > limit.width || Buffer.byteLength(name, 'utf8') > limit.bytes) {
      throw badRequest(`${where}：菜单名称不能超过${limit.chinese}个汉字或${limit.width}个字母`);
    }
    const wanted = typeof input.key === 'string' && known.has(input.key) && !usedKeys.has(input.key) ? input.key : newKey();
    usedKeys.add(wanted);
    const subsInput = level === 'top' ? (input.sub_button ?? []) : [];
    if (level === 'sub' && input.sub_button?.length) throw badRequest(`${where}：二级菜单不能再有子菜单`);
    if (subsInput.length > MAX_SUB) throw badRequest(`${where}：二级菜单最多${MAX_SUB}个`);
    if (subsInput.length) {
      const subs = subsInput.map((sub, i) => plan(sub, 'sub', `${where.replace('一级菜单', '二级菜单')}-${i + 1}`, usedKeys, known));
      return { key: wanted, name, type: null, url: null, appid: null, pagepath: null, reply: null, subs };
    }
    const type = input.type ?? '';
    if (!(BUTTON_TYPES as readonly string[]).includes(type)) throw badRequest(`${where}：请选择菜单类型（${BUTTON_TYPES.join('、')}）`);
    const planned: Planned = { key: wanted, name, type: type as ButtonType, url: null, appid: null, pagepath: null, reply: null, subs: [] };
    if (type === 'view' || type === 'miniprogram') {
      const problem = validateUrl(input.url);
      if (problem) throw badRequest(`${where}：${problem}`);
      if (Buffer.byteLength(input.url!, 'utf8') > 1024) throw badRequest(`${where}：网页地址不能超过1024个字节`);
      planned.url = input.url!;
    }
    if (type === 'miniprogram') {
      if (!input.appid?.trim()) throw badRequest(`${where}：请输入小程序的 appid`);
      if (!input.pagepath?.trim()) throw badRequest(`${where}：请输入小程序的页面路径`);
      planned.appid = input.appid.trim();
      planned.pagepath = input.pagepath.trim();
    }
    if (type === 'click' || (type === 'scancode_waitmsg' && input.repType)) {
      const parsed = replyFieldsSchema.safeParse(input);
      if (!parsed.success) throw badRequest(`${where}：请设置点击菜单的回复内容`);
      const problem = passiveReplyProblem(parsed.data);
      if (problem) throw badRequest(`${where}：${problem}`);
      const reply = normalizeReply(parsed.data);
      planned.reply = reply;
    }
    return planned;
  };

  /** The platform's JSON: the rep* fields stripped. */
  const platformButton = (p: Planned): Record<string, unknown> => {
    if (p.subs.length) return { name: p.name, sub_button: p.subs.map(platformButton) };
    const out: Record<string, unknown> = { type: p.type, name: p.name };
    if (p.type === 'view') out.url = p.url;
    else if (p.type === 'miniprogram') Object.assign(out, { url: p.url, appid: p.appid, pagepath: p.pagepath });
    else out.key = p.key;
    return out;
  };

  const insertRow = async (tx: Pick<Database['db'], 'insert'>, appId: string, p: Planned, sort: number, parentId: string | null) => {
    const [row] = await tx.insert(wxMenu).values({
      appId, parentId, sort, menuKey: p.key, type: p.type, name: p.name, url: p.url, maAppId: p.appid, maPagePath: p.pagepath,
      ...(p.reply ?? {}),
    }).returning({ id: wxMenu.id });
    return row!.id;
  };

  /** A platform button as it is saved here: its key kept (taps name it), no reply yet. */
  const importedButton = (b: PlatformButton): Planned => ({
    key: b.key || newKey(),
    name: b.name ?? '',
    type: b.sub_button?.length ? null : ((BUTTON_TYPES as readonly string[]).includes(b.type ?? '') ? (b.type as ButtonType) : null),
    url: b.url ?? null,
    appid: b.appid ?? null,
    pagepath: b.pagepath ?? null,
    reply: null,
    subs: (b.sub_button ?? []).map(importedButton),
  });

  /**
   * With nothing saved here, the menu the platform shows followers now (set before this account
   * was added, or on the platform's own site) is saved, so the editor opens on what followers see.
   * A platform that cannot be asked leaves the editor empty, as before.
   */
  const importFromPlatform = async (appId: string): Promise<void> => {
    let buttons: PlatformButton[];
    try {
      buttons = (await client.json<{ menu?: { button?: PlatformButton[] } }>(appId, '/cgi-bin/menu/get', { method: 'GET' })).menu?.button ?? [];
    } catch (error) {
      // 46003: the account has no menu. Anything else: logged, and the editor opens empty.
      if ((error as { errcode?: number }).errcode !== 46003) log?.warn({ err: error, appId }, 'wxmp menu: the platform\'s menu could not be read');
      return;
    }
    if (!buttons.length) return;
    await db.transaction(async (tx) => {
      // One import per account, however many editors open at once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wxmenu:${appId}`}))`);
      if ((await tx.select({ id: wxMenu.id }).from(wxMenu).where(eq(wxMenu.appId, appId)).limit(1)).length) return;
      for (const [i, top] of buttons.slice(0, MAX_TOP).map(importedButton).entries()) {
        const id = await insertRow(tx, appId, top, i + 1, null);
        for (const [j, sub] of top.subs.slice(0, MAX_SUB).entries()) await insertRow(tx, appId, sub, j + 1, id);
      }
    });
  };

  return {
    /** The saved menu, in the platform's shape plus each button's reply (`{ button: [...] }`); the platform's when none is saved here. */
    async list(appId: string) {
      await accounts.requireAppId(appId);
      let rows = await rowsOf(appId);
      if (!rows.length) {
        await importFromPlatform(appId);
        rows = await rowsOf(appId);
      }
      const top = rows.filter((r) => r.parentId === null);
      return { button: top.map((t) => buttonView(t, rows.filter((r) => r.parentId === t.id))) };
    },

    /** Checks, publishes to the platform, then replaces the saved menu (kept as it was when the platform refuses). */
    async publish(appId: string, buttons: ButtonInput[]) {
      await accounts.requireAppId(appId);
      if (!buttons.length) throw badRequest('请至少添加一个菜单');
      if (buttons.length > MAX_TOP) throw badRequest(`一级菜单最多${MAX_TOP}个`);
      const known = new Set((await rowsOf(appId)).map((r) => r.menuKey));
      const used = new Set<string>();
      const planned = buttons.map((b, i) => plan(b, 'top', `一级菜单${i + 1}`, used, known));
      await client.json(appId, '/cgi-bin/menu/create', { json: { button: planned.map(platformButton) } });
      await db.transaction(async (tx) => {
        await tx.delete(wxMenu).where(eq(wxMenu.appId, appId));
        for (const [i, top] of planned.entries()) {
          const id = await insertRow(tx, appId, top, i + 1, null);
          for (const [j, sub] of top.subs.entries()) await insertRow(tx, appId, sub, j + 1, id);
        }
      });
      return this.list(appId);
    },

    /** Deletes the menu on the platform and here. */
    async remove(appId: string) {
      await accounts.requireAppId(appId);
      await client.json(appId, '/cgi-bin/menu/delete');
      await db.delete(wxMenu).where(eq(wxMenu.appId, appId));
    },

    /** The stored button of a tapped key, or null when it no longer exists. */
    async button(appId: string, key: string) {
      const [row] = await db.select().from(wxMenu).where(and(eq(wxMenu.appId, appId), eq(wxMenu.menuKey, key))).limit(1);
      return row ?? null;
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
