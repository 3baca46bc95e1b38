import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok, phoneSchema, smsCodeSchema, tokenSetSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { userByPhone } from '../upms/service.js';
import { SMS_PER_ADDRESS, SMS_PER_PHONE } from './rate-limit.js';
import { SMS_UNAVAILABLE } from './sms.js';

const tags = ['auth'];
const randomStr = z.string().min(1, 'randomStr 不能为空').max(64, 'randomStr 不能超过64个字符').regex(/^[A-Za-z0-9_-]+$/, 'randomStr 只能包含字母、数字、_ 和 -');
const maxed = (name: string, max: number) => z.string().max(max, `${name} 不能超过${max}个字符`).optional();

/**
 * The token request's fields: in the query string, as the specification's call table has them,
 * or in a form body (application/x-www-form-urlencoded), as the web app sends them so that no
 * password or refresh token is part of a URL (issue 22 #7). A field in the body wins.
 */
const tokenFields = z.object({
  grant_type: z.string().min(1, 'grant_type 不能为空').max(32, 'grant_type 不能超过32个字符').optional(),
  scope: maxed('scope', 64),
  username: maxed('username', 64),
  password: maxed('password', 256),
  randomStr: randomStr.optional(),
  code: maxed('code', 16),
  refresh_token: maxed('refresh_token', 128),
});

const booleanAnswer = envelopeSchema(z.boolean());

/** Production without an SMS gateway (sms.ts): no code is sent, so no SMS sign-in either. */
const SMS_SIGN_IN_UNAVAILABLE = `${SMS_UNAVAILABLE}，短信验证码登录不可用，请使用账号密码登录`;

/** A form body is a few short fields: anything longer is not a token request. */
const FORM_BODY_LIMIT = 4096;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The development provider's authorize page: which phone it vouches for. */
const devAuthorizePage = (error?: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>开发用第三方登录</title><style>body{font-family:sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f5f7fa}form{background:#fff;padding:24px 28px;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.08);display:grid;gap:12px;width:300px}input,button{font:inherit;padding:8px 10px;border-radius:6px;border:1px solid #d9d9d9}button{background:#409eff;color:#fff;border:0;cursor:pointer}.error{color:#ff4d4f;margin:0}</style></head>
<body><form method="get" action="/auth/thirdparty/dev/approve"><h3 style="margin:0">开发用第三方登录</h3><p style="margin:0;color:#888">授权 Canteen 使用您绑定的手机号登录</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<input name="phone" inputmode="numeric" maxlength="11" placeholder="请输入手机号码" autofocus><button type="submit">同意授权</button></form></body></html>`;

/** Sign-in, token refresh, phone sign-ins, captcha and sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { captchas, clients, grants, limiter, phoneCodes, tokens } = app.identity;

  // Form bodies (these routes only): each field once; a repeated field keeps its last value.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/code', {
    config: { public: true },
    schema: { tags, summary: '获取图形验证码', querystring: z.object({ randomStr }), response: { 200: z.string() } },
  }, async (request, reply) => {
    const svg = await captchas.create(request.query.randomStr);
    return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
  });

  app.post('/auth/oauth/token', {
    config: { public: true },
    schema: {
      tags, summary: '登录（令牌）',
      description: 'The fields in the query string or in an application/x-www-form-urlencoded body (the web app sends the body)',
      querystring: tokenFields, body: tokenFields.nullish(), response: { 200: tokenSetSchema },
    },
  }, async (request) => {
    const q = { ...request.query, ...request.body };
    if (!q.grant_type) throw new AppError(400, 'grant_type 不能为空');
    request.auditUsername = q.username;
    const client = await clients.authenticate(request);
    const base = { client, scope: q.scope, ip: request.ip };
    switch (q.grant_type) {
      case 'password': return grants.password(base, q);
      case 'refresh_token': return grants.refresh(base, q.refresh_token);
      default: throw new AppError(400, `不支持的授权类型 grant_type: ${q.grant_type.slice(0, 32)}`);
    }
  });

  app.post('/auth/phone/code', {
    config: { public: true },
    schema: { tags, summary: '发送短信验证码', querystring: z.object({ phone: phoneSchema }), response: { 200: booleanAnswer } },
  }, async (request) => {
    if (!app.identity.sms.available) throw new AppError(403, SMS_SIGN_IN_UNAVAILABLE);
    const { phone } = request.query;
    const tooMany = '短信验证码发送过于频繁，请稍后再试';
    await limiter.check([[`sms:phone:${phone}`, SMS_PER_PHONE], [`sms:addr:${request.ip}`, SMS_PER_ADDRESS]], tooMany);
    await limiter.hit(`sms:phone:${phone}`, SMS_PER_PHONE);
    await limiter.hit(`sms:addr:${request.ip}`, SMS_PER_ADDRESS);
    // Answer the same whether or not the phone belongs to a user; send only when it does.
    if (await userByPhone(app.database.db, phone)) await app.identity.sms.send(phone, await phoneCodes.issueSms(phone));
    return ok(true);
  });

  app.post('/auth/phone/token/sms', {
    config: { public: true },
    schema: {
      tags, summary: '短信验证码登录',
      querystring: z.object({
        phone: phoneSchema,
        code: smsCodeSchema,
        grant_type: z.literal('sms_login', { error: 'grant_type 必须是 sms_login' }),
        scope: maxed('scope', 64),
      }),
      response: { 200: tokenSetSchema },
    },
  }, async (request) => {
    request.auditUsername = request.query.phone;
    const client = await clients.authenticate(request);
    if (!app.identity.sms.available) throw new AppError(403, SMS_SIGN_IN_UNAVAILABLE);
    return grants.sms({ client, scope: request.query.scope, ip: request.ip }, request.query.phone, request.query.code);
  });

  app.post('/auth/phone/token/thirdparty', {
    config: { public: true },
    schema: {
      tags, summary: '第三方登录',
      querystring: z.object({
        phone: z.string({ error: 'phone 不能为空' }).min(3, 'phone 须为 state@code').max(128, 'phone 不能超过128个字符'),
        grant_type: z.literal('phone', { error: 'grant_type 必须是 phone' }),
        scope: maxed('scope', 64),
      }),
      response: { 200: tokenSetSchema },
    },
  }, async (request) => {
    const client = await clients.authenticate(request);
    return grants.thirdparty({ client, scope: request.query.scope, ip: request.ip }, request.query.phone);
  });

  // The development third-party provider: vouches for a phone number with a one-time code,
  // used as `phone=dev@<code>` on the thirdparty grant. Never registered in production.
  if (app.config.NODE_ENV !== 'production') {
    app.post('/auth/phone/thirdparty/dev', {
      config: { public: true },
      schema: {
        tags, summary: '开发用第三方登录提供方：签发一次性凭证',
        querystring: z.object({ phone: phoneSchema }),
        response: { 200: envelopeSchema(z.object({ state: z.literal('dev'), code: z.string(), phone: z.string() })) },
      },
    }, async (request) => {
      const code = await phoneCodes.issueThirdparty(request.query.phone);
      return ok({ state: 'dev' as const, code, phone: `dev@${code}` });
    });

    // The provider's own pages, as a real one has them: the login page's button leads to its
    // authorize page, which sends the browser back to /authredirect with state and code.
    app.get('/auth/thirdparty/dev/authorize', {
      config: { public: true },
      schema: { tags, summary: '开发用第三方登录提供方：授权页 (HTML)', querystring: z.object({ error: z.string().max(64).optional() }) },
    }, async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(devAuthorizePage(request.query.error)));
    app.get('/auth/thirdparty/dev/approve', {
      config: { public: true },
      schema: { tags, summary: '开发用第三方登录：同意授权', description: 'Back to /authredirect with state and code', querystring: z.object({ phone: z.string().max(32) }) },
    }, async (request, reply) => {
      const phone = phoneSchema.safeParse(request.query.phone);
      if (!phone.success) return reply.redirect(`/auth/thirdparty/dev/authorize?${new URLSearchParams({ error: phone.error.issues[0]!.message }).toString()}`);
      const code = await phoneCodes.issueThirdparty(phone.data);
      return reply.redirect(`/authredirect?${new URLSearchParams({ state: 'dev', code }).toString()}`);
    });
  }

  app.delete('/auth/token/logout', {
    config: { signedIn: true },
    schema: { tags, summary: '退出登录', response: { 200: booleanAnswer } },
  }, async (request) => {
    const { tokenId } = currentUser(request);
    await tokens.revoke(tokenId);
    // The live sockets signed in with this token set close now, on every instance, not at the next re-check.
    await request.server.live.revoke({ tokenIds: [tokenId] });
    return ok(true);
  });
};
