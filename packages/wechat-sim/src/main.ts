import { demoEscposPorts, demoEscposPrinters } from './printer/demo.js';
import { buildSimulator } from './server.js';

const port = Number(process.env.SIM_PORT ?? 8081);
const host = process.env.SIM_HOST ?? '127.0.0.1';
const app = await buildSimulator({
  dataDir: process.env.SIM_DATA_DIR || null,
  publicUrl: process.env.SIM_PUBLIC_URL || null,
  productUrl: process.env.SIM_PRODUCT_URL || `http://127.0.0.1:${process.env.PORT ?? 8080}`,
  // The demo stores' network printers, the n-th port being the n-th demo printer (SIM_PORT + 1, + 2
  // unless SIM_ESCPOS_PORTS says otherwise; "" listens for none).
  escposPrinters: (process.env.SIM_ESCPOS_PORTS ?? demoEscposPorts(port).join(','))
    .split(',')
    .map((port) => port.trim())
    .filter(Boolean)
    .map((port, index) => ({ name: demoEscposPrinters[index]?.name, paper: demoEscposPrinters[index]?.paper, port: Number(port) })),
});
await app.listen({ port, host });
console.log(`wechat-sim: follower console on http://localhost:${port}, printers on http://localhost:${port}/printer`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
