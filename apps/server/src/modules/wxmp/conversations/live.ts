import { LIVE_DESTINATIONS, wxmpConversationDestination } from '@canteen/contract';
import type { DestinationDeclaration } from '../../../live/destinations.js';

/**
 * The messaging module's live destinations (README "Live channel"). Every user with
 * `wxmp:wxmsg:index` sees every account today, so neither needs a per-user check; when accounts
 * are scoped per user, the conversation's `allow` asks whether the follower's account is theirs.
 */
export const messagingDestinations: DestinationDeclaration[] = [
  { pattern: LIVE_DESTINATIONS.wxmpBell, permission: 'wxmp:wxmsg:index', summary: 'the bell: every new follower message that is not an event' },
  { pattern: LIVE_DESTINATIONS.wxmpConversation, permission: 'wxmp:wxmsg:index', summary: "one follower's conversation: their messages (events too) and the account's automatic replies" },
];

/** The fields of a stored conversation message the live channel routes by. */
export interface LiveWxMsg {
  wxUserId: string;
  /** '1' follower → account, '2' account → follower. */
  type: string;
  repType?: string | null;
}

/** A stored message goes to its conversation, and to the bell when a follower sent it and it is not an event. */
export function wxMsgDestinations(message: LiveWxMsg): string[] {
  const destinations = [wxmpConversationDestination(message.wxUserId)];
  if (message.type === '1' && message.repType !== 'event') destinations.push(LIVE_DESTINATIONS.wxmpBell);
  return destinations;
}
