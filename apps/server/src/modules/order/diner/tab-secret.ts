import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sha256 } from '../../../util/hash.js';
import { order } from '../tables.js';

/**
 * A pay-later tab belongs to the device that opened it (STORE.md §10, issue 22 #5): the creation
 * that opens it answers a random secret (192 bits), kept by that device's page; the order keeps
 * only its SHA-256. Reading the table's tab, adding a round and asking for the bill from the
 * diners' page need it: another phone with the table's QR code learns only that the table is in
 * use. Staff act on the tab as before.
 */

/** What the diners' page is told when the table's tab is someone else's. */
export const TABLE_IN_USE = '该桌已有顾客在用餐，请联系服务员';

/** A new secret for the tab (replacing any before): the answer to the creation that opened it, or to its retry. */
export async function issueTabSecret(db: Db, orderId: string): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  await db.update(order).set({ tabSecretHash: sha256(secret) }).where(eq(order.id, orderId));
  return secret;
}

/** Whether `secret` is the tab's (a tab without one, opened before secrets, is nobody's). */
export async function holdsTab(db: Db, orderId: string, secret: string | undefined): Promise<boolean> {
  if (!secret || secret.length > 100) return false;
  const [row] = await db.select({ hash: order.tabSecretHash }).from(order).where(eq(order.id, orderId));
  if (!row?.hash) return false;
  const given = Buffer.from(sha256(secret), 'hex');
  const kept = Buffer.from(row.hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
