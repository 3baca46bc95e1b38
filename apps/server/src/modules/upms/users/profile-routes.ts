import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok, profileEditSchema, registerSchema, userInfoSchema, userRecordSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { forbidden } from '../../../http/errors.js';
import { encodeJson, sendJson, type UpmsContext } from '../context.js';
import { roleIdsByCode } from '../seed.js';
import { registerSetting } from '../settings.js';
import { editProfile, profileOf } from './profile.js';
import { userResource } from './routes.js';

const tags = ['upms:user'];
const infoAnswer = envelopeSchema(userInfoSchema);

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
    const body = request.body;
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
