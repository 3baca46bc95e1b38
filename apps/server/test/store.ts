import { ROLE_OPERATOR } from '@canteen/contract';
import type { App } from '../src/app.js';
import { storeUser } from '../src/modules/store/tables.js';
import { createTestUser, signIn, type AuthHeader } from './auth.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `app.inject` as one signed-in user: `call('POST', '/store/category', body)`. */
export const callerOf = (app: App, headers: AuthHeader) =>
  (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The envelope's data of an answer that must have succeeded. */
export function dataOf<T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** A store created by the admin (name and any other fields of the store body). */
export async function createStore(app: App, admin: AuthHeader, name: string, fields: Record<string, unknown> = {}): Promise<string> {
  return dataOf<{ id: string }>(await callerOf(app, admin)('POST', '/store/shop', { name, ...fields })).id;
}

/**
 * A store-side user: ROLE_OPERATOR (every store:* permission) working in `storeIds` only.
 * Answers the user's id and a signed-in header.
 */
export async function storeStaff(app: App, username: string, storeIds: string[]): Promise<{ id: string; headers: AuthHeader }> {
  const id = await createTestUser(app, username, [ROLE_OPERATOR]);
  if (storeIds.length) await app.database.db.insert(storeUser).values(storeIds.map((storeId) => ({ storeId, userId: id })));
  app.store.scope.forget();
  return { id, headers: await signIn(app, username) };
}
