import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';

const { app } = await createTestApp({ DEMO_DATA: 'off' });

describe('registration without demo data', () => {
  it('is closed (403) unless the identity.register setting opens it', async () => {
    const body = { username: 'walkin', password: '123456' };
    const closed = await app.inject({ method: 'POST', url: '/upms/user/register', payload: body });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().msg).toContain('注册未开放');
    await app.database.exclusive((exec) => exec(`insert into app_setting (key, value) values ('identity.register', '{"open": true}')`, []));
    expect((await app.inject({ method: 'POST', url: '/upms/user/register', payload: body })).statusCode).toBe(200);
  });
});
