import type { Redis } from 'ioredis';

export type BusHandler = (topic: string, payload: unknown) => void;

/**
 * Fan-out between server instances: what one instance publishes reaches the handlers of every
 * instance (this one included). Payloads are JSON values. In-process by default, Redis pub/sub
 * when REDIS_URL is set; the same interface either way.
 */
export interface MessageBus {
  readonly kind: 'memory' | 'redis';
  /** Resolves once the payload is handed to the bus; rejects when the bus is down. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Adds a handler for every topic; returns its removal. */
  subscribe(handler: BusHandler): () => void;
  /** Resolves once this instance receives what is published (Redis: the subscription is live). */
  ready(): Promise<void>;
  /** Whether cross-instance delivery works right now (Redis: both connections up); for readiness. */
  healthy(): boolean;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

function handlerSet(log: Logger | undefined) {
  const handlers = new Set<BusHandler>();
  return {
    add(handler: BusHandler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    deliver(topic: string, payload: unknown) {
      for (const handler of handlers) {
        try {
          handler(topic, payload);
        } catch (error) {
          log?.error({ err: error, topic }, 'live bus handler failed');
        }
      }
    },
    clear: () => handlers.clear(),
  };
}

/** One process: delivery on the next turn of the event loop, as a networked bus would. */
export function createMemoryBus(log?: Logger): MessageBus {
  const handlers = handlerSet(log);
  let closed = false;
  return {
    kind: 'memory',
    async publish(topic, payload) {
      if (closed) throw new Error('the live bus is closed');
      // A JSON round trip, so that handlers never share objects with the publisher.
      const copy: unknown = JSON.parse(JSON.stringify(payload ?? null));
      setImmediate(() => handlers.deliver(topic, copy));
    },
    subscribe: (handler) => handlers.add(handler),
    ready: async () => undefined,
    healthy: () => !closed,
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}

export interface RedisBusOptions {
  url: string;
  /** The Redis channel every instance of one deployment shares. */
  channel?: string;
  log?: Logger;
  /** How long `ready()` waits for the subscription before failing. */
  connectTimeoutMs?: number;
}

/**
 * Redis pub/sub on one channel, two connections (a subscribed connection cannot publish).
 * Messages are `{ t: topic, p: payload }` JSON. ioredis reconnects and re-subscribes by itself.
 */
export async function createRedisBus({ url, channel = 'canteen:live', log, connectTimeoutMs = 10_000 }: RedisBusOptions): Promise<MessageBus> {
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectionName: 'canteen-live' };
  const publisher: Redis = new Redis(url, options);
  const subscriber: Redis = new Redis(url, { ...options, maxRetriesPerRequest: null });
  const handlers = handlerSet(log);
  let closed = false;
  publisher.on('error', (error) => log?.warn({ err: error }, 'redis (live bus, publisher)'));
  subscriber.on('error', (error) => log?.warn({ err: error }, 'redis (live bus, subscriber)'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let parsed: { t?: unknown; p?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      log?.warn({ channel }, 'live bus: a message that is not JSON was ignored');
      return;
    }
    if (typeof parsed.t === 'string') handlers.deliver(parsed.t, parsed.p ?? null);
  });

  let subscribed: Promise<void> | undefined;
  const ready = () => {
    subscribed ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis at REDIS_URL did not answer within ${connectTimeoutMs} ms (live bus)`)), connectTimeoutMs);
      });
      try {
        await Promise.race([(async () => {
          await Promise.all([subscriber.connect(), publisher.connect()]);
          await subscriber.subscribe(channel);
        })(), timeout]);
      } catch (error) {
        subscriber.disconnect();
        publisher.disconnect();
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(reason.includes('REDIS_URL') ? reason : `Redis at REDIS_URL is unreachable (live bus): ${reason}`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    })();
    return subscribed;
  };

  return {
    kind: 'redis',
    async publish(topic, payload) {
      if (closed) throw new Error('the live bus is closed');
      await publisher.publish(channel, JSON.stringify({ t: topic, p: payload ?? null }));
    },
    subscribe: (handler) => handlers.add(handler),
    ready,
    healthy: () => !closed && publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      const quit = async (redis: Redis) => {
        try {
          if (redis.status === 'ready') await redis.quit();
          else redis.disconnect();
        } catch {
          redis.disconnect();
        }
      };
      await Promise.all([quit(subscriber), quit(publisher)]);
    },
  };
}
