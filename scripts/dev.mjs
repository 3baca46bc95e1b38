// `npm run dev`: the server under tsx watch, the simulator, and Vite with a proxy to the server.
import { at, bin, run, start } from './lib.mjs';

if (run(process.execPath, [at('scripts/ensure-installed.mjs')]) !== 0) process.exit(1);
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  start(bin('tsx'), ['watch', 'apps/server/src/main.ts'], { env }),
  start(bin('tsx'), ['watch', 'packages/wechat-sim/src/main.ts'], { env }),
  start(bin('vite'), [], { cwd: at('apps/web'), env }),
];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children) child.on('exit', stop);
