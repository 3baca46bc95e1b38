import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';

const { app } = await createTestApp();

describe('readiness', () => {
  it('answers 503 naming the dependency that is down, and every check', async () => {
    expect((await app.inject('/health/ready')).statusCode).toBe(200);
    await app.live.bus.close(); // cross-instance delivery gone: this instance cannot serve live screens
    const res = await app.inject('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 1, msg: '消息总线(Redis)不可用', data: { status: 'not ready', checks: { database: 'up', bus: 'down' } } });
    expect((await app.inject('/health/live')).statusCode).toBe(200);
  });
});
