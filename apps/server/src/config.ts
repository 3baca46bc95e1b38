import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { z } from 'zod';

/** The server package's root folder, found from this file whether it runs from src/ or dist/. */
export const serverRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
})();

const port = z.coerce.number().int('must be a whole number').min(1, 'must be 1 to 65535').max(65535, 'must be 1 to 65535');
const onOff = z.enum(['on', 'off'], { error: 'must be "on" or "off"' });
const url = (protocols: string[]) =>
  z.string().refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`);

/** Third-party sign-in providers the server knows (`state` of the thirdparty grant's `state@code`). */
export const THIRDPARTY_PROVIDERS = ['dev'] as const;

/** Every setting comes from an environment variable; the README lists them with these defaults. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  LIVE_REDIS_CHANNEL: z.string().regex(/^[\w:.-]{1,100}$/, 'must be 1 to 100 letters, digits or _ : . -').default('canteen:live'),
  LIVE_HEARTBEAT_MS: z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more').max(600_000, 'must be at most 600000').default(10_000),
  SIM_PORT: port.default(8081),
  WECHAT_API_BASE: url(['http', 'https']).optional(),
  /** WeChat Pay (APIv3): unset → the simulator's pay API with the demo merchant (wechatPayConfig). */
  WXPAY_BASE_URL: url(['http', 'https']).optional(),
  WXPAY_MCHID: z.string().regex(/^\d{8,12}$/, 'must be a merchant number (8 to 12 digits)').optional(),
  WXPAY_APPID: z.string().regex(/^wx[0-9a-f]{16}$/, 'must be an AppID (wx + 16 hex digits)').optional(),
  WXPAY_MERCHANT_SERIAL: z.string().regex(/^[0-9A-Fa-f]{8,64}$/, "must be the merchant API certificate's serial number (hex)").optional(),
  WXPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WXPAY_APIV3_KEY: z.string().refine((v) => Buffer.byteLength(v) === 32, 'must be exactly 32 bytes').optional(),
  WXPAY_PLATFORM_KEY_ID: z.string().min(1).max(64, 'must be at most 64 characters').optional(),
  WXPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  /** More platform keys: a folder of `<serial>.pem` files, each a 微信支付公钥 or a 平台证书 (read again on an unknown serial). */
  WXPAY_PLATFORM_KEYS_DIR: z.string().min(1).optional(),
  /** on: download the 平台证书 from /v3/certificates (at first use, when older than the refresh, and on an unknown serial). */
  WXPAY_PLATFORM_CERTIFICATES: onOff.default('off'),
  WXPAY_CERT_REFRESH_MIN: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1440, 'must be at most 1440').default(720),
  /** Where the platform posts payment results; unset: PUBLIC_BASE_URL (or http://127.0.0.1:PORT) + /order/pay/wechat/notify. */
  WXPAY_NOTIFY_URL: url(['http', 'https']).optional(),
  /** The 飞鹅 cloud printing API (e.g. https://api.feieyun.cn/Api/Open/); unset: the simulator's (SIM_PORT). */
  FEIE_API_URL: url(['http', 'https']).optional(),
  WXPAY_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(100, 'must be at least 100').default(10_000),
  WEB_DIST_DIR: z.string().min(1).default(path.join(serverRoot, '..', 'web', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level (fatal … trace, silent)' }).default('info'),
  /**
   * Which hops' X-Forwarded-For is believed (client address for limits and logs): off (the socket's
   * address), a number of proxy hops, or comma-separated proxy addresses / CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(off|\d{1,2}|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/, 'must be off, a number of proxy hops (1 to 99) or comma-separated proxy addresses / CIDR ranges')
    .transform((v): false | number | string[] => (v === 'off' ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim())))
    .refine((v) => v !== 0, 'must be off, a number of proxy hops (1 to 99) or comma-separated proxy addresses / CIDR ranges')
    .default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int('must be a whole number').min(1024, 'must be at least 1024').default(1024 * 1024),
  /** The OpenAPI UI and document at /docs; unset: off in production, on elsewhere (apiDocsOn). */
  API_DOCS: onOff.optional(),
  AUTH_CAPTCHA: onOff.default('on'),
  /** The development SMS sender's outbox: a file it appends each code to (JSON lines), for a demo or a browser test; unset: codes go nowhere. */
  SMS_OUTBOX_FILE: z.string().min(1).optional(),
  /** Rate limits on costly routes (http/route-limits.ts); sign-in and SMS limits always apply. */
  RATE_LIMITS: onOff.default('on'),
  AUTH_REGISTER: onOff.default('off'),
  AUTH_THIRDPARTY_PROVIDERS: z
    .string()
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean))
    .refine((list) => list.every((p) => (THIRDPARTY_PROVIDERS as readonly string[]).includes(p)), `must be a comma-separated list of ${THIRDPARTY_PROVIDERS.join(', ')}`)
    .default([]),
  MAP_KEY: z.string().max(200, 'must be at most 200 characters').optional(),
  /** The address diners reach the product at, for what leaves the screen (table QR codes); unset: the address each request came in on. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://order.example.com' }).transform((url) => url.replace(/\/+$/, '')).optional(),
  SUPPORT_PHONE: z.string().max(100, 'must be at most 100 characters').optional(),
  SUPPORT_EMAIL: z.string().max(200, 'must be at most 200 characters').optional(),
  SUPPORT_HOURS: z.string().max(200, 'must be at most 200 characters').optional(),
  PASSWORD_CIPHER_KEY: z.string().length(16, 'must be exactly 16 characters').default('thanks,pig4cloud'),
  /**
   * on: a demonstration with the repository's public credentials (admin/123456, the simulator's
   * merchant, …), said at boot and in the header; `npm start` sets it. Off in production, the server
   * refuses to start while any of them is in force (demo-guard.ts).
   */
  DEMO_MODE: onOff.default('off'),
  /** Unset: on in demo mode and outside production, off in production (resolved in loadConfig). */
  DEMO_DATA: onOff.optional(),
  /** The first administrator's password (a real deployment's first boot, must be changed at first sign-in); unset: a one-time password printed once to the log. */
  ADMIN_INITIAL_PASSWORD: z.string().min(8, 'must be 8 to 12 characters').max(12, 'must be 8 to 12 characters (the longest password a user may set)').refine((v) => v.trim() === v, 'must not begin or end with a space').optional(),
  SECRETS_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in Base64').optional(),
  /** On SIGTERM/SIGINT: how long in-flight requests and running jobs get to finish before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(0, 'must be at least 0').max(600_000, 'must be at most 600000').default(10_000),
  JOB_POLL_MS: z.coerce.number().int('must be a whole number').min(10, 'must be at least 10').max(600_000, 'must be at most 600000').default(1000),
  /** on: printers may be on loopback (127.0.0.0/8, ::1, localhost), as the demo's simulated ones are; off: refused (printing/address-policy.ts). */
  PRINTER_ALLOW_LOOPBACK: onOff.default('off'),
  /** How long a print's sender holds its job: past it, the sender is taken for dead and the job is in doubt (重打 by hand). */
  PRINT_LEASE_MS: z.coerce.number().int('must be a whole number').min(1000, 'must be at least 1000').max(600_000, 'must be at most 600000').default(30_000),
  /** Unpaid orders are cancelled this many minutes after they were created (stock and coupon given back). */
  ORDER_UNPAID_TIMEOUT_MIN: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1440, 'must be at most 1440').default(15),
  WECHAT_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(100, 'must be at least 100').default(10_000),
  MEDIA_STORAGE: z.enum(['local', 's3'], { error: 'must be "local" or "s3"' }).default('local'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, . or -)').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_FORCE_PATH_STYLE: onOff.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().regex(/^([\w.-]+\/)*$/, 'must be empty or folder names each ending in /').default(''),
}).superRefine((c, ctx) => {
  if (c.MEDIA_STORAGE === 's3' && !c.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when MEDIA_STORAGE is s3' });
  if (c.NODE_ENV === 'production' && c.AUTH_THIRDPARTY_PROVIDERS.includes('dev')) {
    ctx.addIssue({ code: 'custom', path: ['AUTH_THIRDPARTY_PROVIDERS'], message: 'cannot list dev (the development provider) when NODE_ENV is production' });
  }
  if (c.WXPAY_BASE_URL) {
    // Against a real platform the demo merchant's keys would only fail: every part must be given.
    // The platform's keys: a public key, a folder of them, or the certificates downloaded (any of them).
    const platformKeys = c.WXPAY_PLATFORM_CERTIFICATES === 'on' || c.WXPAY_PLATFORM_KEYS_DIR ? [] : ['WXPAY_PLATFORM_KEY_ID', 'WXPAY_PLATFORM_PUBLIC_KEY'] as const;
    if (Boolean(c.WXPAY_PLATFORM_KEY_ID) !== Boolean(c.WXPAY_PLATFORM_PUBLIC_KEY)) {
      ctx.addIssue({ code: 'custom', path: [c.WXPAY_PLATFORM_KEY_ID ? 'WXPAY_PLATFORM_PUBLIC_KEY' : 'WXPAY_PLATFORM_KEY_ID'], message: 'must be set with WXPAY_PLATFORM_KEY_ID / WXPAY_PLATFORM_PUBLIC_KEY' });
    }
    for (const name of ['WXPAY_MCHID', 'WXPAY_APPID', 'WXPAY_MERCHANT_SERIAL', 'WXPAY_PRIVATE_KEY', 'WXPAY_APIV3_KEY', ...platformKeys] as const) {
      if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when WXPAY_BASE_URL is set' });
    }
  }
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'and S3_ACCESS_KEY_ID must be set together' });
});

export type Config = Omit<z.infer<typeof configSchema>, 'DEMO_DATA'> & { DEMO_DATA: 'on' | 'off' };

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws one line naming the variable and the rule. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (parsed.success) {
    const demoData = parsed.data.DEMO_DATA ?? (parsed.data.DEMO_MODE === 'on' || parsed.data.NODE_ENV !== 'production' ? 'on' : 'off');
    return { ...parsed.data, DEMO_DATA: demoData };
  }
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? '?');
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(present[name])})`);
}

/** The simulator's base URL unless a real platform is configured. */
export const wechatApiBase = (config: Config): string =>
  config.WECHAT_API_BASE ?? `http://127.0.0.1:${config.SIM_PORT}`;

/** Whether /docs (the OpenAPI UI and document) is served: API_DOCS, or off by default in production. */
export const apiDocsOn = (config: Config): boolean => (config.API_DOCS ?? (config.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
