import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, imageUploadMessages, ok, profileEditSchema, registerSchema, UPLOAD_MAX_BYTES, userInfoSchema, userRecordSchema } from '@canteen/contract';
import { z } from 'zod';
import { currentUser } from '../../../http/access.js';
import { AppError, forbidden } from '../../../http/errors.js';
import { encodeJson, sendJson, type UpmsContext } from '../context.js';
import { roleIdsByCode } from '../seed.js';
import { registerSetting } from '../settings.js';
import { checkImage, saveAvatar } from './avatar.js';
import { editProfile, profileOf } from './profile.js';
import { createUser, getUser } from './service.js';

const tags = ['upms:user'];
const infoAnswer = envelopeSchema(userInfoSchema);

/** The signed-in user's own information, profile and avatar, and self-registration. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: UpmsContext }> = async (app, { ctx }) => {
  const db = app.database.db;

  app.get('/upms/user/info', {
    config: { signedIn: true },
    schema: { tags, summary: '当前用户信息', response: { 200: infoAnswer } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const json = await ctx.infoJson.getOrLoad(user.id, async () =>
      encodeJson(infoAnswer, ok({ sysUser: await profileOf(db, user.id), roles: user.roles, permissions: [...user.permissions].sort() })),
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
      await app.identity.tokens.revokeUser(user.id, user.tokenId);
    }
    ctx.infoJson.delete(user.id);
    return ok(true);
  });

  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 10, parts: 12 } });
    uploads.post('/upms/user/avatar', {
      config: { signedIn: true },
      schema: { tags, summary: '上传头像', response: { 200: envelopeSchema(z.object({ url: z.string() })) } },
    }, async (request) => {
      if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 上传图片（字段 file）');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError(400, 'file: 请选择要上传的图片');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw new AppError(413, imageUploadMessages.size);
      }
      const ext = checkImage(file.filename, data);
      return ok({ url: await saveAvatar(app.config.DATA_DIR, ext, data) });
    });
  });

  app.post('/upms/user/register', {
    config: { public: true },
    schema: { tags, summary: '用户注册', body: registerSchema, response: { 200: envelopeSchema(userRecordSchema) } },
  }, async (request) => {
    request.auditUsername = request.body.username;
    const setting = await registerSetting(db, app.config);
    if (!setting.open) throw forbidden('注册未开放，请联系管理员');
    const id = await createUser(db, { ...request.body, roleIds: await roleIdsByCode(db, [setting.defaultRole]) });
    ctx.changed();
    return ok(await getUser(db, id));
  });
};
