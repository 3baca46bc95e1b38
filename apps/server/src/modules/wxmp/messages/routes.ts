import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HISTORY_PAGE_SIZE, wxMsgEndpoints, ok as envelope, pageQuerySchema, pageSchema, appIdField, idString, mediaQuery, conversationMessageSchema, conversationPageRowSchema, replyFieldsSchema } from '@canteen/contract';
import { z } from 'zod';
import { serve } from '../../../http/endpoint.js';
import { ok } from '../schemas.js';
import { attachment } from '../materials/routes.js';
import type { MaterialService } from '../materials/service.js';
import { SendFailedError, type MessageService } from './service.js';
import { publicBase } from '../../../http/public-url.js';

const tags = ['wxmp: conversations'];
const word = z.string().regex(/^[A-Za-z_]{1,32}$/, '消息类型格式不正确');

export const messagePageQuery = pageQuerySchema.extend({
  size: z.coerce.number().int().min(1, '每页条数至少为1').max(100, '每页条数不能超过100').default(HISTORY_PAGE_SIZE),
  appId: appIdField.optional(),
  wxUserId: idString.optional(),
  type: z.enum(['1', '2'], { error: 'type 必须是 1（粉丝发送）或 2（公众号发送）' }).optional(),
  readFlag: z.enum(['0', '1'], { error: 'readFlag 必须是 0（未读）或 1（已读）' }).optional(),
  repType: word.optional(),
  nickName: z.string().max(64).optional(),
  notInRepType: word.optional(),
  // The bell's next page after its last row (keyset: rows opened or read meanwhile shift nothing).
  beforeTime: z.iso.datetime({ offset: true, error: 'beforeTime 必须是 ISO 8601 时间' }).optional(),
  beforeUser: idString.optional(),
}).refine((q) => (q.beforeTime === undefined) === (q.beforeUser === undefined), { message: 'beforeTime 和 beforeUser 须同时提供', path: ['beforeUser'] });

const sendBody = replyFieldsSchema.extend({ appId: appIdField, wxUserId: idString });
const sentAnswer = z.object({ code: z.union([z.literal(0), z.literal(1)]), msg: z.string().nullable(), data: z.object({ data: conversationMessageSchema }) });

/**
 * 用户消息 and the conversation panel (the calls whose paths the specification leaves open):
 * - `GET /weixin/wxmsg/page` list, history (with wxUserId), bell (with notInRepType: one row per follower + countMsg); reads only
 * - `POST /weixin/wxmsg` send → `data.data` is the sent message
 * - `PUT /weixin/wxmsg` `{ id, readFlag }` one message (contract: wxMsgEndpoints.markRead)
 * - `PUT /weixin/wxmsg/read` `{ appId, wxUserId }` a whole conversation, when it is opened (wxMsgEndpoints.markConversationRead)
 * - `DELETE /weixin/wxmsg/:id` one message (wxMsgEndpoints.remove, `wxmp:wxmsg:del`)
 * - `GET /weixin/wxmsg/media?appId&mediaId&fileName&kind=temporary|permanent` a file
 * - `GET /weixin/wxmsg/summary?appId&since` the home figures
 */
export const messageRoutes = (service: MessageService, materials: MaterialService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxmsg/page', {
    config: { permission: 'wxmp:wxmsg:index' },
    schema: {
      tags,
      summary: '消息分页', description: 'Messages, newest first. wxUserId: one conversation (read state unchanged: PUT /weixin/wxmsg/read marks it). notInRepType: one row per follower (latest + countMsg), as the bell asks; the bell (type=1, readFlag=0, notInRepType=event) also answers countMsg, every unread message, and pages on with beforeTime + beforeUser (its last row\'s createTime and wxUserId).',
      querystring: messagePageQuery,
      response: { 200: ok(pageSchema(conversationPageRowSchema).extend({ countMsg: z.number().int().optional() })) },
    },
  }, async (request) => envelope(await service.page(request.query)));

  app.get('/weixin/wxmsg/summary', {
    config: { permission: 'wxmp:wxmsg:index' },
    schema: {
      tags,
      summary: '消息概况', description: 'Home figures: unread follower messages (events excluded), their followers, new followers since `since` (default: midnight server time), followers',
      querystring: z.object({ appId: appIdField.optional(), since: z.iso.datetime({ offset: true, error: 'since 必须是 ISO 8601 时间' }).optional() }),
      response: { 200: ok(z.object({ unreadMessages: z.number(), unreadFollowers: z.number(), todayFollowers: z.number(), followers: z.number(), since: z.string() })) },
    },
  }, async (request) => {
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    return envelope(await service.summary(request.query.appId, request.query.since ? new Date(request.query.since) : midnight));
  });

  app.get('/weixin/wxmsg/media', {
    config: { permission: 'wxmp:wxmsg:index' },
    schema: {
      tags,
      summary: '消息媒体文件', description: 'A file of the conversation: kind=temporary (default; what a follower sent, our copy when made) or permanent (a material)',
      querystring: mediaQuery.extend({ kind: z.enum(['temporary', 'permanent']).default('temporary') }),
    },
  }, async (request, reply) => {
    const { appId, mediaId, fileName, kind } = request.query;
    const blob = kind === 'permanent' ? await materials.permanentFile(appId, mediaId, fileName) : await materials.temporaryFile(appId, mediaId, fileName);
    reply.header('content-type', blob.contentType).header('content-disposition', attachment(blob.fileName)).header('cache-control', 'private, max-age=300');
    if (blob.size !== undefined) reply.header('content-length', blob.size);
    return reply.send(blob.body);
  });

  app.get('/weixin/wxmsg/:id', {
    config: { permission: 'wxmp:wxmsg:get' },
    schema: { tags, summary: '消息详情', params: z.object({ id: idString }), response: { 200: ok(conversationMessageSchema) } },
  }, async (request) => envelope(await service.byId(request.params.id)));

  app.post('/weixin/wxmsg', {
    config: { permission: 'wxmp:wxmsg:add' },
    schema: {
      tags,
      summary: '发送客服消息', description: 'Sends a customer-service message. Success: data.data is the sent message (msg tells when a news pick was cut to its first article). Platform failure: the failure status, msg, and data.data the message kept with sendStatus failed.',
      body: sendBody,
      response: { 200: sentAnswer },
    },
  }, async (request, reply) => {
    try {
      const { message, notice } = await service.send(request.body, publicBase(request));
      return { code: 0 as const, msg: notice, data: { data: message } };
    } catch (error) {
      if (!(error instanceof SendFailedError)) throw error;
      return reply.code(error.status as 200).send({ code: 1, msg: error.message, data: { data: error.sent } });
    }
  });

  serve(app, wxMsgEndpoints.markRead, ({ body }) => service.setRead(body.id, body.readFlag));
  serve(app, wxMsgEndpoints.markConversationRead, ({ body }) => service.markConversationRead(body.appId, body.wxUserId));
  serve(app, wxMsgEndpoints.remove, async ({ params }) => {
    await service.remove(params.id);
    return true as const;
  });
};
