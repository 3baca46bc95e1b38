import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { loadConfig } from '../../config.js';

describe('GET /settings/public', () => {
  it('answers the defaults: registration closed, no providers, no map key, no support details, the menu paths', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/settings/public' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ register: false, thirdPartyProviders: [], mapKey: '', support: { phone: '', email: '', hours: '' }, demoMode: false });
    expect(data.routes).toContain('/admin/user');
    expect(data.routes).not.toContain('/no/such/page');
  });

  it('serves the environment\'s settings without a rebuild of the web app', async () => {
    const { app } = await createTestApp({
      AUTH_REGISTER: 'on', AUTH_THIRDPARTY_PROVIDERS: 'dev', MAP_KEY: 'map-key-1', SUPPORT_PHONE: '400-1', SUPPORT_EMAIL: 'help@example.com', DEMO_MODE: 'on',
    });
    const { data } = (await app.inject({ method: 'GET', url: '/settings/public' })).json();
    expect(data).toMatchObject({ register: true, thirdPartyProviders: ['dev'], mapKey: 'map-key-1', support: { phone: '400-1', email: 'help@example.com', hours: '' }, demoMode: true });
    expect((await app.inject({ method: 'POST', url: '/upms/user/register', payload: { username: 'walkin2', password: '123456' } })).statusCode).toBe(200);
  });

  it('refuses unknown providers, and the development provider in production', () => {
    expect(() => loadConfig({ AUTH_THIRDPARTY_PROVIDERS: 'github' })).toThrow(/AUTH_THIRDPARTY_PROVIDERS/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_THIRDPARTY_PROVIDERS: 'dev' })).toThrow(/AUTH_THIRDPARTY_PROVIDERS/);
    expect(loadConfig({ NODE_ENV: 'development', AUTH_THIRDPARTY_PROVIDERS: 'dev' }).AUTH_THIRDPARTY_PROVIDERS).toEqual(['dev']);
    expect(loadConfig({}).AUTH_REGISTER).toBe('off');
  });
});
