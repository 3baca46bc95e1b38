import { buildSimulator } from './server.js';

const port = Number(process.env.SIM_PORT ?? 8081);
const host = process.env.SIM_HOST ?? '127.0.0.1';
const app = await buildSimulator({
  dataDir: process.env.SIM_DATA_DIR || null,
  publicUrl: process.env.SIM_PUBLIC_URL || null,
  productUrl: process.env.SIM_PRODUCT_URL || `http://127.0.0.1:${process.env.PORT ?? 8080}`,
});
await app.listen({ port, host });
console.log(`wechat-sim: follower console on http://localhost:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
