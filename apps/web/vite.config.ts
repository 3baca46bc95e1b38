import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
// In development every non-page path goes to the watching server.
const proxied = ['/auth', '/upms', '/weixin', '/code', '/health', '/docs', '/store', '/customer', '/order', '/report', '/media', '/settings'];

/**
 * The entry's stylesheet (global.css, a few KB) goes into index.html itself: a linked one would
 * hold the first paint, and with it the sign-in form index.html draws, for another round trip.
 */
const inlineEntryCss = (): Plugin => ({
  name: 'canteen-inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
      const asset = context.bundle?.[file];
      return asset && asset.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
    }),
  },
});

export default defineConfig({
  plugins: [react(), inlineEntryCss()],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // Two pages: the admin app, and the diners' table ordering page (its own small bundle, no antd).
    rollupOptions: { input: { main: 'index.html', diner: 'diner.html' } },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, {
      target: api,
      ws: p === '/weixin',
      // A table's QR address (and its order status page) is the diners' page: served here, not by the server.
      ...(p === '/order' ? { bypass: (req: { url?: string; headers: { accept?: string } }) => (/^\/order\/t\//.test(req.url ?? '') && req.headers.accept?.includes('text/html') ? '/diner.html' : undefined) } : {}),
    }])),
  },
});
