import { deptEndpoints, menuEndpoints, roleEndpoints, type DeptNode, type MenuNode } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { i18n } from '../../shared/i18n';
import type { Option, OptionSource } from '../../shared/resource';
import { systemKeys } from './queryKeys';

/** The records of the system-management screens, as the contract's endpoints answer them. */
export type { ClientRecord, LogRecord, RoleRecord, TokenRecord, UserRecord } from '@canteen/contract';
/** A menu or button of the menu tree (`GET /upms/menu/all/tree`). */
export type MenuRecord = MenuNode;
/** A department of the department tree (`GET /upms/dept/tree`). */
export type DeptRecord = DeptNode;

interface Named {
  id: string;
  name: string;
  children?: Named[];
}
const toOptions = (nodes: Named[]): Option[] =>
  nodes.map((n) => ({ value: n.id, label: n.name, children: n.children?.length ? toOptions(n.children) : undefined }));

export const deptTree = () => call(deptEndpoints.tree, {});

/** Departments as tree choices. */
export const deptOptions: OptionSource = { queryKey: systemKeys.depts.options(), load: async () => toOptions(await deptTree()) };

/** Departments under a "top level" choice ('-1'), for a parent picker. */
export const deptParentOptions: OptionSource = {
  queryKey: systemKeys.depts.parentOptions(),
  load: async () => [{ value: '-1', label: i18n.t('system.dept.top'), children: toOptions(await deptTree()) }],
};

/** Every role (`GET /upms/role/list`). */
export const roleList = () => call(roleEndpoints.list, {});

export const roleOptions: OptionSource = {
  queryKey: systemKeys.roles.options(),
  load: async () => (await roleList()).map((r) => ({ value: r.id, label: r.roleName })),
};

/** Roles by code (what a menu's `meta.roles` and the session's roles hold). */
export const roleCodeOptions: OptionSource = {
  queryKey: systemKeys.roles.codeOptions(),
  load: async () => (await roleList()).map((r) => ({ value: r.roleCode, label: r.roleName })),
};

/** Menus (without buttons) under a "top level" choice, for a parent picker. */
export const menuParentOptions: OptionSource = {
  queryKey: systemKeys.menus.parentOptions(),
  load: async () => [{ value: '-1', label: i18n.t('system.menu.top'), children: toOptions(await call(menuEndpoints.tree, {})) }],
};

/** Empty strings become null so a cleared field is cleared on the server. */
export const nullIfEmpty = (value: unknown) => (value === undefined || value === '' ? null : value);
