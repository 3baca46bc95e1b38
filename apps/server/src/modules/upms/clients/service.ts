import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sysOauthClient } from '../tables.js';

export type ClientRow = typeof sysOauthClient.$inferSelect;

/** A registered client by its client id (the Basic user name), or undefined. */
export async function findClient(db: Db, clientId: string): Promise<ClientRow | undefined> {
  return (await db.select().from(sysOauthClient).where(eq(sysOauthClient.clientId, clientId)))[0];
}
