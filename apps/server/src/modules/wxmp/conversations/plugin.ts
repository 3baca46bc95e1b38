import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WxStoredReply } from '@canteen/contract';
import type { InboundMessage } from '@canteen/wechat-protocol';
import { autoReplyRoutes } from '../autoreply/routes.js';
import { createAutoReplyService } from '../autoreply/service.js';
import { menuRoutes } from '../menu/routes.js';
import { createMenuService, MENU_DELETED_TEXT } from '../menu/service.js';
import { messageRoutes } from '../messages/routes.js';
import { createMessageService, type ConversationMessage } from '../messages/service.js';
import type { IncomingMessageEvent, PassiveReply } from '../portal/service.js';
import { passiveReplyOf } from './reply.js';
import { messagingDestinations, wxMsgDestinations, type LiveWxMsg } from './live.js';

function buildConversations(app: FastifyInstance) {
  const { accounts, client } = app.wxmp;
  return {
    autoReplies: createAutoReplyService(app.database, accounts),
    menus: createMenuService(app.database, client, accounts, app.log),
    messages: createMessageService(app.database, client, accounts),
    /** Publishes a stored message live: to its conversation, and to the bell when a follower sent it (not an event). */
    publish: (message: LiveWxMsg) => app.live.publish(wxMsgDestinations(message), message),
  };
}

export type Conversations = ReturnType<typeof buildConversations>;

declare module 'fastify' {
  interface FastifyInstance {
    conversations: Conversations;
  }
}

const text = (content: string): WxStoredReply => ({
  repType: 'text', repContent: content, repMediaId: null, repName: null, repDesc: null, repUrl: null, repHqUrl: null, repThumbMediaId: null, repThumbUrl: null, content: null,
});

/**
 * Follower conversations (issue 6, server side): automatic replies, the custom menu, the
 * conversation calls, and the incoming-message listener. Every stored follower message is
 * published live; the matched reply (exact keyword, partial keyword, default of the message
 * type; subscribe rule; menu button) becomes the passive reply, is stored as type '2' and is
 * published too. Register after the messaging module and the live channel.
 */
export const conversationsModule = fp(async (app: FastifyInstance) => {
  app.live.declare(...messagingDestinations);
  const services = buildConversations(app);
  app.decorate('conversations', services);
  const { autoReplies, menus, messages } = services;
  const log = app.log.child({ module: 'conversations' });

  const publish = (message: ConversationMessage) => {
    void services.publish(message);
  };

  /** The stored reply that answers a push, or null. */
  const replyFor = async (appId: string, push: InboundMessage): Promise<WxStoredReply | null> => {
    if (push.msgType === 'event') {
      if (push.event === 'subscribe') return autoReplies.matchSubscribe(appId);
      if (push.event === 'CLICK' || push.event === 'scancode_waitmsg') {
        const button = await menus.button(appId, push.eventKey);
        if (!button) return text(MENU_DELETED_TEXT);
        return button.repType ? button : null;
      }
      return null;
    }
    if (push.msgType === 'other') return null;
    return autoReplies.matchMessage(appId, push.msgType, push.msgType === 'text' ? push.content : null);
  };

  const onIncoming = async ({ account, message, push, publicBase }: IncomingMessageEvent): Promise<PassiveReply | null> => {
    publish(message);
    const reply = await replyFor(account.appId, push);
    const passive = reply ? passiveReplyOf(reply, publicBase) : null;
    if (!reply || !passive) return null;
    // After the follower's message in the history, whatever the two clocks say.
    const incomingAt = new Date(message.createTime).getTime();
    const createTime = new Date(Math.max(Date.now(), incomingAt + 1));
    const stored = await messages.storeOutgoing(account.appId, message.wxUserId, reply, { status: 'sent', createTime });
    publish(stored);
    return passive;
  };

  const stop = app.wxmp.portal.onIncomingMessage((event) => onIncoming(event).catch((error: unknown) => {
    log.warn({ err: error }, 'automatic reply failed');
    return null;
  }));
  app.addHook('onClose', async () => stop());

  const routes: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(autoReplyRoutes(autoReplies));
    await scope.register(menuRoutes(menus));
    await scope.register(messageRoutes(messages, app.wxmp.materials));
  };
  await app.register(routes);
}, { name: 'wxmp-conversations', dependencies: ['wxmp', 'live-channel'] });
