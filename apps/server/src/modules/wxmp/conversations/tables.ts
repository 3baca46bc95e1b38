import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintText, createdAt, idColumn, timestamps } from '../../../db/columns.js';
import { replyColumns } from '../tables.js';

/** 消息自动回复. SQL: 0210_conversations.sql. */
export const wxAutoReply = pgTable('wx_auto_reply', {
  id: idColumn(),
  appId: text('app_id').notNull(),
  type: text('type').notNull(),
  reqType: text('req_type'),
  reqKey: text('req_key'),
  repMate: text('rep_mate'),
  ...replyColumns(),
  repType: text('rep_type').notNull(),
  ...timestamps(),
});

/** 自定义菜单: one row per button; `menuKey` is the platform's key. */
export const wxMenu = pgTable('wx_menu', {
  id: idColumn(),
  appId: text('app_id').notNull(),
  parentId: bigintText('parent_id'),
  sort: integer('sort').notNull(),
  menuKey: text('menu_key').notNull(),
  type: text('type'),
  name: text('name').notNull(),
  url: text('url'),
  maAppId: text('ma_app_id'),
  maPagePath: text('ma_page_path'),
  ...replyColumns(),
  createdAt: createdAt(),
});
