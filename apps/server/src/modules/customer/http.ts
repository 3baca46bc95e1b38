import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Operator } from './wallet/service.js';

/** ISO 8601 for JSON. */
export const iso = (at: Date): string => at.toISOString();
export const isoOrNull = (at: Date | null | undefined): string | null => (at ? at.toISOString() : null);

/** The signed-in user making a change, as the ledgers record it. */
export const operatorOf = (request: FastifyRequest): Operator => ({ id: request.user?.id ?? null, name: request.user?.username ?? '' });

/** `%`, `_` and `\` of a prefix match themselves in LIKE. */
export const likePrefix = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The most rows a list counts: a search by a short prefix over a million members would spend
 * longer counting than finding the page. Beyond it the total says "at least this many".
 */
export const COUNT_CAP = 10_000;

/** Runs `work` in a transaction. */
export const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db));

/** `rows` of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
