import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints } from '@canteen/contract';
import { serve } from '../../http/endpoint.js';
import { menuRoutePaths, registerSetting } from '../upms/service.js';

/** `GET /settings/public`: the runtime settings the web app reads at start (no rebuild to change them). */
export const publicSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const db = app.database.db;
  serve(app, settingsEndpoints.public, async () => ({
    register: (await registerSetting(db, config)).open,
    thirdPartyProviders: config.AUTH_THIRDPARTY_PROVIDERS,
    mapKey: config.MAP_KEY ?? '',
    support: { phone: config.SUPPORT_PHONE ?? '', email: config.SUPPORT_EMAIL ?? '', hours: config.SUPPORT_HOURS ?? '' },
    routes: await menuRoutePaths(db),
    demoMode: config.DEMO_MODE === 'on',
  }));
};
