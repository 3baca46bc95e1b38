import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok, profileEditSchema, profilePhoneCodeSchema, registerSchema, userInfoSchema, userRecordSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { badRequest, conflict, forbidden } from '../../../http/errors.js';
import type { Limit } from '../../../http/route-limits.js';
import { encodeJson, sendJson, type UpmsContext } from '../context.js';
import { roleIdsByCode } from '../seed.js';
import { registerSetting } from '../settings.js';
import { userByPhone } from './lookup.js';
import { editProfile, profileOf } from './profile.js';
import { userResource } from './routes.js';

const tags = ['upms:user'];
const infoAnswer = envelopeSchema(userInfoSchema);

/** Phone-change codes: one per number a minute, ten per user and per address an hour (as sign-in codes). */
const CODE_PER_PHONE: Limit = { max: 1, windowSeconds: 60 };
const CODES_PER_HOUR: Limit = { max: 10, windowSeconds: 60 * 60 };
const samePhone = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);

/** The signed-in user's own information, profile and avatar, and self-registration. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;
  const users = userResource(app, ctx);

  app.get('/upms/user/info', {
    config: { signedIn: true },
    schema: { tags, summary: '当前用户信息', response: { 200: infoAnswer } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const json = await ctx.infoJson.getOrLoad(user.id, async () =>
      encodeJson(infoAnswer, ok({ sysUser: await profileOf(db, user.id), roles: user.roles, permissions: [...user.permissions].sort(), mustChangePassword: user.mustChangePassword ?? false })),
    );
    return sendJson(reply, json);
  });

  app.put('/upms/user/edit', {
    config: { signedIn: true },
    schema: { tags, summary: '修改个人信息', body: profileEditSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    const user = currentUser(request);
    const { smsCode, ...body } = request.body;
    // A new number only with the code sent to it: a borrowed session must not bind its own phone
    // and sign in as this user by SMS from then on (issue 22 #9). Clearing the number needs none.
    if (body.phone && !samePhone(body.phone, (await profileOf(db, user.id)).phone)) {
      if (!smsCode) throw badRequest('修改手机号码需要短信验证码：请先获取发送到新手机号码的验证码');
      if (!(await app.identity.phoneCodes.consumePhoneChange(user.id, body.phone, smsCode))) throw badRequest('短信验证码错误或已过期，请重新获取');
    }
    const { passwordChanged } = await editProfile(db, user.id, { ...body, password: body.password || undefined, newpassword1: body.newpassword1 || undefined });
    if (passwordChanged) {
      // Every other session of this user ends; this one stays.
      const ended = await app.identity.tokens.revokeUser(user.id, user.tokenId);
      await app.live.revoke({ tokenIds: ended });
      // A must-change flag it cleared holds no longer (principals are cached a few seconds).
      if (user.mustChangePassword) app.identity.principals.invalidate();
    }
    ctx.infoJson.delete(user.id);
    return ok(true);
  });

  app.post('/upms/user/phone/code', {
    config: { signedIn: true },
    schema: { tags, summary: '发送修改手机号验证码', body: profilePhoneCodeSchema, response: { 200: envelopeSchema(z.boolean()) } },
  }, async (request) => {
    const user = currentUser(request);
    const { phone } = request.body;
    const { limiter, phoneCodes, sms } = app.identity;
    if (!sms.available) throw forbidden('未配置短信发送服务：生产环境不能发送短信验证码，无法验证新手机号码，请联系管理员在用户管理中修改');
    const current = await profileOf(db, user.id);
    if (samePhone(phone, current.phone)) throw badRequest('新手机号码与当前手机号码相同');
    if (await userByPhone(db, phone)) throw conflict(`手机号 ${phone} 已被其他用户使用`);
    const checks: Array<[string, Limit]> = [[`sms:change:${phone}`, CODE_PER_PHONE], [`sms:change-user:${user.id}`, CODES_PER_HOUR], [`sms:addr:${request.ip}`, CODES_PER_HOUR]];
    await limiter.check(checks, '短信验证码发送过于频繁，请稍后再试');
    for (const [key, limit] of checks) await limiter.hit(key, limit);
    await sms.send(phone, await phoneCodes.issuePhoneChange(user.id, phone));
    return ok(true);
  });

  app.post('/upms/user/avatar', {
    config: { signedIn: true, rateLimit: 'upload' },
    schema: { tags, summary: '上传头像', description: 'multipart/form-data, the picture in the field file', consumes: ['multipart/form-data'], response: { 200: envelopeSchema(z.object({ url: z.string() })) } },
  }, async (request) => ok({ url: (await app.uploads.receive(request, 'avatar')).media.url }));

  app.post('/upms/user/register', {
    config: { public: true },
    schema: { tags, summary: '用户注册', body: registerSchema, response: { 200: envelopeSchema(userRecordSchema) } },
  }, async (request) => {
    request.auditUsername = request.body.username;
    const setting = await registerSetting(db, app.config);
    if (!setting.open) throw forbidden('注册未开放，请联系管理员');
    return ok(await users.create({ db, request }, { ...request.body, roleIds: await roleIdsByCode(db, [setting.defaultRole]) }));
  });
};
