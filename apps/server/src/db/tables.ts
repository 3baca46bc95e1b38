import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/**
 * The foundation's own tables (SQL: 0001_base.sql). Modules' tables live in their own
 * `tables.ts` and are gathered through the module list (modules/index.ts), never here.
 */

/** Runtime settings that operators may change (registration open, default role, …). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Idempotency keys of mutating requests already taken (0003_request_key.sql; http/idempotency.ts). */
export const requestKey = pgTable('request_key', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});
