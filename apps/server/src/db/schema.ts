/**
 * The drizzle schema: every module's tables, gathered for the client. Modules own their
 * tables (modules/<domain>/tables.ts); the SQL that creates them is in db/migrations/.
 */
export * from './tables.js';
export * from '../jobs/tables.js';
export * from '../modules/upms/tables.js';
export * from '../modules/auth/tables.js';
