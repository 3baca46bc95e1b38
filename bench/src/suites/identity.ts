import { createCipheriv } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchContext } from '../context.js';
import { info, ratioAtLeast, type Figure } from '../figures.js';
import { load } from '../load.js';

/**
 * Identity: authenticated reads against the bare baseline (token resolution and the user's
 * roles and menu are cached a few seconds in the process, so they stay off the database), and
 * password-grant sign-ins per second, which Argon2id bounds on purpose.
 *
 * The product server runs with AUTH_CAPTCHA=off in the bench (run.ts): a captcha cannot be
 * read by a load generator, and everything else of the sign-in path is measured.
 */
const ARGON2_COST = 'Argon2id m=19456 KiB, t=2, p=1';
const BASIC = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

function encryptPassword(plain: string, key = 'thanks,pig4cloud'): string {
  const data = Buffer.from(plain, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 16) * 16 || 16);
  data.copy(padded);
  const k = Buffer.from(key, 'latin1');
  const cipher = createCipheriv('aes-128-cbc', k, k).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

const signInQuery = () =>
  new URLSearchParams({ username: 'admin', password: encryptPassword('123456'), grant_type: 'password', scope: 'server' }).toString();

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/oauth/token?${signInQuery()}`, { method: 'POST', headers: { authorization: BASIC } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed (is AUTH_CAPTCHA off for the bench server?): ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

async function authenticatedLoad(url: string, token: string) {
  const result = await load(url, { headers: { authorization: `Bearer ${token}` } });
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} failed requests under load`);
  return result;
}

/** Password-grant sign-ins per second over 5 s (each one a full Argon2id check and a token written). */
async function signInsPerSecond(base: string): Promise<number> {
  const result = await autocannon({
    url: `${base}/auth/oauth/token?${signInQuery()}`,
    method: 'POST',
    headers: { authorization: BASIC },
    duration: 5,
    connections: 8,
    pipelining: 1,
  });
  if (result.errors + result.non2xx > 0) throw new Error(`sign-in load: ${result.errors + result.non2xx} failed requests`);
  return Math.round(result.requests.average);
}

export async function identity({ server, baseline }: BenchContext): Promise<Figure[]> {
  const token = await signIn(server.url);
  const userInfo = await authenticatedLoad(`${server.url}/upms/user/info`, token);
  const menu = await authenticatedLoad(`${server.url}/upms/menu`, token);
  const signIns = await signInsPerSecond(server.url);
  return [
    ratioAtLeast('authenticated GET /upms/user/info requests per second', userInfo.rps, 'req/s', baseline.rps, 0.4),
    info('authenticated GET /upms/user/info p99 latency', userInfo.p99, 'ms'),
    ratioAtLeast('authenticated GET /upms/menu requests per second', menu.rps, 'req/s', baseline.rps, 0.4),
    info('authenticated GET /upms/menu p99 latency', menu.p99, 'ms'),
    info(`password-grant sign-ins per second (${ARGON2_COST}, 8 connections)`, signIns, 'sign-ins/s'),
  ];
}
