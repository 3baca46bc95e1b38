import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok as envelope, appIdField, storedReplySchema } from '@canteen/contract';
import { z } from 'zod';
import { ok, okNull } from '../schemas.js';
import type { ButtonInput, MenuService } from './service.js';

const tags = ['wxmp: custom menu'];

const buttonOut = storedReplySchema.extend({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  type: z.string().nullable(),
  url: z.string().nullable(),
  appid: z.string().nullable(),
  pagepath: z.string().nullable(),
});
const menuSchema = z.object({ button: z.array(buttonOut.extend({ sub_button: z.array(buttonOut.extend({ sub_button: z.array(z.unknown()) })) })) });

/** Buttons are checked by the service (messages that name the button); here only the outline. */
const buttonIn: z.ZodType<ButtonInput> = z.lazy(() => z.looseObject({
  name: z.string().max(200).nullish(),
  type: z.string().max(32).nullish(),
  key: z.string().max(128).nullish(),
  url: z.string().max(2048).nullish(),
  appid: z.string().max(64).nullish(),
  pagepath: z.string().max(512).nullish(),
  sub_button: z.array(buttonIn).max(20).nullish(),
}));

/** 自定义菜单: `/weixin/wxmenu...` (origin.md §2.6). */
export const menuRoutes = (service: MenuService): FastifyPluginAsyncZod => async (app) => {
  app.get('/weixin/wxmenu/list', {
    config: { permission: 'wxmp:wxmenu:get' },
    schema: { tags, summary: '自定义菜单', querystring: z.object({ appId: appIdField }), response: { 200: ok(menuSchema) } },
  }, async (request) => envelope(await service.list(request.query.appId)));

  app.post('/weixin/wxmenu', {
    config: { permission: 'wxmp:wxmenu:add' },
    schema: {
      tags,
      summary: '保存并发布菜单', description: 'Saves and publishes the menu: { appId, button: [{ name, type, key, url, appid, pagepath, sub_button, rep* , content }] }',
      body: z.object({ appId: appIdField, button: z.array(buttonIn).max(20) }),
      response: { 200: ok(menuSchema) },
    },
  }, async (request) => envelope(await service.publish(request.body.appId, request.body.button)));

  app.delete('/weixin/wxmenu', {
    config: { permission: 'wxmp:wxmenu:del' },
    schema: { tags, summary: '删除菜单', querystring: z.object({ appId: appIdField }), response: { 200: okNull } },
  }, async (request) => {
    await service.remove(request.query.appId);
    return envelope(null);
  });
};
