import { ROLE_OPERATOR } from '@canteen/contract';
import type { App } from '../src/app.js';
import { store, storeCategory, storeUser } from '../src/modules/store/tables.js';
import { createTestUser, signIn, type AuthHeader } from './auth.js';

/**
 * Test support for the catalogue (option groups, dishes, combos, the ordering menu): stores and
 * categories written straight to the database (their own routes are tested elsewhere), store
 * staff, and calls answering the envelope's data.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Answer { statusCode: number; body: string; json: () => unknown; headers: Record<string, unknown> }
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<Answer>;

/** Calls as one signed-in user. */
export const caller = (app: App, headers: AuthHeader): Caller =>
  (method, url, payload) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The envelope's data of an answer that must have succeeded. */
export function ok<T = Record<string, unknown>>(res: Answer): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** The status and message of an answer that must have failed. */
export const failure = (res: Answer) => ({ status: res.statusCode, msg: (res.json() as { msg: string }).msg });

export async function insertStore(app: App, name: string, fields: Partial<typeof store.$inferInsert> = {}): Promise<string> {
  const [row] = await app.database.db.insert(store).values({ name, ...fields }).returning({ id: store.id });
  return row!.id;
}

export async function insertCategory(app: App, storeId: string, name: string, kind: 'dish' | 'combo' = 'dish', fields: Partial<typeof storeCategory.$inferInsert> = {}): Promise<string> {
  const [row] = await app.database.db.insert(storeCategory).values({ storeId, name, kind, ...fields }).returning({ id: storeCategory.id });
  return row!.id;
}

/** A user with every store:* permission (ROLE_OPERATOR) working in `storeIds` only. */
export async function staffOf(app: App, username: string, storeIds: string[]): Promise<AuthHeader> {
  const id = await createTestUser(app, username, [ROLE_OPERATOR]);
  if (storeIds.length) await app.database.db.insert(storeUser).values(storeIds.map((storeId) => ({ storeId, userId: id })));
  app.store.scope.forget();
  return signIn(app, username);
}
