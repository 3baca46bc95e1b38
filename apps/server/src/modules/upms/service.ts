import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sysUser } from './tables.js';

/**
 * What upms offers other modules (identity's sign-in, tokens and access control). Another
 * module imports upms from here only: never its tables, never its inner files.
 */
export { createPrincipals, type Principal, type Principals } from './principals.js';
export { userById, userByPhone, userByUsername, usersByIds, type SignInUser } from './users/lookup.js';
export { findClient, type ClientRow } from './clients/service.js';
export { menuRoutePaths, registerSetting } from './settings.js';

/**
 * The user name of the user whose id is in `userId` (a column of the caller's own table), as a
 * SQL expression to select, filter or sort by; null when no such user exists.
 */
export const usernameOf = (userId: AnyColumn | SQL): SQL<string | null> =>
  sql<string | null>`(select ${sysUser.username} from ${sysUser} where ${sysUser.id} = ${userId})`;
