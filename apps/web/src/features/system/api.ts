import { deptEndpoints } from '@canteen/contract';
import { api } from '../../shared/http/client';
import { call } from '../../shared/http/call';
import { i18n } from '../../shared/i18n';
import type { Option, OptionSource } from '../../shared/resource';

/** Records of the system-management API (docs/identity-api.md). */
export interface RoleRef {
  id: string;
  roleName: string;
  roleCode: string;
}
export interface UserRecord {
  id: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  phone: string | null;
  deptId: string | null;
  deptName: string | null;
  lockFlag: '0' | '9';
  roles: RoleRef[];
  createTime: string;
}
export interface RoleRecord extends RoleRef {
  roleDesc: string | null;
  createTime: string;
}
export interface MenuRecord {
  id: string;
  parentId: string;
  name: string;
  path: string | null;
  icon: string | null;
  component: string | null;
  sort: number;
  keepAlive: '0' | '1';
  type: '0' | '1';
  permission: string | null;
  /** Query parameters the entry opens with (answered only when set). */
  query?: Record<string, string>;
  /** An external page (http or https) the entry opens in /myiframe (answered only when set). */
  src?: string;
  /** `roles`: the role codes that see the entry (answered only when set). */
  meta?: { roles?: string[] };
  children?: MenuRecord[];
}
export interface DeptRecord {
  id: string;
  parentId: string;
  name: string;
  sort: number;
  createTime: string;
  children?: DeptRecord[];
}
export interface ClientRecord {
  id: string;
  clientId: string;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  createTime: string;
}
export interface TokenRecord {
  id: string;
  userId: string;
  username: string;
  clientId: string;
  grantType: string;
  remoteAddr: string | null;
  createTime: string;
  expiresAt: string;
}
export interface LogRecord {
  id: string;
  type: string;
  source: string;
  title: string;
  method: string | null;
  requestUri: string | null;
  remoteAddr: string | null;
  createBy: string | null;
  time: number | null;
  status: number | null;
  exception: string | null;
  createTime: string;
}

interface Named {
  id: string;
  name: string;
  children?: Named[];
}
const toOptions = (nodes: Named[]): Option[] =>
  nodes.map((n) => ({ value: n.id, label: n.name, children: n.children?.length ? toOptions(n.children) : undefined }));

export const deptTree = () => call(deptEndpoints.tree, {});

/** Departments as tree choices. */
export const deptOptions: OptionSource = { queryKey: ['/upms/dept', 'options'], load: async () => toOptions(await deptTree()) };

/** Departments under a "top level" choice ('-1'), for a parent picker. */
export const deptParentOptions: OptionSource = {
  queryKey: ['/upms/dept', 'parent-options'],
  load: async () => [{ value: '-1', label: i18n.t('system.dept.top'), children: toOptions(await deptTree()) }],
};

export const roleOptions: OptionSource = {
  queryKey: ['/upms/role', 'options'],
  load: async () => (await api.get<RoleRecord[]>('/upms/role/list')).map((r) => ({ value: r.id, label: r.roleName })),
};

/** Roles by code (what a menu's `meta.roles` and the session's roles hold). */
export const roleCodeOptions: OptionSource = {
  queryKey: ['/upms/role', 'code-options'],
  load: async () => (await api.get<RoleRecord[]>('/upms/role/list')).map((r) => ({ value: r.roleCode, label: r.roleName })),
};

/** Menus (without buttons) under a "top level" choice, for a parent picker. */
export const menuParentOptions: OptionSource = {
  queryKey: ['/upms/menu', 'parent-options'],
  load: async () => [{ value: '-1', label: i18n.t('system.menu.top'), children: toOptions(await api.get<MenuRecord[]>('/upms/menu/tree')) }],
};

/** Empty strings become null so a cleared field is cleared on the server. */
export const nullIfEmpty = (value: unknown) => (value === undefined || value === '' ? null : value);
