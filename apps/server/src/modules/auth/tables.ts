import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintText, createdAt, idColumn, timestamptz } from '../../db/columns.js';

/** Issued token sets; only SHA-256 hashes of the tokens are stored. */
export const sysToken = pgTable('sys_token', {
  id: idColumn(),
  chainId: text('chain_id').notNull(),
  userId: bigintText('user_id').notNull(),
  clientId: text('client_id').notNull(),
  grantType: text('grant_type').notNull(),
  accessHash: text('access_hash').notNull(),
  refreshHash: text('refresh_hash').notNull(),
  accessExpiresAt: timestamptz('access_expires_at').notNull(),
  refreshExpiresAt: timestamptz('refresh_expires_at').notNull(),
  refreshedAt: timestamptz('refreshed_at'),
  revokedAt: timestamptz('revoked_at'),
  remoteAddr: text('remote_addr'),
  createdAt: createdAt(),
});

export const authCaptcha = pgTable('auth_captcha', {
  randomStr: text('random_str').primaryKey(),
  code: text('code').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const authCode = pgTable('auth_code', {
  id: idColumn(),
  purpose: text('purpose').notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

export const authRateLimit = pgTable('auth_rate_limit', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: timestamptz('window_start').notNull(),
});
