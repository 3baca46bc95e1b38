import type { Db } from './client.js';

/** Runs `work` in a transaction (drizzle's transaction handle typed as the database it came from). */
export const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db));

/** `rows` of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** `%`, `_` and `\` of a prefix match themselves in LIKE. */
export const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;
