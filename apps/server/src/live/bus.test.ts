import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type MessageBus } from './bus.js';

const received = (bus: MessageBus, count: number) =>
  new Promise<Array<[string, unknown]>>((resolve) => {
    const seen: Array<[string, unknown]> = [];
    const off = bus.subscribe((topic, payload) => {
      seen.push([topic, payload]);
      if (seen.length === count) {
        off();
        resolve(seen);
      }
    });
  });

describe('in-process bus', () => {
  it('delivers to every handler a copy, after publish returns, and keeps going when a handler throws', async () => {
    const bus = createMemoryBus();
    const payload = { a: 1 };
    const first = received(bus, 1);
    bus.subscribe(() => {
      throw new Error('a broken handler');
    });
    const second = received(bus, 1);
    let returned = false;
    const done = bus.publish('t', payload).then(() => (returned = true));
    await done;
    const [[topic, got]] = (await first) as [[string, unknown]];
    expect(returned).toBe(true);
    expect(topic).toBe('t');
    expect(got).toEqual(payload);
    expect(got).not.toBe(payload);
    expect(await second).toEqual([['t', { a: 1 }]]);
    await bus.close();
    await expect(bus.publish('t', 1)).rejects.toThrow(/closed/);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis bus (TEST_REDIS_URL)', () => {
  const url = process.env.TEST_REDIS_URL!;
  const channel = `canteen:test:${randomBytes(6).toString('hex')}`;
  const buses: MessageBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('carries a publish on one bus to the handlers of every bus on the channel, itself included', async () => {
    const a = await createRedisBus({ url, channel });
    const b = await createRedisBus({ url, channel });
    const other = await createRedisBus({ url, channel: `${channel}:other` });
    buses.push(a, b, other);
    await Promise.all([a.ready(), b.ready(), other.ready()]);
    const atA = received(a, 2);
    const atB = received(b, 2);
    let strays = 0;
    other.subscribe(() => strays++);
    await a.publish('live.deliver', { destinations: ['/weixin/wx_msg'], body: { text: '你好' } });
    await b.publish('auth.revoked', { tokenIds: ['7'] });
    const expected = [['live.deliver', { destinations: ['/weixin/wx_msg'], body: { text: '你好' } }], ['auth.revoked', { tokenIds: ['7'] }]];
    expect(await atA).toEqual(expected);
    expect(await atB).toEqual(expected);
    expect(strays).toBe(0);
  });

  it('fails ready() with a clear message when Redis does not answer', async () => {
    const dead = await createRedisBus({ url: 'redis://127.0.0.1:1', channel, connectTimeoutMs: 300 });
    buses.push(dead);
    await expect(dead.ready()).rejects.toThrow(/REDIS_URL/);
    expect(dead.healthy()).toBe(false);
  });

  it('is healthy while both connections are up, and not once closed', async () => {
    const bus = await createRedisBus({ url, channel });
    await bus.ready();
    expect(bus.healthy()).toBe(true);
    await bus.close();
    expect(bus.healthy()).toBe(false);
  });
});
