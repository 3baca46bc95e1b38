import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintText, idColumn } from '../../util/columns.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Issued token sets; only SHA-256 hashes of the tokens are stored. */
export const sysToken = pgTable('sys_token', {
  id: idColumn(),
  chainId: text('chain_id').notNull(),
  userId: bigintText('user_id').notNull(),
  clientId: text('client_id').notNull(),
  grantType: text('grant_type').notNull(),
  accessHash: text('access_hash').notNull(),
  refreshHash: text('refresh_hash').notNull(),
  accessExpiresAt: at('access_expires_at').notNull(),
  refreshExpiresAt: at('refresh_expires_at').notNull(),
  refreshedAt: at('refreshed_at'),
  revokedAt: at('revoked_at'),
  remoteAddr: text('remote_addr'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const authCaptcha = pgTable('auth_captcha', {
  randomStr: text('random_str').primaryKey(),
  code: text('code').notNull(),
  expiresAt: at('expires_at').notNull(),
});

export const authCode = pgTable('auth_code', {
  id: idColumn(),
  purpose: text('purpose').notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const authRateLimit = pgTable('auth_rate_limit', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: at('window_start').notNull(),
});
