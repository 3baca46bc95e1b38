import { sql } from 'drizzle-orm';
import { boolean, char, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintText, createdAt, idColumn, timestamps } from '../../db/columns.js';

export const sysDept = pgTable('sys_dept', {
  id: idColumn(),
  parentId: bigintText('parent_id').notNull().default('-1'),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps(),
});

export const sysUser = pgTable('sys_user', {
  id: idColumn(),
  username: text('username').notNull(),
  password: text('password').notNull(),
  nickname: text('nickname'),
  phone: text('phone'),
  avatar: text('avatar'),
  deptId: bigintText('dept_id'),
  lockFlag: char('lock_flag', { length: 1 }).notNull().default('0'),
  /** Set for a password given to the user (the first administrator's): only changing it is allowed until then. */
  passwordMustChange: boolean('password_must_change').notNull().default(false),
  ...timestamps(),
});

export const sysRole = pgTable('sys_role', {
  id: idColumn(),
  roleName: text('role_name').notNull(),
  roleCode: text('role_code').notNull(),
  roleDesc: text('role_desc'),
  ...timestamps(),
});

export const sysMenu = pgTable('sys_menu', {
  id: idColumn(),
  parentId: bigintText('parent_id').notNull().default('-1'),
  name: text('name').notNull(),
  permission: text('permission'),
  path: text('path'),
  icon: text('icon'),
  component: text('component'),
  sort: integer('sort').notNull().default(0),
  keepAlive: char('keep_alive', { length: 1 }).notNull().default('0'),
  type: char('type', { length: 1 }).notNull().default('0'),
  /** Query parameters the entry opens with. */
  query: jsonb('query').$type<Record<string, string>>(),
  /** An external address (http or https) opened in /myiframe. */
  src: text('src'),
  /** The role codes that see the entry (`meta.roles`); empty: everyone the menu is granted to. */
  roles: text('roles').array().notNull().default(sql`'{}'`),
  seedKey: text('seed_key'),
  ...timestamps(),
});

export const sysUserRole = pgTable('sys_user_role', {
  userId: bigintText('user_id').notNull(),
  roleId: bigintText('role_id').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

export const sysRoleMenu = pgTable('sys_role_menu', {
  roleId: bigintText('role_id').notNull(),
  menuId: bigintText('menu_id').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const sysOauthClient = pgTable('sys_oauth_client', {
  id: idColumn(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  scope: text('scope').notNull().default('server'),
  authorizedGrantTypes: text('authorized_grant_types').notNull().default('password,refresh_token'),
  accessTokenValidity: integer('access_token_validity').notNull().default(43200),
  refreshTokenValidity: integer('refresh_token_validity').notNull().default(2592000),
  ...timestamps(),
});

export const sysLog = pgTable('sys_log', {
  id: idColumn(),
  type: char('type', { length: 1 }).notNull().default('0'),
  source: text('source').notNull().default('server'),
  title: text('title').notNull(),
  method: text('method'),
  requestUri: text('request_uri'),
  remoteAddr: text('remote_addr'),
  userAgent: text('user_agent'),
  username: text('username'),
  durationMs: integer('duration_ms'),
  status: integer('status'),
  exception: text('exception'),
  createdAt: createdAt(),
});
