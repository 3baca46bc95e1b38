import { expect } from 'vitest';
import type { App } from '../../app.js';
import type { AuthHeader } from '../../../test/auth.js';
import { callerOf, dataOf } from '../../../test/store.js';
import { checkIntegrity } from './wallet/integrity.js';

/**
 * Test helpers of the customer module's tests (not used by the server): fresh phones in the
 * 199 range the demo seed leaves alone, a member made through the API, and the integrity check
 * every money test ends with.
 */

let next = Math.floor(Math.random() * 90_000_000);
/** A phone no other test of the run has: 199 and eight digits. */
export const freshPhone = (): string => `199${String(10_000_000 + (next++ % 89_999_999)).slice(-8)}`;

/** A member added through POST /customer/member; answers its id. */
export async function addMember(app: App, headers: AuthHeader, fields: Record<string, unknown> = {}): Promise<string> {
  return dataOf<{ id: string }>(await callerOf(app, headers)('POST', '/customer/member', { phone: freshPhone(), name: '测试会员', ...fields })).id;
}

/** The consistency check holds for every member: ledger sums equal balances and points. */
export async function expectConsistent(app: App): Promise<void> {
  const report = await checkIntegrity(app.database.db);
  expect(report.mismatches).toEqual([]);
  expect(report.checked).toBeGreaterThan(0);
}
