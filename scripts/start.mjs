// `npm start`: install if needed, build if stale, then run the server (which migrates and seeds
// on boot) and, unless a real platform is configured, the messaging-platform simulator beside it.
import path from 'node:path';
import { at, run, start } from './lib.mjs';

if (run(process.execPath, [at('scripts/ensure-installed.mjs')]) !== 0) process.exit(1);
if (run(process.execPath, [at('scripts/build.mjs')]) !== 0) process.exit(1);

const port = process.env.PORT ?? '8080';
const simPort = process.env.SIM_PORT ?? '8081';
const children = [];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};

// The simulator plays the messaging platform and WeChat Pay: needed while either is not configured.
if (!process.env.WECHAT_API_BASE || !process.env.WXPAY_BASE_URL) {
  children.push(start(process.execPath, ['--enable-source-maps', at('packages/wechat-sim/dist/main.js')], { env: { ...process.env, SIM_PORT: simPort } }));
}
// The demo's SMS codes go to a file beside its data (no SMS gateway here; the log never holds them).
const dataDir = process.env.DATA_DIR ?? './data';
const smsOutbox = process.env.SMS_OUTBOX_FILE ?? path.resolve(dataDir, 'sms-outbox.jsonl');
// A one-command demo: DEMO_MODE=on (public credentials allowed, said in the log and the header);
// DEMO_MODE=off npm start is a real deployment (refused while a public credential is in force).
const demo = (process.env.DEMO_MODE || 'on') === 'on';
const server = start(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], { env: { NODE_ENV: 'production', SMS_OUTBOX_FILE: smsOutbox, PRINTER_ALLOW_LOOPBACK: 'on', ...process.env, DEMO_MODE: demo ? 'on' : 'off' } });
children.push(server);

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

// Tell the user where to go once the server answers.
const deadline = Date.now() + 60_000;
const poll = async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    if (res.ok) {
      console.log(`\nCanteen is ready: http://localhost:${port}${demo ? '  (demo mode, sign-in: admin / 123456)' : ''}\n`);
      return;
    }
  } catch {
    /* not listening yet */
  }
  if (Date.now() < deadline && server.exitCode === null) setTimeout(poll, 200);
};
void poll();
