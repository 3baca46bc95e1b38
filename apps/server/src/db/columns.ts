import { sql } from 'drizzle-orm';
import { bigint, customType, date, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column kinds every module's `tables.ts` uses, defined once so that the drizzle side and
 * the SQL migrations speak the same types (the drift test, db/drift.test.ts, checks both).
 */

/** A bigint column read and written as a string (ids are strings in JSON; the driver returns int8 as text). */
export const bigintText = customType<{ data: string; driverData: string }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
});

/**
 * The id column: `bigint generated always as identity` in the migration. Marked as having a
 * default so inserts leave it out (drizzle then sends DEFAULT, which identity columns accept).
 */
export const idColumn = () => bigintText('id').primaryKey().default(sql`default`);

/** A point in time: `timestamptz` in SQL, a `Date` here, ISO 8601 with offset in JSON. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * `updated_at timestamptz not null default now()`; drizzle sets it on every update it
 * issues (an explicit value in `set` wins).
 */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow().$onUpdate(() => new Date());

/** Both row times, spread into a table: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * Money in integer fen: `bigint` in SQL, a JS number here and in JSON. Number mode, not
 * bigint or string: every amount a store handles stays far below 2^53 fen (about 90 trillion
 * yuan), so numbers are exact; sums and comparisons need no conversion; and the contract's
 * zod schemas and the web already treat amounts as numbers. `bigint` rather than `integer` in
 * SQL because 2^31 fen (21 million yuan) is within reach of a report's totals.
 */
export const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A business date (the store's day, in its time zone and after its cut-off hour): SQL `date`,
 * a 'YYYY-MM-DD' string here and in JSON, never a `Date` (a date has no time zone to shift).
 */
export const businessDate = (name: string) => date(name, { mode: 'string' });
