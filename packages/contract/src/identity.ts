import { z } from 'zod';
import { textSchema } from './text.js';
import { pageQuerySchema } from './paging.js';
import { PASSWORD_MAX, PASSWORD_MIN, phoneMessages, SMS_CODE_LENGTH, smsCodeMessages } from './validators.js';

/**
 * Identity and access shapes (docs/identity-api.md): the token set, user info, menu nodes and
 * the bodies of the system-management screens. Ids are strings.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;
const required = (name: string, max: number) => text(name, max).min(1, `${name}不能为空`);
const optionalText = (name: string, max: number) => text(name, max).nullish();

export const idSchema = id;
export const idParamsSchema = z.object({ id });

/** The raw OAuth answer of `POST /auth/oauth/token` and the phone grants (no envelope). */
export const tokenSetSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
  scope: z.string(),
  user_id: z.string(),
  username: z.string(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, '用户名不能为空')
  .max(32, '用户名不能超过32个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -');
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `密码长度为${PASSWORD_MIN}到${PASSWORD_MAX}位`)
  .max(PASSWORD_MAX, `密码长度为${PASSWORD_MIN}到${PASSWORD_MAX}位`);
export const phoneSchema = z
  .string()
  .min(1, phoneMessages.empty)
  .length(11, phoneMessages.length)
  .regex(/^1[3-9]\d{9}$/, phoneMessages.format);

/** The SMS sign-in code (six digits), as `validateSmsCode` checks it in the form. */
export const smsCodeSchema = z
  .string({ error: smsCodeMessages.empty })
  .min(1, smsCodeMessages.empty)
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), smsCodeMessages.format);

export const sysUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
});
export type SysUser = z.infer<typeof sysUserSchema>;

export const userInfoSchema = z.object({
  sysUser: sysUserSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** The password was given to the user (the first administrator's): until it is changed, nothing else is allowed. */
  mustChangePassword: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const roleRefSchema = z.object({ id: z.string(), roleName: z.string(), roleCode: z.string() });

export const userRecordSchema = sysUserSchema.extend({
  lockFlag: z.enum(['0', '9']),
  roles: z.array(roleRefSchema),
  createTime: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const lockFlagSchema = z.enum(['0', '9'], { error: 'lockFlag 只能是 0（正常）或 9（锁定）' });

export const userPageQuerySchema = z.object({
  username: text('用户名', 64).optional(),
  deptId: id.optional(),
  lockFlag: lockFlagSchema.optional(),
});

export const userCreateSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  nickname: optionalText('昵称', 64),
  phone: phoneSchema.nullish().or(z.literal('')),
  deptId: id.nullish(),
  roleIds: z.array(id).max(50, '角色不能超过50个').default([]),
});

export const userUpdateSchema = z.object({
  id,
  nickname: optionalText('昵称', 64),
  phone: phoneSchema.nullish().or(z.literal('')),
  deptId: id.nullish(),
  roleIds: z.array(id).max(50, '角色不能超过50个').optional(),
  lockFlag: lockFlagSchema.optional(),
  password: passwordSchema.optional().or(z.literal('')),
});

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  phone: phoneSchema.nullish().or(z.literal('')),
  nickname: optionalText('昵称', 64),
});

export const profileEditSchema = z.object({
  nickname: optionalText('昵称', 64),
  phone: phoneSchema.nullish().or(z.literal('')),
  avatar: optionalText('头像', 512),
  /** The current password, needed to change it. */
  password: z.string().max(64, '原密码不能超过64个字符').optional().or(z.literal('')),
  newpassword1: passwordSchema.optional().or(z.literal('')),
  /** A new phone number needs the SMS code sent to it (`POST /upms/user/phone/code`, issue 22 #9). */
  smsCode: smsCodeSchema.optional().or(z.literal('')),
});

/** `POST /upms/user/phone/code`: an SMS code to the new number of the user's own phone change. */
export const profilePhoneCodeSchema = z.object({ phone: phoneSchema });

export const roleRecordSchema = z.object({
  id: z.string(),
  roleName: z.string(),
  roleCode: z.string(),
  roleDesc: z.string().nullable(),
  createTime: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const roleCodeSchema = z
  .string()
  .trim()
  .min(1, '角色编码不能为空')
  .max(64, '角色编码不能超过64个字符')
  .regex(/^ROLE_[A-Z0-9_]+$/, '角色编码须以 ROLE_ 开头，只含大写字母、数字和下划线');

export const roleBodySchema = z.object({
  id: id.optional(),
  roleName: required('角色名称', 64),
  roleCode: roleCodeSchema,
  roleDesc: optionalText('角色描述', 255),
});

export const roleMenuSchema = z.object({ roleId: id, menuIds: z.array(id).max(2000, '菜单不能超过2000个') });

export interface MenuNode {
  id: string;
  parentId: string;
  name: string;
  label: string;
  path: string | null;
  icon: string | null;
  component: string | null;
  sort: number;
  keepAlive: '0' | '1';
  type: '0' | '1';
  permission: string | null;
  /** Query parameters the entry opens with; answered only when set. */
  query?: Record<string, string>;
  /** An external address (http or https) the entry opens in /myiframe; answered only when set. */
  src?: string;
  /** `roles`: the role codes that see the entry (answered only when set; the web hides it from others). */
  meta: { roles?: string[] };
  children: MenuNode[];
}

/** What a menu answers beyond its columns: query, external address and the roles that see it. */
const menuExtras = {
  query: z.record(z.string(), z.string()).optional(),
  src: z.string().optional(),
  meta: z.object({ roles: z.array(z.string()).optional() }),
};
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    name: z.string(),
    label: z.string(),
    path: z.string().nullable(),
    icon: z.string().nullable(),
    component: z.string().nullable(),
    sort: z.number().int(),
    keepAlive: z.enum(['0', '1']),
    type: z.enum(['0', '1']),
    permission: z.string().nullable(),
    ...menuExtras,
    children: z.array(menuNodeSchema),
  }),
);

/** A menu's query parameters: name → value, at most 20. */
export const MENU_QUERY_MAX = 20;
export const menuQuerySchema = z
  .record(
    z.string().min(1, '查询参数名不能为空').max(64, '查询参数名不能超过64个字符').regex(/^[^\s&=]+$/, '查询参数名不能含空白、& 或 ='),
    z.string().max(500, '查询参数值不能超过500个字符'),
  )
  .refine((query) => Object.keys(query).length <= MENU_QUERY_MAX, `查询参数不能超过${MENU_QUERY_MAX}个`);

export const menuBodySchema = z.object({
  id: id.optional(),
  parentId: z.union([id, z.literal('-1')]).default('-1'),
  name: required('菜单名称', 64),
  path: optionalText('菜单路径', 255),
  icon: optionalText('图标', 64),
  component: optionalText('组件', 255),
  sort: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于0').max(100000, '排序不能大于100000').default(0),
  keepAlive: z.enum(['0', '1'], { error: 'keepAlive 只能是 0（缓存）或 1（不缓存）' }).default('0'),
  type: z.enum(['0', '1'], { error: 'type 只能是 0（菜单）或 1（按钮）' }).default('0'),
  permission: z.string().trim().max(128, '权限标识不能超过128个字符').regex(/^[a-z][a-z0-9]*(:[a-z0-9]+)+$/, '权限标识格式为 模块:页面:操作').nullish().or(z.literal('')),
  /** The query parameters the entry opens with (none when left out). */
  query: menuQuerySchema.nullish(),
  /** An external page the entry opens in /myiframe: the specification's URL rule, http or https. */
  src: z.string().trim().max(500, '外部地址不能超过500个字符').regex(/^https?:\/\/\S+$/i, '外部地址须以 http:// 或 https:// 开头').nullish().or(z.literal('')),
  /** `roles`: the role codes that see the entry (everyone when left out or empty). */
  meta: z.object({ roles: z.array(roleCodeSchema).max(50, '可见角色不能超过50个').default([]) }).default({ roles: [] }),
});

export interface DeptNode {
  id: string;
  parentId: string;
  name: string;
  sort: number;
  createTime: string;
  children: DeptNode[];
}
export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({ id: z.string(), parentId: z.string(), name: z.string(), sort: z.number().int(), createTime: z.string(), children: z.array(deptNodeSchema) }),
);
export const menuFlatSchema = z.object({
  id: z.string(), parentId: z.string(), name: z.string(), label: z.string(), path: z.string().nullable(), icon: z.string().nullable(),
  component: z.string().nullable(), sort: z.number().int(), keepAlive: z.enum(['0', '1']), type: z.enum(['0', '1']),
  permission: z.string().nullable(), ...menuExtras,
});
export type MenuFlat = z.infer<typeof menuFlatSchema>;

export const deptBodySchema = z.object({
  id: id.optional(),
  parentId: z.union([id, z.literal('-1')]).default('-1'),
  name: required('部门名称', 64),
  sort: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于0').max(100000, '排序不能大于100000').default(0),
});

export const GRANT_TYPES = ['password', 'refresh_token', 'sms_login', 'phone'] as const;
export const clientRecordSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  accessTokenValidity: z.number().int(),
  refreshTokenValidity: z.number().int(),
  createTime: z.string(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;
export const clientBodySchema = z.object({
  id: id.optional(),
  clientId: z.string().trim().min(1, '终端ID不能为空').max(64, '终端ID不能超过64个字符').regex(/^[A-Za-z0-9_-]+$/, '终端ID只能包含字母、数字、_ 和 -'),
  /** Plain on create (stored hashed); on update, empty keeps the current secret. */
  clientSecret: z.string().max(128, '终端密钥不能超过128个字符').optional(),
  scope: required('作用域', 64).default('server'),
  authorizedGrantTypes: z
    .string()
    .max(200, '授权类型不能超过200个字符')
    .refine((v) => v.split(',').every((g) => (GRANT_TYPES as readonly string[]).includes(g.trim())), `授权类型只能是 ${GRANT_TYPES.join(', ')}`)
    .default('password,refresh_token'),
  accessTokenValidity: z.coerce.number().int('令牌时效必须是整数').min(60, '令牌时效不能少于60秒').max(31_536_000, '令牌时效不能超过一年').default(43200),
  refreshTokenValidity: z.coerce.number().int('刷新时效必须是整数').min(60, '刷新时效不能少于60秒').max(31_536_000, '刷新时效不能超过一年').default(2592000),
});

export const tokenRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  clientId: z.string(),
  grantType: z.string(),
  remoteAddr: z.string().nullable(),
  createTime: z.string(),
  expiresAt: z.string(),
});
export type TokenRecord = z.infer<typeof tokenRecordSchema>;
export const tokenPageQuerySchema = pageQuerySchema.extend({ username: z.string().max(64, 'username 不能超过64个字符').optional() });

export const logRecordSchema = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string(),
  title: z.string(),
  method: z.string().nullable(),
  requestUri: z.string().nullable(),
  remoteAddr: z.string().nullable(),
  createBy: z.string().nullable(),
  time: z.number().int().nullable(),
  status: z.number().int().nullable(),
  exception: z.string().nullable(),
  createTime: z.string(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

/** A time filter: ISO 8601, or `yyyy-MM-dd HH:mm(:ss)` in China time. */
const timeFilter = (name: string) =>
  z
    .string()
    .max(40, `${name} 不能超过40个字符`)
    .transform((v, ctx) => {
      const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v.replace(' ', 'T')}+08:00` : v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${name} 须为日期时间（ISO 8601 或 yyyy-MM-dd HH:mm:ss）` });
        return z.NEVER;
      }
      return date;
    })
    .optional();

export const logPageQuerySchema = pageQuerySchema.extend({
  type: z.enum(['0', '9'], { error: 'type 只能是 0（正常）或 9（异常）' }).optional(),
  username: z.string().max(64, 'username 不能超过64个字符').optional(),
  startTime: timeFilter('startTime'),
  endTime: timeFilter('endTime'),
});

/** Departments (系统管理 › 部门管理). */
export const deptFlatSchema = z.object({ id: z.string(), parentId: z.string(), name: z.string(), sort: z.number().int(), createTime: z.string() });
