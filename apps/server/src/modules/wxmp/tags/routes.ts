import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, appIdField, tagCreateSchema, tagSchema, tagUpdateSchema } from '@canteen/contract';
import { z } from 'zod';
import { ok, okNull } from '../schemas.js';
import type { TagService } from './service.js';

const tags = ['wxmp: tags'];

/** 用户标签: `/weixin/wxusertags...`, kept in step with the platform. */
export const tagRoutes = (service: TagService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxusertags/list', {
    config: { permission: 'wxmp:wxusertags:index' },
    schema: { tags, summary: '粉丝标签列表', querystring: z.object({ appId: appIdField }), response: { 200: ok(z.array(tagSchema)) } },
  }, async (request) => envelope(await service.list(request.query.appId)));

  app.post('/weixin/wxusertags', {
    config: { permission: 'wxmp:wxusertags:add' },
    schema: { tags, summary: '新增粉丝标签', body: tagCreateSchema, response: { 200: ok(tagSchema) } },
  }, async (request) => envelope(await service.create(request.body.appId, request.body.name)));

  app.put('/weixin/wxusertags', {
    config: { permission: 'wxmp:wxusertags:edit' },
    schema: { tags, summary: '修改粉丝标签', body: tagUpdateSchema, response: { 200: okNull } },
  }, async (request) => {
    await service.update(request.body.appId, request.body.id, request.body.name);
    return envelope(null);
  });

  app.delete('/weixin/wxusertags', {
    config: { permission: 'wxmp:wxusertags:del' },
    schema: { tags, summary: '删除粉丝标签', querystring: z.object({ appId: appIdField, id: z.coerce.number().int() }), response: { 200: okNull } },
  }, async (request) => {
    await service.remove(request.query.appId, request.query.id);
    return envelope(null);
  });
};
