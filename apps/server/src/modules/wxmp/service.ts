import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wxUser } from './tables.js';

/**
 * What the messaging module offers other modules (a member linked to a follower). Other modules
 * use the messaging side only through this file.
 */

/** Whether a follower (wx_user) with this id exists. */
export async function followerExists(db: Db, followerId: string): Promise<boolean> {
  const [row] = await db.select({ id: wxUser.id }).from(wxUser).where(eq(wxUser.id, followerId));
  return row !== undefined;
}
