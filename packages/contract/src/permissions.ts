/**
 * Permission codes (`domain:screen:action`), defined once. Every server route declares the code
 * it needs; the menu seed grants these as buttons; the web app hides what the user may not use.
 */
const crud = ['index', 'add', 'edit', 'del'] as const;
const wxmp = ['index', 'get', 'add', 'edit', 'del'] as const;

/** Screen → the actions (buttons) it has. The code is `${screen}:${action}`. */
export const permissionScreens = {
  'sys:user': crud,
  'sys:role': [...crud, 'perm'],
  'sys:menu': crud,
  'sys:dept': crud,
  'sys:client': crud,
  'sys:token': ['index', 'del'],
  'sys:log': ['index', 'del'],
  'store:shop': crud,
  // account: the brand-wide 飞鹅 account; port: a printer port outside 9100–9109 (both administrator-only).
  'store:printer': [...crud, 'account', 'port'],
  'store:dish': crud,
  'store:category': crud,
  'store:combo': crud,
  'store:spec': crud,
  'store:table': crud,
  // freeze: 冻结/解冻; adjust: 调整余额/积分 (with a reason); recharge: 充值 at the counter; level: 会员等级.
  'customer:member': [...crud, 'freeze', 'adjust', 'recharge', 'level'],
  'customer:rechargecard': [...crud, 'refund'],
  'customer:coupon': [...crud, 'issue', 'void'],
  // edit: 接单/完成/取消; refund: 退款 (whole or by line).
  'order:order': ['index', 'get', 'edit', 'refund'],
  // 收银台: index opens it, prices and creates orders; pay takes payments (cash, balance, WeChat Pay).
  'order:cashier': ['index', 'pay'],
  // 桌台图 (issue 24): index sees the map, 催菜; open 开台/改人数; transfer 转台/并台; clear 清台; void 退菜 of an unpaid order.
  'order:floor': ['index', 'open', 'transfer', 'clear', 'void'],
  // 厨房看板: index shows the tickets; edit marks lines 制作中/已出餐/已上菜.
  'order:kitchen': ['index', 'edit'],
  // 取餐叫号屏: the pickup board.
  'order:pickup': ['index'],
  // export: 导出 .xlsx; rebuild: 重算 the roll-ups from the orders.
  'report:sales': ['index', 'export', 'rebuild'],
  // secret: the live access token and the access information (administrator-only).
  'wxmp:wxapp': [...wxmp, 'secret'],
  'wxmp:wxuser': [...wxmp, 'synchro', 'edit:remark', 'tagging'],
  'wxmp:wxusertags': wxmp,
  'wxmp:wxmaterial': wxmp,
  'wxmp:wxautoreply': wxmp,
  'wxmp:wxmenu': wxmp,
  'wxmp:wxmsg': wxmp,
} as const;

type Screens = typeof permissionScreens;
export type PermissionScreen = keyof Screens;
/** Every permission code of the product, as a type: a misspelt code does not compile. */
export type PermissionCode = { [S in PermissionScreen]: `${S}:${Screens[S][number]}` }[PermissionScreen];

/** Every permission code, in screen order. */
export const PERMISSION_CODES: readonly PermissionCode[] = Object.entries(permissionScreens).flatMap(([screen, actions]) =>
  (actions as readonly string[]).map((action) => `${screen}:${action}` as PermissionCode),
);

const known = new Set<string>(PERMISSION_CODES);
export const isPermissionCode = (value: string): value is PermissionCode => known.has(value);

/** The codes of one screen's buttons, e.g. `screenCodes('sys:user')`. */
export const screenCodes = (screen: PermissionScreen): PermissionCode[] =>
  (permissionScreens[screen] as readonly string[]).map((action) => `${screen}:${action}` as PermissionCode);

/** Codes the seed grants to administrators only, never to the store operator's role (issue 22 #6, #4). */
export const ADMIN_ONLY_PERMISSIONS: readonly PermissionCode[] = ['store:printer:account', 'store:printer:port', 'wxmp:wxapp:secret'];

/** Role codes the seed creates. */
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_OPERATOR = 'ROLE_OPERATOR';
/** New registrations: a role with no permissions until an administrator assigns one. */
export const ROLE_PENDING = 'ROLE_PENDING';
