import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, pageQuerySchema, accountAccessSchema, accountInputSchema, accountSchema, idString } from '@canteen/contract';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.js';
import { ok, okNull, okPage } from '../schemas.js';
import type { AccountService } from './service.js';

const tags = ['wxmp: accounts'];

/** 公众号配置: `/weixin/wxapp/...`. */
export const accountRoutes = (accounts: AccountService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxapp/page', {
    config: { permission: 'wxmp:wxapp:index' },
    schema: { tags, summary: '公众号分页', querystring: pageQuerySchema.extend({ name: z.string().max(64).optional() }), response: { 200: okPage(accountSchema) } },
  }, async (request) => envelope(await accounts.page(request.query)));

  app.get('/weixin/wxapp/list', {
    config: { signedIn: true },
    schema: { tags, summary: '公众号列表', querystring: z.object({ appType: z.string().optional() }), response: { 200: ok(z.array(accountSchema)) } },
  }, async () => envelope(await accounts.list()));

  app.get('/weixin/wxapp/access-token', {
    config: { permission: 'wxmp:wxapp:secret' },
    schema: { tags, summary: '获取公众号接口凭证', querystring: z.object({ id: idString }), response: { 200: ok(z.object({ appId: z.string(), accessToken: z.string() })) } },
  }, async (request) => envelope(await accounts.accessToken(request.query.id)));

  app.get('/weixin/wxapp/access-info', {
    config: { permission: 'wxmp:wxapp:secret' },
    schema: { tags, summary: '接入信息', description: '接入系统: the callback URL, token and EncodingAESKey to paste into the platform', querystring: z.object({ id: idString }), response: { 200: ok(accountAccessSchema) } },
  }, async (request) => envelope(await accounts.accessInfo(request.query.id, `${request.protocol}://${request.host}`)));

  app.get('/weixin/wxapp/:id', {
    config: { permission: 'wxmp:wxapp:get' },
    schema: { tags, summary: '公众号详情', params: z.object({ id: idString }), response: { 200: ok(accountSchema) } },
  }, async (request) => envelope(await accounts.get(request.params.id)));

  app.post('/weixin/wxapp', {
    config: { permission: 'wxmp:wxapp:add' },
    schema: { tags, summary: '新增公众号', body: accountInputSchema, response: { 200: ok(accountSchema) } },
  }, async (request) => envelope(await accounts.create(request.body)));

  app.put('/weixin/wxapp', {
    config: { permission: 'wxmp:wxapp:edit' },
    schema: { tags, summary: '修改公众号', body: accountInputSchema, response: { 200: ok(accountSchema) } },
  }, async (request) => {
    if (!request.body.id) throw badRequest('缺少公众号 id');
    return envelope(await accounts.update(request.body.id, request.body));
  });

  app.delete('/weixin/wxapp/:id', {
    config: { permission: 'wxmp:wxapp:del' },
    schema: { tags, summary: '删除公众号', params: z.object({ id: idString }), response: { 200: okNull } },
  }, async (request) => {
    await accounts.remove(request.params.id);
    return envelope(null);
  });
};
