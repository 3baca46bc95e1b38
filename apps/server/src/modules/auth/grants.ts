import type { TokenSet } from '@canteen/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../http/errors.js';
import { userById, userByPhone, userByUsername, type ClientRow, type SignInUser } from '../upms/service.js';
import type { Captchas } from './captcha.js';
import { decryptPassword } from './cipher.js';
import { verifyNothing, verifyPassword } from '../../util/passwords.js';
import { ACCOUNT_ADDRESS_FAILURES, ACCOUNT_CAPTCHA, ADDRESS_FAILURES, type Limit, type RateLimiter } from './rate-limit.js';
import type { PhoneCodes } from './sms.js';
import type { TokenService } from './tokens.js';

export interface GrantDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  captchas: Captchas;
  limiter: RateLimiter;
  phoneCodes: PhoneCodes;
}

export interface GrantRequest {
  client: ClientRow;
  scope?: string | undefined;
  ip: string;
}

const WRONG = '用户名不存在或密码错误';
const LOCKED = '账号已被锁定';

/** The grants of `POST /auth/oauth/token` and the phone sign-ins. Each answers a raw token set. */
export function createGrants({ db, config, tokens, captchas, limiter, phoneCodes }: GrantDeps) {
  const allow = (client: ClientRow, grant: string) => {
    if (!client.authorizedGrantTypes.split(',').map((g) => g.trim()).includes(grant)) {
      throw badRequest(`终端 ${client.clientId} 不允许授权类型 ${grant}`);
    }
  };
  const scopeOf = (request: GrantRequest) => {
    if (request.scope && request.scope !== request.client.scope) throw badRequest(`scope 无效，终端 ${request.client.clientId} 的作用域是 ${request.client.scope}`);
    return request.client.scope;
  };
  const issue = (user: { id: string; username: string }, request: GrantRequest, grantType: string, chainId?: string): Promise<TokenSet> =>
    tokens.issue({
      userId: user.id,
      username: user.username,
      clientId: request.client.clientId,
      grantType,
      scope: scopeOf(request),
      accessSeconds: request.client.accessTokenValidity,
      refreshSeconds: request.client.refreshTokenValidity,
      remoteAddr: request.ip,
      ...(chainId ? { chainId } : {}),
    });

  const addressKey = (ip: string) => `fail:addr:${ip}`;
  const limitOf = (key: string): Limit => (key.startsWith('fail:addr:') ? ADDRESS_FAILURES : key.startsWith('fail:acct:') ? ACCOUNT_CAPTCHA : ACCOUNT_ADDRESS_FAILURES);
  const failed = async (keys: string[], status: number, message: string): Promise<never> => {
    for (const key of keys) await limiter.hit(key, limitOf(key));
    throw new AppError(status, message);
  };
  const signedIn = async (user: SignInUser | undefined, failKeys: string[], wrong: [number, string]): Promise<SignInUser> => {
    if (!user) return failed(failKeys, ...wrong);
    if (user.locked) throw new AppError(426, LOCKED);
    return user;
  };

  return {
    async password(request: GrantRequest, q: { username?: string; password?: string; randomStr?: string; code?: string }): Promise<TokenSet> {
      allow(request.client, 'password');
      if (!q.username) throw badRequest('用户名不能为空');
      if (!q.password) throw badRequest('密码不能为空');
      const account = q.username.toLowerCase();
      // Failures counted per (account, address): others' failures never refuse the owner's right password.
      const accountKey = `fail:user:${account}@${request.ip}`;
      const accountWideKey = `fail:acct:${account}`;
      await limiter.check([[accountKey, ACCOUNT_ADDRESS_FAILURES], [addressKey(request.ip), ADDRESS_FAILURES]]);
      // An account under attack from many addresses: a captcha for every try, whatever AUTH_CAPTCHA says.
      if (config.AUTH_CAPTCHA === 'on' || !(await limiter.passes(accountWideKey, ACCOUNT_CAPTCHA))) await captchas.verify(q.randomStr, q.code);
      const plain = decryptPassword(q.password, config.PASSWORD_CIPHER_KEY);
      if (plain === null) throw badRequest('密码密文格式不正确（需要 AES 加密后的 Base64）');
      const user = await userByUsername(db, q.username);
      const matches = user ? await verifyPassword(user.password, plain) : await verifyNothing(plain);
      const ok = await signedIn(matches ? user : undefined, [accountKey, accountWideKey, addressKey(request.ip)], [426, WRONG]);
      await limiter.clear(accountKey);
      return issue(ok, request, 'password');
    },

    async refresh(request: GrantRequest, refreshToken: string | undefined): Promise<TokenSet> {
      allow(request.client, 'refresh_token');
      if (!refreshToken) throw badRequest('refresh_token 不能为空');
      return tokens.refresh(refreshToken, request.client.clientId, async ({ userId, chainId }) => {
        const user = await userById(db, userId);
        if (!user) throw new AppError(401, '用户不存在，请重新登录');
        if (user.locked) throw new AppError(426, LOCKED);
        return issue(user, request, 'refresh_token', chainId);
      });
    },

    async sms(request: GrantRequest, phone: string, code: string): Promise<TokenSet> {
      allow(request.client, 'sms_login');
      const phoneKey = `fail:phone:${phone}@${request.ip}`;
      await limiter.check([[phoneKey, ACCOUNT_ADDRESS_FAILURES], [addressKey(request.ip), ADDRESS_FAILURES]]);
      if (!(await phoneCodes.consumeSms(phone, code))) return failed([phoneKey, addressKey(request.ip)], 428, '短信验证码错误或已过期');
      const user = await signedIn(await userByPhone(db, phone), [phoneKey, addressKey(request.ip)], [426, WRONG]);
      await limiter.clear(phoneKey);
      return issue(user, request, 'sms_login');
    },

    async thirdparty(request: GrantRequest, stateAndCode: string): Promise<TokenSet> {
      allow(request.client, 'phone');
      const at = stateAndCode.indexOf('@');
      const [state, code] = at < 0 ? [stateAndCode, ''] : [stateAndCode.slice(0, at), stateAndCode.slice(at + 1)];
      if (state.toLowerCase() !== 'dev' || !code) throw badRequest('phone 须为 state@code，state 为登录提供方（目前只有 dev）');
      await limiter.check([[addressKey(request.ip), ADDRESS_FAILURES]]);
      const phone = await phoneCodes.consumeThirdparty(code);
      if (!phone) return failed([addressKey(request.ip)], 426, '第三方登录凭证无效或已过期');
      const user = await userByPhone(db, phone);
      if (!user) throw new AppError(417, '未绑定登录账号，请使用密码登录后绑定');
      return issue(await signedIn(user, [], [426, WRONG]), request, 'phone');
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
