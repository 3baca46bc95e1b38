import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { servedContentType } from '../../storage/media-types.js';
import { isBlobKey } from '../../storage/storage.js';

/**
 * Stored media by key, from the one media storage (`app.uploads.storage`): `/media/<folder>/<file>`
 * (avatars, dish photos) and `/weixin/media/<folder>/<file>` (materials, follower media). Keys are
 * 128-bit random, so the URL is the capability (like a signed URL): `<img>` and `<audio>` load it
 * without a token, and avatars appear before sign-in. A key is never rewritten, so it caches forever.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = async (key: string, reply: FastifyReply) => {
    const stored = isBlobKey(key) ? await app.uploads.storage.get(key) : null;
    if (!stored) throw notFound('文件不存在');
    return reply
      .header('content-type', servedContentType(key, stored.info.contentType))
      .header('content-length', stored.info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  };

  app.get('/media/*', {
    config: { public: true },
    schema: { tags: ['media'], summary: '媒体文件', params: z.object({ '*': z.string().max(300, '路径过长') }) },
  }, async (request, reply) => serve(request.params['*'], reply));

  app.get('/weixin/media/:folder/:file', {
    config: { public: true },
    schema: { tags: ['media'], summary: '素材与消息媒体文件', params: z.object({ folder: z.string().max(64), file: z.string().max(100) }) },
  }, async (request, reply) => serve(`${request.params.folder}/${request.params.file}`, reply));
};
