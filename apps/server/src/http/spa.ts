import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@canteen/contract';
import { wechatApiBase, type Config } from '../config.js';

/** A page navigation (the browser asks for HTML); API calls ask for JSON and get a 404 envelope. */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * The pages' Content-Security-Policy: scripts only from here (and index.html's own inline script,
 * by its hash); styles inline too (antd writes its CSS at run time); pictures and media from
 * anywhere over HTTPS (the platform's media, the maps service, object storage); workers from
 * blobs (the AMR voice decoder); frames of
 * configured external pages (/myiframe) and the maps picker; no plugins; not framed elsewhere.
 * `mediaOrigins`: plain-HTTP origins whose pictures and media are shown too (the simulator's
 * follower avatars and files, as the platform's own come over HTTPS).
 */
export function contentSecurityPolicy(indexHtml: string, mediaOrigins: readonly string[] = []): string {
  const inline = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...mediaOrigins].join(' '),
    ["media-src 'self' blob: https:", ...mediaOrigins].join(' '),
    // The voice player decodes AMR in a worker it starts from a blob.
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Serves the built web app from the API's port: hashed assets cached for a year, index.html
 * never cached, and every unknown page path answered with the app (which shows its 404 page).
 */
/** The messaging platform's origin when it is plain HTTP (the simulator): its media links point there. */
export function platformMediaOrigins(config: Config): string[] {
  const base = new URL(wechatApiBase(config));
  return base.protocol === 'http:' ? [base.origin] : [];
}

export async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasApp = existsSync(path.join(distDir, 'index.html'));
  // Every HTML answer carries its page's policy, /index.html and /diner.html too (issue 22 #8).
  const policies = new Map<string, string>();
  const policyOf = (file: string) => {
    if (!policies.has(file)) policies.set(file, contentSecurityPolicy(readFileSync(file, 'utf8'), platformMediaOrigins(app.config)));
    return policies.get(file)!;
  };
  // HSTS when served over https (directly or behind a trusted proxy that says so).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (file.endsWith('.html')) res.header('content-security-policy', policyOf(file));
      },
    });
  }
  const csp = hasApp ? contentSecurityPolicy(readFileSync(path.join(distDir, 'index.html'), 'utf8'), platformMediaOrigins(app.config)) : '';
  const sendApp = (reply: FastifyReply) =>
    hasApp
      ? reply.header('cache-control', 'no-cache').header('content-security-policy', csp).sendFile('index.html')
      : reply.status(503).type('text/html; charset=utf-8').send('<!doctype html><title>Canteen</title><p>The web app is not built yet: run <code>npm start</code>.</p>');
  app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => sendApp(reply));
  app.setNotFoundHandler((request, reply) => {
    if (wantsPage(request)) return sendApp(reply);
    return reply.status(404).send(fail('资源不存在'));
  });
}
