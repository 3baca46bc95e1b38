import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

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
