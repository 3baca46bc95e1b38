import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { appIdField, conversationMessageSchema, idString } from '../wxmp.js';

const tag = 'wxmp: conversations';
const readFlag = z.enum(['0', '1'], { error: 'readFlag 必须是 0（未读）或 1（已读）' });

/**
 * The read state of follower messages (用户消息 and the conversation panel). Reading a
 * conversation's history never changes it: the web marks what it has shown.
 */
export const wxMsgEndpoints = {
  /** One message read ('1') or unread ('0'); answers the message. */
  markRead: endpoint({
    method: 'PUT', path: '/weixin/wxmsg', tag, summary: '标记一条消息已读或未读', access: { permission: 'wxmp:wxmsg:edit' },
    body: z.object({ id: idString, readFlag }), data: conversationMessageSchema,
  }),
  /**
   * Every unread message of one follower read, as opening the conversation does (the web calls
   * it right after showing page 1); whoever may read the conversation may do it. Answers how
   * many messages it marked.
   */
  markConversationRead: endpoint({
    method: 'PUT', path: '/weixin/wxmsg/read', tag, summary: '打开会话：该粉丝的消息全部标为已读', access: { permission: 'wxmp:wxmsg:index' },
    body: z.object({ appId: appIdField, wxUserId: idString }), data: z.number().int(),
  }),
  /**
   * Deletes one stored message (a follower's or the account's) from the product; what was
   * delivered on the platform stays delivered. The bell's unread counts follow. Answers true.
   */
  remove: endpoint({
    method: 'DELETE', path: '/weixin/wxmsg/:id', tag, summary: '删除一条消息（仅删除本系统中的记录）', access: { permission: 'wxmp:wxmsg:del' },
    params: z.object({ id: idString }), data: z.literal(true),
  }),
};
