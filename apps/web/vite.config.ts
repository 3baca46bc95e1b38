import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
// In development every non-page path goes to the watching server.
const proxied = ['/auth', '/upms', '/weixin', '/code', '/health', '/docs', '/store', '/media', '/settings'];

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/weixin' }])),
  },
});
