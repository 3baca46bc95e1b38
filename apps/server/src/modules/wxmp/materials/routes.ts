import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, appIdField, syncProgressSchema, materialPageQuery, materialSchema, mediaQuery, newsCreateSchema, newsUpdateSchema, materialPageSchema, videoDetailSchema } from '@canteen/contract';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import { isBlobKey, type MediaStorage } from '../../../storage/storage.js';
import { ok, okNull } from '../schemas.js';
import { UPLOAD_READ_LIMIT, type Blob, type MaterialService, type UploadInput } from './service.js';

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
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: UPLOAD_READ_LIMIT, files: 1, fields: 10, fieldSize: 4096, parts: 11 } });

  app.get('/weixin/wxmaterial/page', {
    config: { permission: 'wxmp:wxmaterial:index' },
    schema: { tags, querystring: materialPageQuery, response: { 200: ok(materialPageSchema) } },
  }, async (request) => envelope(await materials.page(request.query)));

  app.post('/weixin/wxmaterial/materialFileUpload', {
    config: { permission: 'wxmp:wxmaterial:add' },
    schema: {
      tags,
      summary: 'Multipart: appId, mediaType (image|voice|video|thumb), title, introduction, file (one)',
      consumes: ['multipart/form-data'],
      response: { 200: ok(materialSchema) },
    },
  }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 上传文件');
    const fields: Record<string, string> = {};
    let file: UploadInput['file'] = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          file = { name: part.filename || 'file', bytes: Buffer.concat(chunks), truncated: part.file.truncated };
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('上传的字段过多');
      throw error;
    }
    const appId = appIdField.safeParse(fields.appId);
    if (!appId.success) throw badRequest('请选择公众号');
    return envelope(await materials.upload({ appId: appId.data, mediaType: fields.mediaType ?? '', title: fields.title, introduction: fields.introduction, file }));
  });

  app.post('/weixin/wxmaterial/materialNews', {
    config: { permission: 'wxmp:wxmaterial:add' },
    schema: { tags, body: newsCreateSchema, response: { 200: ok(materialSchema) } },
  }, async (request) => envelope(await materials.createNews(request.body.appId, request.body.articles)));

  app.put('/weixin/wxmaterial/materialNews', {
    config: { permission: 'wxmp:wxmaterial:edit' },
    schema: { tags, body: newsUpdateSchema, response: { 200: ok(materialSchema) } },
  }, async (request) => envelope(await materials.updateNews(request.body.appId, request.body.mediaId, request.body.articles)));

  app.delete('/weixin/wxmaterial', {
    config: { permission: 'wxmp:wxmaterial:del' },
    schema: {
      tags,
      summary: 'Deletes a material: `id` is its mediaId (as the original product sends it); `mediaId` is accepted too',
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
    schema: { tags, summary: 'A permanent image or voice as a file', querystring: mediaQuery },
  }, async (request, reply) => sendBlob(reply, await materials.permanentFile(request.query.appId, request.query.mediaId, request.query.fileName)));

  app.get('/weixin/wxmaterial/tempMaterialOther', {
    config: { permission: 'wxmp:wxmsg:index' },
    schema: { tags, summary: 'Temporary media a follower sent, as a file', querystring: mediaQuery },
  }, async (request, reply) => sendBlob(reply, await materials.temporaryFile(request.query.appId, request.query.mediaId, request.query.fileName)));

  app.post('/weixin/wxmaterial/synchron', {
    config: { permission: 'wxmp:wxmaterial:add' },
    schema: { tags, summary: 'Pulls the platform\'s permanent materials into the local mirror in the background; poll /weixin/wxmaterial/synchron/progress', body: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await materials.startSync(request.body.appId)));

  app.get('/weixin/wxmaterial/synchron/progress', {
    config: { permission: 'wxmp:wxmaterial:index' },
    schema: { tags, querystring: z.object({ appId: appIdField }), response: { 200: ok(syncProgressSchema) } },
  }, async (request) => envelope(await materials.syncProgress(request.query.appId)));

  app.get('/weixin/wxmaterial/materialVideo', {
    config: { permission: 'wxmp:wxmaterial:get' },
    schema: { tags, querystring: mediaQuery, response: { 200: ok(videoDetailSchema) } },
  }, async (request) => envelope(await materials.video(request.query.appId, request.query.mediaId)));
};

/**
 * Stored media by key: `/weixin/media/<folder>/<random>.<ext>`. Keys are 128-bit random, so the
 * URL is the capability (like a signed URL): `<img>` and `<audio>` can load it without a token.
 */
export const mediaRoutes = (storage: MediaStorage): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/media/:folder/:file', {
    config: { public: true },
    schema: { tags, params: z.object({ folder: z.string().max(64), file: z.string().max(100) }) },
  }, async (request, reply) => {
    const key = `${request.params.folder}/${request.params.file}`;
    const stored = isBlobKey(key) ? await storage.get(key) : null;
    if (!stored) throw notFound('文件不存在');
    return reply
      .header('content-type', stored.info.contentType)
      .header('content-length', stored.info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  });
};
