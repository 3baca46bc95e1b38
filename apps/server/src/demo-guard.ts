import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { demoPayMerchant } from '@canteen/wechat-protocol';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { DEMO_PASSWORD } from './modules/upms/seed.js';
import { usersWithDemoPassword } from './modules/upms/demo-credentials.js';
import { accountsWithDemoKeys } from './modules/wxmp/demo-credentials.js';

/**
 * The repository's public credentials in force for this configuration and database, each named
 * as an operator would fix it (issue 22 #2). Read after the migrations and before the seed: a
 * refused boot seeds nothing. Not among them: the sign-in's fixed password-cipher key and the web
 * app's fixed client (the specification's "fixed basic client auth header"), which every browser
 * is sent and so hide nothing.
 */
export async function publicCredentialsInForce(database: Database, config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.DEMO_DATA === 'on') found.push('DEMO_DATA=on (the demo business, its users and its 公众号 account are seeded)');
  for (const username of await usersWithDemoPassword(database.db)) found.push(`user ${username} still has the demo password ${DEMO_PASSWORD}`);
  for (const appId of await accountsWithDemoKeys(database.db, config)) found.push(`公众号 ${appId} has the repository's demo AppID/Token/EncodingAESKey`);
  if (!config.WXPAY_BASE_URL) found.push("WeChat Pay is not configured (WXPAY_BASE_URL unset): payments go to the simulator's demo merchant, orders could be marked paid without money");
  else if (config.WXPAY_MCHID === demoPayMerchant.mchid || samePrivateKey(config.WXPAY_PRIVATE_KEY, demoPayMerchant.merchantPrivateKey)) {
    found.push(`WeChat Pay uses the simulator's demo merchant (WXPAY_MCHID ${demoPayMerchant.mchid} or its WXPAY_PRIVATE_KEY)`);
  }
  return found;
}

/** Whether two PEM private keys are one key (compared as DER; an unreadable one is not the demo's). */
function samePrivateKey(given: string | undefined, demo: string): boolean {
  if (!given) return false;
  // As wechat-pay/config.ts reads it: the PEM itself (\n for line breaks) or a file's path.
  const der = (value: string) => createPrivateKey(value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFileSync(value, 'utf8')).export({ type: 'pkcs8', format: 'der' });
  try {
    return der(given).equals(der(demo));
  } catch {
    return false;
  }
}

export class PublicCredentialsError extends Error {}

/**
 * Boot's guard, after the migrations and before the seed (a refused boot seeds nothing): in
 * production outside demo mode, refuses to start with one message naming each public credential
 * in force. Demo mode and development or test runs pass.
 */
export async function refusePublicCredentials(database: Database, config: Config): Promise<void> {
  if (config.DEMO_MODE === 'on' || config.NODE_ENV !== 'production') return;
  const found = await publicCredentialsInForce(database, config);
  if (!found.length) return;
  throw new PublicCredentialsError(
    `Canteen refuses to start in production with public credentials in force: ${found.map((item, i) => `(${i + 1}) ${item}`).join('; ')}. Fix each, or set DEMO_MODE=on for a demonstration.`,
  );
}

/** Demo mode's one warning line at boot (after the seed): the public credentials in force. Undefined outside demo mode. */
export async function demoModeWarning(database: Database, config: Config): Promise<string | undefined> {
  if (config.DEMO_MODE !== 'on') return undefined;
  const found = await publicCredentialsInForce(database, config);
  return `DEMO MODE (DEMO_MODE=on), for a demonstration only, public credentials in force: ${found.length ? found.join('; ') : 'none'}. Set DEMO_MODE=off for a real deployment.`;
}
