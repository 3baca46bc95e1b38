import { validateUrl } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { validationText } from '../../../shared/resource';
import { validateReply, type Reply } from '../components/reply';
import { replyBody, replyOf, type StoredReplyFields } from '../components/stored-reply';
import '../messages';

/**
 * The custom menu as the editor holds it, its limits and checks (wechat.md §2.7; the server's
 * `modules/wxmp/menu/service.ts` applies the same ones), and the body of `POST /weixin/wxmenu`.
 */

export const BUTTON_TYPES = [
  'click', 'view', 'miniprogram', 'scancode_push', 'scancode_waitmsg', 'pic_sysphoto', 'pic_photo_or_album', 'pic_weixin', 'location_select',
] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export const MAX_TOP = 3;
export const MAX_SUB = 5;
/**
 * Names: the platform counts bytes (16 for a top button, 60 for a sub-button); the editor also
 * counts a Chinese character as two letters, which gives 4 Chinese characters or 8 letters on
 * top and 7 or 14 below.
 */
export const NAME_LIMITS = { top: { width: 8, bytes: 16, chinese: 4 }, sub: { width: 14, bytes: 60, chinese: 7 } } as const;
export const URL_MAX_BYTES = 1024;

export type Level = keyof typeof NAME_LIMITS;
/** A button's place: `[i]` for a top button, `[i, j]` for sub-button j of top button i. */
export type Path = readonly [number] | readonly [number, number];

export interface MenuButton {
  /** Identifies the button in the editor only. */
  uid: string;
  /** The key read from the server, sent back so followers' cached menus keep working. */
  key?: string;
  name: string;
  type?: ButtonType;
  url?: string;
  appid?: string;
  pagepath?: string;
  reply?: Reply;
  sub_button: MenuButton[];
}

/** A button as `GET /weixin/wxmenu/list` answers it. */
export interface ServerButton extends Partial<StoredReplyFields> {
  id?: string;
  name: string;
  key?: string | null;
  type?: string | null;
  url?: string | null;
  appid?: string | null;
  pagepath?: string | null;
  sub_button?: ServerButton[];
}
export interface ServerMenu {
  button: ServerButton[];
}

let counter = 0;
const nextUid = () => `b${++counter}`;

const isButtonType = (value: unknown): value is ButtonType => (BUTTON_TYPES as readonly unknown[]).includes(value);
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Display width: a character beyond Latin-1 (Chinese) counts 2, others 1. */
export const nameWidth = (name: string) => [...name].reduce((w, c) => w + (c.codePointAt(0)! > 0xff ? 2 : 1), 0);

export const newButton = (name = ''): MenuButton => ({ uid: nextUid(), name, type: 'click', reply: { repType: 'text' }, sub_button: [] });

export function fromServer(menu: ServerMenu | undefined): MenuButton[] {
  const convert = (b: ServerButton): MenuButton => {
    const button: MenuButton = { uid: nextUid(), name: b.name, sub_button: (b.sub_button ?? []).map(convert) };
    if (b.key) button.key = b.key;
    if (isButtonType(b.type)) button.type = b.type;
    if (b.url) button.url = b.url;
    if (b.appid) button.appid = b.appid;
    if (b.pagepath) button.pagepath = b.pagepath;
    if (b.repType) button.reply = replyOf(b);
    else if (button.type === 'click' || button.type === 'scancode_waitmsg') button.reply = { repType: 'text' };
    return button;
  };
  return (menu?.button ?? []).map(convert);
}

/** A reply the operator left untouched (an optional reply is then not sent). */
export const isBlankReply = (reply: Reply | undefined) =>
  !reply ||
  (!reply.repContent?.trim() && !reply.repMediaId && !reply.repUrl?.trim() && !reply.repHqUrl?.trim() && !reply.repName?.trim() && !reply.repDesc?.trim() &&
    !reply.repThumbMediaId && !reply.content?.articles.length);

/** 一级菜单2 / 二级菜单2-3: where a problem is. */
export const placeName = (path: Path) =>
  path.length === 1 ? i18n.t('wxmp.menu.top', { n: path[0] + 1 }) : i18n.t('wxmp.menu.sub', { n: path[0] + 1, m: path[1] + 1 });

/** The problem of a name at a level, or null. */
export function nameProblem(name: string, level: Level): string | null {
  const trimmed = name.trim();
  if (!trimmed) return i18n.t('wxmp.menu.nameRequired');
  const limit = NAME_LIMITS[level];
  if (nameWidth(trimmed) > limit.width || bytes(trimmed) > limit.bytes) return i18n.t('wxmp.menu.nameTooLong', limit);
  return null;
}

/** The problem of a URL field (view, mini-program fallback), or null. */
export function urlProblem(url: string | undefined): string | null {
  const problem = validateUrl(url?.trim());
  if (problem) return validationText(problem);
  if (bytes(url!.trim()) > URL_MAX_BYTES) return i18n.t('wxmp.menu.urlTooLong');
  return null;
}

/** The first problem of one button (its own fields, not its sub-buttons), or null. */
export function buttonProblem(button: MenuButton, level: Level): string | null {
  const name = nameProblem(button.name, level);
  if (name) return name;
  if (level === 'top' && button.sub_button.length > 0) {
    return button.sub_button.length > MAX_SUB ? i18n.t('wxmp.menu.maxSub', { n: MAX_SUB }) : null;
  }
  if (!button.type) return i18n.t('wxmp.menu.typeRequired');
  switch (button.type) {
    case 'view':
      return urlProblem(button.url);
    case 'miniprogram':
      if (!button.appid?.trim()) return i18n.t('wxmp.menu.appidRequired');
      if (!button.pagepath?.trim()) return i18n.t('wxmp.menu.pagepathRequired');
      return urlProblem(button.url);
    case 'click':
      return validateReply(button.reply);
    case 'scancode_waitmsg':
      return isBlankReply(button.reply) ? null : validateReply(button.reply);
    default:
      return null;
  }
}

export interface MenuProblem {
  path: Path;
  message: string;
}

/** The first problem of the whole menu, naming the button, or null when it can be published. */
export function validateMenu(buttons: MenuButton[]): MenuProblem | null {
  if (buttons.length === 0) return { path: [0], message: i18n.t('wxmp.menu.empty') };
  if (buttons.length > MAX_TOP) return { path: [MAX_TOP], message: i18n.t('wxmp.menu.maxTop', { n: MAX_TOP }) };
  for (const [i, top] of buttons.entries()) {
    const own = buttonProblem(top, 'top');
    if (own) return { path: [i], message: i18n.t('wxmp.menu.problem', { where: placeName([i]), msg: own }) };
    for (const [j, sub] of top.sub_button.entries()) {
      const problem = buttonProblem(sub, 'sub');
      if (problem) return { path: [i, j], message: i18n.t('wxmp.menu.problem', { where: placeName([i, j]), msg: problem }) };
    }
  }
  return null;
}

/** The body's buttons: the platform's fields of the button's type, its reply, and the key read. */
export function toPayload(buttons: MenuButton[]): Record<string, unknown>[] {
  const convert = (b: MenuButton, level: Level): Record<string, unknown> => {
    const out: Record<string, unknown> = { name: b.name.trim() };
    if (b.key) out.key = b.key;
    if (level === 'top' && b.sub_button.length > 0) {
      out.sub_button = b.sub_button.map((s) => convert(s, 'sub'));
      return out;
    }
    out.type = b.type;
    if (b.type === 'view' || b.type === 'miniprogram') out.url = b.url?.trim();
    if (b.type === 'miniprogram') Object.assign(out, { appid: b.appid?.trim(), pagepath: b.pagepath?.trim() });
    if ((b.type === 'click' && b.reply) || (b.type === 'scancode_waitmsg' && !isBlankReply(b.reply))) Object.assign(out, replyBody(b.reply!));
    out.sub_button = [];
    return out;
  };
  return buttons.map((b) => convert(b, 'top'));
}

// Editing: each returns a new menu (the state is never changed in place).

export const buttonAt = (buttons: MenuButton[], path: Path): MenuButton | undefined =>
  path.length === 1 ? buttons[path[0]] : buttons[path[0]]?.sub_button[path[1]];

export function updateAt(buttons: MenuButton[], path: Path, patch: Partial<MenuButton>): MenuButton[] {
  return buttons.map((top, i) => {
    if (i !== path[0]) return top;
    if (path.length === 1) return { ...top, ...patch };
    return { ...top, sub_button: top.sub_button.map((sub, j) => (j === path[1] ? { ...sub, ...patch } : sub)) };
  });
}

/** Adds a top button (null when there are already three). */
export function addTop(buttons: MenuButton[], name: string): { buttons: MenuButton[]; path: Path } | null {
  if (buttons.length >= MAX_TOP) return null;
  return { buttons: [...buttons, newButton(name)], path: [buttons.length] };
}

/** Adds a sub-button under top button i (null when it has five already). */
export function addSub(buttons: MenuButton[], i: number, name: string): { buttons: MenuButton[]; path: Path } | null {
  const top = buttons[i];
  if (!top || top.sub_button.length >= MAX_SUB) return null;
  return { buttons: updateAt(buttons, [i], { sub_button: [...top.sub_button, newButton(name)] }), path: [i, top.sub_button.length] };
}

/** Removes a button (a top button with its sub-buttons); the path to select afterwards. */
export function removeAt(buttons: MenuButton[], path: Path): { buttons: MenuButton[]; path: Path | undefined } {
  if (path.length === 1) {
    const next = buttons.filter((_, i) => i !== path[0]);
    return { buttons: next, path: next.length ? [Math.min(path[0], next.length - 1)] : undefined };
  }
  const [i, j] = path;
  const subs = buttons[i]!.sub_button.filter((_, k) => k !== j);
  return { buttons: updateAt(buttons, [i], { sub_button: subs }), path: subs.length ? [i, Math.min(j, subs.length - 1)] : [i] };
}

const swap = <T>(list: T[], a: number, b: number) => {
  const out = [...list];
  [out[a], out[b]] = [out[b]!, out[a]!];
  return out;
};

/** Moves a button one place among its siblings (-1 left/up, +1 right/down); null at an end. */
export function moveAt(buttons: MenuButton[], path: Path, delta: -1 | 1): { buttons: MenuButton[]; path: Path } | null {
  if (path.length === 1) {
    const to = path[0] + delta;
    if (to < 0 || to >= buttons.length) return null;
    return { buttons: swap(buttons, path[0], to), path: [to] };
  }
  const [i, j] = path;
  const subs = buttons[i]!.sub_button;
  const to = j + delta;
  if (to < 0 || to >= subs.length) return null;
  return { buttons: updateAt(buttons, [i], { sub_button: swap(subs, j, to) }), path: [i, to] };
}
