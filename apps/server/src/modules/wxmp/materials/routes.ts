import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, appIdField, syncProgressSchema, materialPageQuery, materialSchema, mediaQuery, newsCreateSchema, newsUpdateSchema, materialPageSchema, videoDetailSchema } from '@canteen/contract';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.js';
import { ok, okNull } from '../schemas.js';
import { materialRule, type Blob, type MaterialService, type UploadMediaType } from './service.js';

const tags = ['wxmp: materials'];

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
export const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

const sendBlob = (reply: FastifyReply, blob: Blob) => {
  reply.header('content-type', blob.contentType).header('content-disposition', attachment(blob.fileName)).header('cache-control', 'private, max-age=300');
  if (blob.size !== undefined) reply.header('content-length', blob.size);
  return reply.send(blob.body);
};


/** 素材管理: `/weixin/wxmaterial...`. */
export const materialRoutes = (materials: MaterialService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxmaterial/page', {
    config: { permission: 'wxmp:wxmaterial:index' },
    schema: { tags, summary: '素材分页', querystring: materialPageQuery, response: { 200: ok(materialPageSchema) } },
  }, async (request) => envelope(await materials.page(request.query)));

  app.post('/weixin/wxmaterial/materialFileUpload', {
    config: { permission: 'wxmp:wxmaterial:add', rateLimit: 'upload' },
    schema: {
      tags,
      summary: '上传素材', description: 'Multipart: appId, mediaType (image|voice|video|thumb), title, introduction, file (one)',
      consumes: ['multipart/form-data'],
      response: { 200: ok(materialSchema) },
    },
  }, async (request) => {
    // The rule follows mediaType, sent before the file; its size limit holds while the file streams.
    const { fields, file } = await app.uploads.read(request, (sent) => materialRule(sent.mediaType));
    const appId = appIdField.safeParse(fields.appId);
    if (!appId.success) throw badRequest('请选择公众号');
    const mediaType = fields.mediaType as UploadMediaType;
    return envelope(await materials.upload({ appId: appId.data, mediaType, title: fields.title, introduction: fields.introduction, file }));
  });

  app.post('/weixin/wxmaterial/materialNews', {
    config: { permission: 'wxmp:wxmaterial:add' },
    schema: { tags, summary: '新增图文素材', body: newsCreateSchema, response: { 200: ok(materialSchema) } },
  }, async (request) => envelope(await materials.createNews(request.body.appId, request.body.articles)));

  app.put('/weixin/wxmaterial/materialNews', {
    config: { permission: 'wxmp:wxmaterial:edit' },
    schema: { tags, summary: '修改图文素材', body: newsUpdateSchema, response: { 200: ok(materialSchema) } },
  }, async (request) => envelope(await materials.updateNews(request.body.appId, request.body.mediaId, request.body.articles)));

  app.delete('/weixin/wxmaterial', {
    config: { permission: 'wxmp:wxmaterial:del' },
    schema: {
      tags,
      summary: '删除素材', description: 'Deletes a material: `id` is its mediaId (as the original product sends it); `mediaId` is accepted too',
      querystring: z.object({ appId: appIdField, id: z.string().min(1).max(256).optional(), mediaId: z.string().min(1).max(256).optional() }),
      response: { 200: okNull },
    },
  }, async (request) => {
    const mediaId = request.query.mediaId ?? request.query.id;
    if (!mediaId) throw badRequest('缺少 mediaId');
    await materials.remove(request.query.appId, mediaId);
    return envelope(null);
  });

  app.get('/weixin/wxmaterial/materialOther', {
    config: { permission: 'wxmp:wxmaterial:get' },
    schema: { tags, summary: '下载永久素材', description: 'A permanent image or voice as a file', querystring: mediaQuery },
  }, async (request, reply) => sendBlob(reply, await materials.permanentFile(request.query.appId, request.query.mediaId, request.query.fileName)));

  app.get('/weixin/wxmaterial/tempMaterialOther', {
    config: { permission: 'wxmp:wxmsg:index' },
    schema: { tags, summary: '下载临时素材', description: 'Temporary media a follower sent, as a file', querystring: mediaQuery },
  }, async (request, reply) => sendBlob(reply, await materials.temporaryFile(request.query.appId, request.query.mediaId, request.query.fileName)));

  app.post('/weixin/wxmaterial/synchron', {
    config: { permission: 'wxmp:wxmaterial:add', rateLimit: 'platformSync' },
    schema: { tags, summary: '同步素材', description: 'Pulls the platform\'s permanent materials into the local mirror in the background; poll /weixin/wxmaterial/synchron/progress', body: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await materials.startSync(request.body.appId)));

  app.get('/weixin/wxmaterial/synchron/progress', {
    config: { permission: 'wxmp:wxmaterial:index' },
    schema: { tags, summary: '素材同步进度', querystring: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await materials.syncProgress(request.query.appId)));

  app.get('/weixin/wxmaterial/materialVideo', {
    config: { permission: 'wxmp:wxmaterial:get' },
    schema: { tags, summary: '视频素材信息', querystring: mediaQuery, response: { 200: ok(videoDetailSchema) } },
  }, async (request) => envelope(await materials.video(request.query.appId, request.query.mediaId)));
};
