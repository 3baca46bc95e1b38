import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from '../../../http/spa.js';

/** The diners' page: its own HTML entry of the web build (apps/web/diner.html), no admin app. */
const DINER_HTML = 'diner.html';
/** Where an order's status is shown: below its table's page (store/tables/qr.ts ORDER_PATH, where the QR code leads). */
export const dinerOrderPagePath = (tableToken: string, viewToken: string) => `/order/t/${tableToken}/order/${viewToken}`;

/**
 * Serves diner.html for a table's page and its order status page (the page reads the tokens
 * from its address and asks the API; an unknown token is its notice, not an HTTP error). Its
 * scripts and styles are the build's hashed assets, served with the admin app's.
 */
export const dinerPageRoutes: FastifyPluginAsync = async (app) => {
  const file = path.join(app.config.WEB_DIST_DIR, DINER_HTML);
  const html = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const csp = html ? contentSecurityPolicy(html) : '';
  const options = { config: { public: true }, schema: { hide: true } } as const;
  const send = (_request: unknown, reply: FastifyReply) =>
    html
      ? reply.header('cache-control', 'no-cache').header('content-security-policy', csp).type('text/html; charset=utf-8').send(html)
      : reply.status(503).type('text/html; charset=utf-8').send('<!doctype html><title>Canteen</title><p>The web app is not built yet: run <code>npm start</code>.</p>');
  app.get('/order/t/:token', options, send);
  app.get('/order/t/:token/order/:viewToken', options, send);
};
