import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, pageQuerySchema, appIdField, idString, replyFieldsSchema, storedReplySchema } from '@canteen/contract';
import { z } from 'zod';
import { ok, okNull, okPage } from '../schemas.js';
import type { AutoReplyService } from './service.js';

const tags = ['wxmp: automatic replies'];
const typeField = z.enum(['1', '2', '3'], { error: '回复类型必须是 1（关注时回复）、2（消息回复）或 3（关键词回复）' });

export const autoReplySchema = storedReplySchema.extend({
  id: z.string(),
  appId: z.string(),
  type: typeField,
  reqType: z.string().nullable(),
  reqKey: z.string().nullable(),
  repMate: z.string().nullable(),
  repType: z.string(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});

const inputSchema = replyFieldsSchema.extend({
  appId: appIdField,
  type: typeField,
  reqType: z.string().max(32).nullish(),
  reqKey: z.string().max(200).nullish(),
  repMate: z.enum(['1', '2'], { error: '匹配类型必须是 1（全匹配）或 2（半匹配）' }).nullish(),
});

/** 消息自动回复: `/weixin/wxautoreply...` (origin.md §2.5). */
export const autoReplyRoutes = (service: AutoReplyService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxautoreply/page', {
    config: { permission: 'wxmp:wxautoreply:index' },
    schema: {
      tags, summary: '自动回复分页',
      querystring: pageQuerySchema.extend({ appId: appIdField, type: typeField, reqKey: z.string().max(64).optional() }),
      response: { 200: okPage(autoReplySchema) },
    },
  }, async (request) => envelope(await service.page(request.query)));

  app.get('/weixin/wxautoreply/:id', {
    config: { permission: 'wxmp:wxautoreply:get' },
    schema: { tags, summary: '自动回复详情', params: z.object({ id: idString }), response: { 200: ok(autoReplySchema) } },
  }, async (request) => envelope(await service.get(request.params.id)));

  app.post('/weixin/wxautoreply', {
    config: { permission: 'wxmp:wxautoreply:add' },
    schema: { tags, summary: '新增自动回复', body: inputSchema, response: { 200: ok(autoReplySchema) } },
  }, async (request) => envelope(await service.create(request.body)));

  app.put('/weixin/wxautoreply', {
    config: { permission: 'wxmp:wxautoreply:edit' },
    schema: { tags, summary: '修改自动回复', body: inputSchema.extend({ id: idString }), response: { 200: ok(autoReplySchema) } },
  }, async (request) => envelope(await service.update(request.body)));

  app.delete('/weixin/wxautoreply/:id', {
    config: { permission: 'wxmp:wxautoreply:del' },
    schema: { tags, summary: '删除自动回复', params: z.object({ id: idString }), response: { 200: okNull } },
  }, async (request) => {
    await service.remove(request.params.id);
    return envelope(null);
  });
};
