import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';

const types: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp',
  mp3: 'audio/mpeg', wma: 'audio/x-ms-wma', wav: 'audio/wav', amr: 'audio/amr', mp4: 'video/mp4',
};

/** Uploaded media under DATA_DIR/media, served at /media/… (public: avatars appear before sign-in checks). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = path.resolve(app.config.DATA_DIR, 'media');
  app.get('/media/*', {
    config: { public: true },
    schema: { tags: ['media'], summary: '媒体文件', params: z.object({ '*': z.string().max(300, '路径过长') }) },
  }, async (request, reply) => {
    const relative = request.params['*'];
    const file = path.resolve(root, relative);
    const ext = path.extname(file).slice(1).toLowerCase();
    if (!file.startsWith(root + path.sep) || !types[ext] || relative.includes('\0')) throw notFound('文件不存在');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw notFound('文件不存在');
    return reply
      .type(types[ext])
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(file));
  });
};
