import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PortalService } from './service.js';
import { publicBase } from '../../../http/public-url.js';

const tags = ['wxmp: callback'];
/** Pushes are a few KB (compatible mode about 3×); anything bigger is refused with 413. */
export const PORTAL_BODY_LIMIT = 64 * 1024;

const params = z.object({ appId: z.string().min(1).max(64) });
const query = z.object({
  signature: z.string().max(128).optional(),
  timestamp: z.string().max(32).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(1024).optional(),
  openid: z.string().max(128).optional(),
  encrypt_type: z.string().max(16).optional(),
  msg_signature: z.string().max(128).optional(),
});

/**
 * The platform's callback. Answers are plain text or XML, as the platform expects, not the
 * envelope; failures (bad signature 403, hostile or broken XML 400, unknown account 404) keep
 * the envelope so that operators testing by hand see why.
 */
export const portalRoutes = (portal: PortalService): FastifyPluginAsyncZod => async (app) => {
  // Bodies as text, whatever the declared type (the platform sends text/xml).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PORTAL_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/weixin/portal/:appId', {
    config: { public: true },
    schema: { tags, summary: '平台接入验证', description: 'URL verification: echoes echostr when the signature matches', params, querystring: query },
  }, async (request, reply) => reply.type('text/plain; charset=utf-8').send(await portal.verify(request.params.appId, request.query)));

  app.post('/weixin/portal/:appId', {
    // The platform's pushes are not operators' operations: they stay out of the operation log.
    config: { public: true, operationLog: false },
    bodyLimit: PORTAL_BODY_LIMIT,
    schema: { tags, summary: '平台消息推送', description: 'Message and event pushes (plain XML or AES safe mode)', params, querystring: query },
  }, async (request, reply) => {
    const started = Date.now();
    const body = typeof request.body === 'string' ? request.body : '';
    const answer = await portal.receive(request.params.appId, request.query, body, publicBase(request), started);
    return reply.type(answer.startsWith('<') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8').send(answer);
  });
};
