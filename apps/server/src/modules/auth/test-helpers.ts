import type { App } from '../../app.js';
import { encryptPassword } from './cipher.js';

export const BASIC_ADMIN = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

/** `POST /auth/oauth/token` with the password grant, as the web client sends it. */
export function passwordGrant(app: App, username: string, password: string, extra: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  const query = { username, password: encryptPassword(password, app.config.PASSWORD_CIPHER_KEY), grant_type: 'password', scope: 'server', ...extra };
  return app.inject({ method: 'POST', url: '/auth/oauth/token', query, headers: { ...BASIC_ADMIN, isToken: 'false' }, remoteAddress });
}
