import fp from 'fastify-plugin';
import { defineModule } from '../manifest.js';
import { conversationsModule } from './conversations/plugin.js';
import * as conversationTables from './conversations/tables.js';
import { wxmpModule as wxmpCore } from './index.js';
import { seedWxmp } from './seed.js';
import * as tables from './tables.js';

/**
 * The messaging public account: accounts, followers, tags, materials and the platform's
 * callback (`app.wxmp`), then follower conversations on top of it (`app.conversations`:
 * automatic replies, the custom menu, conversation calls and live pushes).
 */
export const wxmpModule = defineModule({
  name: 'wxmp',
  plugin: fp(async (app) => {
    await app.register(wxmpCore);
    await app.register(conversationsModule);
  }, { name: 'wxmp-module', dependencies: ['jobs', 'live-channel'] }),
  tables: { ...tables, ...conversationTables },
  seed: seedWxmp,
});
