import type { PermissionCode } from '@canteen/contract';

/** The live channel's destinations (DESIGN.md §5, specification §7). */

/** The bell: every new follower message the subscriber may see. */
export const BELL_DESTINATION = '/weixin/wx_msg';

/** One follower's conversation: `/weixin/wx_msg{wxUserId}`. */
export const conversationDestination = (wxUserId: string | number): string => `${BELL_DESTINATION}${wxUserId}`;

/** The permission every subscription needs. */
export const SUBSCRIBE_PERMISSION: PermissionCode = 'wxmp:wxmsg:index';

const conversationPattern = /^\/weixin\/wx_msg[A-Za-z0-9_-]{1,64}$/;

/** Whether a client may name this destination in SUBSCRIBE (the bell or one conversation). */
export const isSubscribable = (destination: string): boolean =>
  destination === BELL_DESTINATION || conversationPattern.test(destination);
