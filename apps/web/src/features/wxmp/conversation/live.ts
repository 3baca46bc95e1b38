import type { ConversationMessage } from './history';

/**
 * The conversation panels' live seam. A panel registers a receiver while it is open; whatever
 * brings live messages (the STOMP subscription, a test) calls `deliverConversationMessage`, and
 * every open panel of that follower appends the message.
 */

type Receiver = (message: ConversationMessage) => void;

const receivers = new Set<Receiver>();

/** Registers a receiver; answers the function that removes it. */
export function onConversationMessage(receiver: Receiver): () => void {
  receivers.add(receiver);
  return () => {
    receivers.delete(receiver);
  };
}

/** Hands a live message to the open panels (each keeps only its own follower's). */
export function deliverConversationMessage(message: ConversationMessage): void {
  for (const receiver of [...receivers]) receiver(message);
}

/** A live feed a panel can be given: called with the receiver, answers the unsubscribe. */
export type LiveFeed = (receive: Receiver) => (() => void) | void;

/** The STOMP destination of one follower's conversation. */
export const conversationDestination = (wxUserId: string) => `/weixin/wx_msg${wxUserId}`;
