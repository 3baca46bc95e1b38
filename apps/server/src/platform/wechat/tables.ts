import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from '../../db/columns.js';

/**
 * The platform client's shared access-token cache, one row per account (the database token
 * store, token-store.ts; SQL: 0200_wxmp.sql). The platform layer owns it: no module touches it.
 */
export const wxAccessToken = pgTable('wx_access_token', {
  appId: text('app_id').primaryKey(),
  accessToken: text('access_token'),
  expiresAt: timestamptz('expires_at'),
  leaseUntil: timestamptz('lease_until'),
  updatedAt: updatedAt(),
});
