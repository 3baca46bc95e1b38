import { randomInt } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMS_CODE_LENGTH } from '@canteen/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { sha256 } from '../../util/hash.js';
import { authCode } from './tables.js';

/** Where SMS codes go. Production plugs a real gateway in here. */
export interface SmsSender {
  /** False when no SMS can be sent: every route that would send or take a code refuses first. */
  readonly available: boolean;
  send(phone: string, code: string): Promise<void>;
}

/** Production without a real SMS gateway: no code is sent (or could be taken), so none is issued (issue 22 #7). */
export const SMS_UNAVAILABLE = '未配置短信发送服务：生产环境不能发送短信验证码';

export class NoSmsSender implements SmsSender {
  readonly available = false;
  send(): Promise<void> {
    return Promise.reject(new AppError(403, SMS_UNAVAILABLE));
  }
}

/**
 * The sender the configuration allows. Only the development sender exists (no real gateway is
 * integrated yet): outside production, and in production only in demo mode (DEMO_MODE=on, as
 * `npm start` and the browser tests run), where codes go to SMS_OUTBOX_FILE. A real deployment
 * gets none: SMS sign-in and codes are refused with a message that says so.
 */
export function smsSenderFor(config: Pick<Config, 'NODE_ENV' | 'DEMO_MODE' | 'SMS_OUTBOX_FILE'>, log: FastifyBaseLogger): SmsSender {
  if (config.NODE_ENV === 'production' && config.DEMO_MODE !== 'on') return new NoSmsSender();
  return new LogSmsSender(log, config.SMS_OUTBOX_FILE);
}

/**
 * The development sender: says a code was sent, never the code (issue 22 #7). It remembers the
 * last few for tests in the process, and appends each to `outboxFile` when one is set
 * (SMS_OUTBOX_FILE: the demo's stand-in for a phone, read by a person or a browser test).
 */
export class LogSmsSender implements SmsSender {
  readonly available = true;
  readonly sent: Array<{ phone: string; code: string }> = [];
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outboxFile?: string,
  ) {}
  async send(phone: string, code: string): Promise<void> {
    this.log.info(`SMS sign-in code issued for ${phone.slice(0, 3)}****${phone.slice(-4)} (development sender: no SMS is sent and the code is never logged)`);
    this.sent.push({ phone, code });
    if (this.sent.length > 50) this.sent.shift();
    if (this.outboxFile) await appendFile(this.outboxFile, `${JSON.stringify({ at: new Date().toISOString(), phone, code })}\n`, { mode: 0o600 });
  }
}

export const SMS_CODE_TTL_SECONDS = 300;
export const THIRDPARTY_CODE_TTL_SECONDS = 300;
const MAX_ATTEMPTS = 5;

const codeHash = (purpose: string, phone: string, code: string) => sha256(`${purpose}:${phone}:${code}`);

/** The purpose of a code that proves the user `userId` receives SMS at a new phone number (the profile's phone change). */
const phoneChangePurpose = (userId: string) => `phone-change:${userId}`;

/** One-time codes by phone: SMS sign-in codes and the development third-party provider's codes. */
export function createPhoneCodes(db: Db) {
  const dropExpired = () => db.delete(authCode).where(lt(authCode.expiresAt, new Date()));
  const codes = {
    /**
     * A new SMS code for the phone (earlier ones of the purpose stop working). `purpose`: 'sms'
     * (sign-in) or what else the code proves (a phone change); a code proves only its own purpose.
     */
    async issueSms(phone: string, purpose = 'sms'): Promise<string> {
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      await dropExpired();
      await db.delete(authCode).where(and(eq(authCode.purpose, purpose), eq(authCode.phone, phone)));
      await db.insert(authCode).values({ purpose, phone, codeHash: codeHash(purpose, phone, code), expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000) });
      return code;
    },
    /** True once for the right code of the purpose within its lifetime; five wrong tries spend the code. */
    async consumeSms(phone: string, code: string, purpose = 'sms'): Promise<boolean> {
      const [row] = await db
        .select()
        .from(authCode)
        .where(and(eq(authCode.purpose, purpose), eq(authCode.phone, phone), gt(authCode.expiresAt, new Date())))
        .orderBy(desc(authCode.id))
        .limit(1);
      if (!row || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.codeHash !== codeHash(purpose, phone, code)) {
        await db.update(authCode).set({ attempts: sql`${authCode.attempts} + 1` }).where(eq(authCode.id, row.id));
        return false;
      }
      const deleted = await db.delete(authCode).where(eq(authCode.id, row.id)).returning({ id: authCode.id });
      return deleted.length > 0;
    },
    /** A code sent to the new number of a phone change: proves that user `userId` receives SMS there (issue 22 #9). */
    issuePhoneChange(userId: string, phone: string): Promise<string> {
      return codes.issueSms(phone, phoneChangePurpose(userId));
    },
    /** True once for the right code of user `userId`'s change to `phone`. */
    consumePhoneChange(userId: string, phone: string, code: string): Promise<boolean> {
      return codes.consumeSms(phone, code, phoneChangePurpose(userId));
    },
    /** The development provider vouches for a phone: a one-time code for `dev@code`. */
    async issueThirdparty(phone: string): Promise<string> {
      const code = sha256(`${phone}:${Date.now()}:${randomInt(0, 2 ** 47)}`).slice(0, 24);
      await dropExpired();
      await db.insert(authCode).values({ purpose: 'thirdparty', phone, codeHash: codeHash('thirdparty', '', code), expiresAt: new Date(Date.now() + THIRDPARTY_CODE_TTL_SECONDS * 1000) });
      return code;
    },
    /** The phone a third-party code vouches for, once; undefined when unknown or expired. */
    async consumeThirdparty(code: string): Promise<string | undefined> {
      const [row] = await db.delete(authCode).where(and(eq(authCode.purpose, 'thirdparty'), eq(authCode.codeHash, codeHash('thirdparty', '', code)))).returning();
      return row && row.expiresAt.getTime() > Date.now() ? row.phone : undefined;
    },
  };
  return codes;
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
