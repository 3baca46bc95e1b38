import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, wechatApiBase } from './config.js';

describe('loadConfig', () => {
  it('takes PUBLIC_BASE_URL without its trailing slash, and names a wrong one', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://order.example.com/' }).PUBLIC_BASE_URL).toBe('https://order.example.com');
    expect(loadConfig({}).PUBLIC_BASE_URL).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'order.example.com' })).toThrow(/PUBLIC_BASE_URL.*http\(s\) URL/s);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.SIM_PORT).toBe(8081);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_CAPTCHA).toBe('on');
    expect(wechatApiBase(config)).toBe('http://127.0.0.1:8081');
  });

  it('reads and coerces values, ignoring empty ones', () => {
    const config = loadConfig({ PORT: '9000', SIM_PORT: '9001', DATABASE_URL: 'postgres://x@h/db', REDIS_URL: '' });
    expect(config.PORT).toBe(9000);
    expect(config.DATABASE_URL).toBe('postgres://x@h/db');
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('is no demo unless DEMO_MODE says so, and production does not default to demo data (issue 22 #2)', () => {
    expect(loadConfig({}).DEMO_MODE).toBe('off');
    expect(loadConfig({}).DEMO_DATA).toBe('off'); // NODE_ENV defaults to production
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_DATA).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on', DEMO_DATA: 'off' }).DEMO_DATA).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' }).DEMO_DATA).toBe('on'); // then refused at boot (demo-guard.ts)
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe('on');
    expect(loadConfig({ ADMIN_INITIAL_PASSWORD: 'Kitchen-2026' }).ADMIN_INITIAL_PASSWORD).toBe('Kitchen-2026');
  });

  it.each([
    [{ DEMO_MODE: 'yes' }, /DEMO_MODE must be "on" or "off"/],
    [{ ADMIN_INITIAL_PASSWORD: 'short' }, /ADMIN_INITIAL_PASSWORD must be 8 to 12 characters/],
    [{ ADMIN_INITIAL_PASSWORD: 'much-too-long-password' }, /ADMIN_INITIAL_PASSWORD must be 8 to 12 characters/],
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*"abc"/],
    [{ PORT: '70000' }, /PORT must be 1 to 65535/],
    [{ DATABASE_URL: 'mysql://h/db' }, /DATABASE_URL must be a URL starting with postgres/],
    [{ AUTH_CAPTCHA: 'maybe' }, /AUTH_CAPTCHA must be "on" or "off"/],
    [{ PASSWORD_CIPHER_KEY: 'short' }, /PASSWORD_CIPHER_KEY must be exactly 16 characters/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
