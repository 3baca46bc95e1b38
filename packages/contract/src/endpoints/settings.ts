import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * The runtime settings the web app needs before (and after) sign-in, from the server's
 * environment: no rebuild to change them. Empty strings mean "not configured".
 */
export const publicSettingsSchema = z.object({
  /** Whether the login page offers registration (AUTH_REGISTER or the identity.register setting). */
  register: z.boolean(),
  /** Third-party sign-in providers to offer on the login page (AUTH_THIRDPARTY_PROVIDERS). */
  thirdPartyProviders: z.array(z.string()),
  /** The maps service key (MAP_KEY); '' shows locations as label and coordinates only. */
  mapKey: z.string(),
  /** The contact-support details (SUPPORT_*); each '' is hidden, all '' hide the entry. */
  support: z.object({ phone: z.string(), email: z.string(), hours: z.string() }),
  /** Paths of the menu's pages: a signed-out visitor to one of them signs in, to any other sees /404. */
  routes: z.array(z.string()),
  /** Whether the server runs as a demonstration with public credentials (DEMO_MODE): the header says 演示模式. */
  demoMode: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsEndpoints = {
  public: endpoint({ method: 'GET', path: '/settings/public', tag: 'settings', summary: '公开的运行设置', access: { public: true }, data: publicSettingsSchema }),
};
