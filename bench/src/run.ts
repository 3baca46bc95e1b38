import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './context.js';
import { info, type Figure } from './figures.js';
import { generator, generatorText, load } from './load.js';
import { freePort, removeDir, repoRoot, rssMb, startProgram } from './processes.js';
import { foundation } from './suites/foundation.js';
import { identity } from './suites/identity.js';
import { messaging } from './suites/messaging.js';
import { live } from './suites/live.js';
import { web } from './suites/web.js';
import { conversations } from './suites/conversations.js';
import { store } from './suites/store.js';
import { customer } from './suites/customer.js';
import { fuzz } from './suites/fuzz.js';
import { diner } from './suites/diner.js';
import { faults } from './suites/faults.js';
import { orderSuite } from './suites/order.js';
import { printingSuite } from './suites/printing.js';
import { reportSuite } from './suites/report.js';
import { tests } from './suites/tests.js';
import { floorSuite } from './suites/floor.js';

/** Every suite, in order; later work adds its own. */
const allSuites: Record<string, (ctx: BenchContext) => Promise<Figure[]>> = { foundation, live, messaging, identity, conversations, store, customer, order: orderSuite, printing: printingSuite, report: reportSuite, floor: floorSuite, fuzz, web, diner, faults, tests };
// `npm run bench -- web live` runs only those suites (a quick look while working); no names runs them all.
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in allSuites));
if (unknown.length) {
  console.error(`unknown bench suite ${unknown.join(', ')}: use ${Object.keys(allSuites).join(', ')}`);
  process.exit(2);
}
const suites = wanted.length ? wanted.map((name) => allSuites[name]!) : Object.values(allSuites);

const format = (f: Figure) => {
  const ratio = f.ratio === undefined ? '' : `  (${(f.ratio * 100).toFixed(0)} % of baseline)`;
  const verdict = f.budget === undefined ? 'info' : f.met ? 'met' : 'MISSED';
  return `${verdict.padEnd(6)} ${f.name}: ${f.value} ${f.unit}${ratio}${f.budget ? `  budget ${f.budget}` : ''}`;
};

console.log(`load generator: ${generatorText()}, 20 connections, for the baseline and every figure`);
const baselineServer = await startProgram([process.execPath, 'bench/src/baseline-server.mjs'], {}, '/', await freePort());
const baseline = await load(`${baselineServer.url}/`, { serverPid: baselineServer.child.pid! });
await baselineServer.stop();
console.log(`baseline: bare Fastify hello-world ${baseline.rps} req/s, p99 ${baseline.p99} ms${baseline.serverCpuUs === undefined ? '' : `, its server's CPU ${baseline.serverCpuUs} µs per answer`}`);

const settle = () => new Promise((r) => setTimeout(r, 1500)); // let boot work finish before reading memory
// The first boot creates, migrates and seeds the database; a store's server lives on its later boots.
const firstBoot = await startProgram([process.execPath, 'apps/server/dist/main.js'], {}, '/health/ready', await freePort());
await settle();
const firstBootRss = Math.round(rssMb(firstBoot.child.pid!));
await firstBoot.stop();
// AUTH_CAPTCHA=off: load generators cannot read a captcha (the identity suite signs in by password).
const server = await startProgram([process.execPath, 'apps/server/dist/main.js'], { AUTH_CAPTCHA: 'off' }, '/health/ready', await freePort(), firstBoot.dataDir);
await settle();
const figures: Figure[] = [info('server resident memory at idle right after the first boot (PGlite)', firstBootRss, 'MB')];
console.log(format(figures[0]!));
try {
  for (const suite of suites) {
    for (const figure of await suite({ server, baseline })) {
      figures.push(figure);
      console.log(format(figure));
    }
  }
} finally {
  await server.stop();
  removeDir(server.dataDir);
}

const budgeted = figures.filter((f) => f.budget !== undefined);
const met = budgeted.filter((f) => f.met).length;
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench/results/latest.json'), JSON.stringify({ date: new Date().toISOString(), generator, baseline, figures }, null, 2));
console.log(`budgets: ${met} met, ${budgeted.length - met} missed`);
