// Builds what is stale: the web app (Vite), the server and the simulator (esbuild bundles).
// `node scripts/build.mjs [web|server|sim ...]` builds only those parts.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { at, bin, mtime, newest, run } from './lib.mjs';

// Vitest sets NODE_ENV=test for the e2e global setup; a build under it would ship React's development runtime.
const productionEnv = { ...process.env, NODE_ENV: 'production' };
const shared = ['packages/contract/src', 'packages/wechat-protocol/src', 'package-lock.json'];
const parts = {
  web: { inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/diner.html', 'apps/web/public', 'apps/web/vite.config.ts', ...shared], stamp: 'apps/web/dist/.built', build: () => run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: at('apps/web'), env: productionEnv }) },
  server: { inputs: ['apps/server/src', ...shared], stamp: 'apps/server/dist/.built', build: () => bundle('apps/server/src/main.ts', 'apps/server/dist/main.js') },
  sim: { inputs: ['packages/wechat-sim/src', ...shared], stamp: 'packages/wechat-sim/dist/.built', build: () => bundle('packages/wechat-sim/src/main.ts', 'packages/wechat-sim/dist/main.js') },
};

/**
 * One ESM program per entry: our workspace code inlined, npm packages left to node_modules. Code
 * split: what the source loads with `import()` (the S3 driver, …) is a chunk of its own, so its
 * packages load only when it does, not at every boot.
 */
function bundle(entry, outfile) {
  const outdir = path.dirname(outfile);
  rmSync(at(outdir, 'chunks'), { recursive: true, force: true });
  return run(bin('esbuild'), [
    entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--splitting', `--outdir=${outdir}`,
    `--entry-names=${path.basename(outfile, '.js')}`, '--chunk-names=chunks/[name]-[hash]', '--packages=external', '--log-level=warning', '--sourcemap',
    '--alias:@canteen/contract=./packages/contract/src/index.ts', '--alias:@canteen/wechat-protocol=./packages/wechat-protocol/src/index.ts',
  ]);
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(parts);
for (const name of wanted) {
  const part = parts[name];
  if (!part) throw new Error(`unknown part ${name}: use ${Object.keys(parts).join(', ')}`);
  if (mtime(part.stamp) > newest(part.inputs)) continue;
  console.log(`Building ${name}…`);
  const code = part.build();
  if (code !== 0) {
    console.error(`Building ${name} failed: see the messages above.`);
    process.exit(code);
  }
  writeFileSync(at(part.stamp), new Date().toISOString());
}
