import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { authCaptcha } from './tables.js';

export const CAPTCHA_TTL_SECONDS = 60;

/** Captchas: 4 characters, valid 60 s, usable once; kept in the database so any instance can check them. */
export function createCaptchas(db: Db) {
  return {
    async create(randomStr: string): Promise<string> {
      // Loaded on the first captcha, not at boot: its font alone is a few MB the idle server does not need.
      const { default: svgCaptcha } = await import('svg-captcha');
      const captcha = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, width: 120, height: 40 });
      const expiresAt = new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000);
      await db.delete(authCaptcha).where(lt(authCaptcha.expiresAt, new Date()));
      await db
        .insert(authCaptcha)
        .values({ randomStr, code: captcha.text.toLowerCase(), expiresAt })
        .onConflictDoUpdate({ target: authCaptcha.randomStr, set: { code: captcha.text.toLowerCase(), expiresAt } });
      return captcha.data;
    },
    /** Checks and consumes a captcha: 428 when missing, wrong, expired or already used. */
    async verify(randomStr: string | undefined, code: string | undefined): Promise<void> {
      if (!randomStr || !code) throw new AppError(428, '验证码不能为空');
      const [row] = await db.delete(authCaptcha).where(eq(authCaptcha.randomStr, randomStr)).returning();
      if (!row || row.expiresAt.getTime() < Date.now() || row.code !== code.trim().toLowerCase()) throw new AppError(428, '验证码不合法');
    },
    /** For tests: the stored text of a captcha. */
    async peek(randomStr: string): Promise<string | undefined> {
      return (await db.select().from(authCaptcha).where(eq(authCaptcha.randomStr, randomStr)))[0]?.code;
    },
  };
}

export type Captchas = ReturnType<typeof createCaptchas>;
