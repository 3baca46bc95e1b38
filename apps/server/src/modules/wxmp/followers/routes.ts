import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, appIdField, followerPageQuery, followerSchema, idString, syncProgressSchema, followerRemarkSchema, followerTaggingSchema } from '@canteen/contract';
import { z } from 'zod';
import { ok, okNull, okPage } from '../schemas.js';
import type { FollowerService } from './service.js';

const tags = ['wxmp: followers'];

/** 公众号用户: `/weixin/wxuser/...`. */
export const followerRoutes = (followers: FollowerService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxuser/page', {
    config: { permission: 'wxmp:wxuser:index' },
    schema: { tags, summary: '粉丝分页', querystring: followerPageQuery, response: { 200: okPage(followerSchema) } },
  }, async (request) => envelope(await followers.page(request.query)));

  app.post('/weixin/wxuser/synchron', {
    config: { permission: 'wxmp:wxuser:synchro', rateLimit: 'platformSync' },
    schema: { tags, summary: '同步粉丝', description: 'Starts a background sync from the platform; poll /weixin/wxuser/synchron/progress', body: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await followers.startSync(request.body.appId)));

  app.get('/weixin/wxuser/synchron/progress', {
    config: { permission: 'wxmp:wxuser:index' },
    schema: { tags, summary: '粉丝同步进度', querystring: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await followers.syncProgress(request.query.appId)));

  app.put('/weixin/wxuser/remark', {
    config: { permission: 'wxmp:wxuser:edit:remark' },
    schema: { tags, summary: '修改粉丝备注', body: followerRemarkSchema, response: { 200: ok(followerSchema) } },
  }, async (request) => envelope(await followers.updateRemark(request.body)));

  app.put('/weixin/wxuser/tagid-list', {
    config: { permission: 'wxmp:wxuser:tagging' },
    schema: {
      tags, summary: '设置粉丝标签',
      body: followerTaggingSchema,
      response: { 200: okNull },
    },
  }, async (request) => {
    await followers.tagging(request.body);
    return envelope(null);
  });

  app.get('/weixin/wxuser/:id', {
    config: { permission: 'wxmp:wxuser:get' },
    schema: { tags, summary: '粉丝详情', params: z.object({ id: idString }), response: { 200: ok(followerSchema) } },
  }, async (request) => envelope(await followers.get(request.params.id)));
};
