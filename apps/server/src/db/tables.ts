import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Runtime settings that operators may change (registration open, default role, …). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from '../modules/wxmp/tables.js';
export * from '../modules/wxmp/conversations/tables.js';
