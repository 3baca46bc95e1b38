import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@canteen/contract';
import { z } from 'zod';
import { createMemoryBus, createRedisBus, type MessageBus } from './bus.js';
import { DELIVER_TOPIC, REVOKED_TOPIC, StompBroker, SUBPROTOCOLS, type Authenticate, type DeliverPayload, type RevokedPayload } from './broker.js';
import { DestinationRegistry, type DestinationDeclaration } from './destinations.js';
import { defaultFrameLimits } from './frames.js';

/** What other modules call: `app.live`. */
export interface LiveChannel {
  /**
   * Delivers a JSON body to every subscriber of the destination(s), on every instance. Never
   * throws: live delivery is best effort (the message is stored anyway), a bus failure is logged.
   */
  publish(destination: string | string[], message: unknown): Promise<void>;
  /**
   * A module's destinations: what clients may subscribe to, with the permission and the
   * optional per-user check (`live/destinations.ts`). Declare them when the module registers.
   */
  declare(...destinations: DestinationDeclaration[]): void;
  /** Closes the live sockets signed in with these token sets or of these users, on every instance. */
  revoke(revoked: RevokedPayload): Promise<void>;
  /** Open connections and subscriptions on this instance. */
  stats(): { connections: number; subscriptions: number };
  /**
   * Calls `listener` with what is published, on any instance: at once for this instance's own
   * publishes (before they go on the bus), on arrival for every instance's (so this instance's
   * own are heard twice). For per-instance read models that a published change makes stale.
   * Returns the removal.
   */
  onPublish(listener: PublishListener): () => void;
  readonly bus: MessageBus;
}

export type PublishListener = (destinations: readonly string[], message: unknown) => void;

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveChannel;
  }
}

export interface LiveOptions {
  /** Resolves a bearer token; default: the one access control uses (`app.resolveToken`). */
  authenticate?: Authenticate;
  /** Default: Redis pub/sub when REDIS_URL is set, in-process otherwise. */
  bus?: MessageBus;
  heartBeatMs?: number;
  connectTimeoutMs?: number;
  reauthMs?: number;
  /** Adds POST /live/test/publish (signed-in users); default: only when NODE_ENV is test (tests and the live bench). */
  testHook?: boolean;
}

const publishBody = z.object({
  destinations: z.array(z.string().min(1).max(200)).min(1).max(20),
  message: z.unknown(),
  /** When set and the message is an object, this field is set to Date.now() just before the bus publish (bench). */
  stampField: z.string().regex(/^\w{1,32}$/).optional(),
  /** Publishes the message this many times at `ratePerSecond`, scheduled by the server; answers at once (bench). */
  repeat: z.number().int().min(1).max(100_000).optional(),
  ratePerSecond: z.number().int().min(1).max(10_000).optional(),
});

/** A way to publish that bench and tests use; it exists only when NODE_ENV is test. */
const testHookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/live/test/publish', {
    config: { signedIn: true },
    schema: { hide: true, body: publishBody, response: { 200: envelopeSchema(z.null()) } },
  }, async (request) => {
    const { destinations, message, stampField, repeat = 1, ratePerSecond = 100 } = request.body;
    const send = (index: number) => {
      const body = message && typeof message === 'object' ? { ...message, ...(repeat > 1 ? { seq: index } : {}) } : message;
      if (stampField && body && typeof body === 'object') (body as Record<string, unknown>)[stampField] = Date.now();
      return app.live.publish(destinations, body);
    };
    if (repeat === 1) {
      await send(0);
      return ok(null);
    }
    // A steady rate on absolute times, free of this request: the live channel measured alone.
    const started = performance.now();
    let index = 0;
    const tick = () => {
      const due = Math.min(repeat, Math.floor(((performance.now() - started) * ratePerSecond) / 1000) + 1);
      while (index < due) void send(index++);
      if (index < repeat) setTimeout(tick, Math.max(1, Math.floor(1000 / ratePerSecond / 2)));
    };
    tick();
    return ok(null);
  });
};

/** How often the bus's health is looked at (a flag read, no round trip). */
const DELIVERY_WATCH_MS = 250;

/**
 * The live channel (DESIGN.md §5): the STOMP broker at /weixin/ws and `app.live` for other
 * modules. Register after access control.
 */
export const liveChannel = fp<LiveOptions>(
  async (app: FastifyInstance, options) => {
    const config = app.config;
    const log = app.log.child({ module: 'live' });
    const bus = options.bus ?? (config.REDIS_URL ? await createRedisBus({ url: config.REDIS_URL, channel: config.LIVE_REDIS_CHANNEL, log }) : createMemoryBus(log));
    await bus.ready();
    const authenticate: Authenticate = options.authenticate ?? ((token) => app.resolveToken(token));
    const destinations = new DestinationRegistry();
    const broker = new StompBroker({
      authenticate,
      destinations,
      bus,
      log,
      heartBeatMs: options.heartBeatMs ?? config.LIVE_HEARTBEAT_MS,
      connectTimeoutMs: options.connectTimeoutMs,
      reauthMs: options.reauthMs,
      deliveryHealthy: () => bus.healthy(),
    });
    // Subscribers are told when delivery between instances goes down (broker.interrupt), and
    // come back (catching up) once it is up again.
    let deliveryWasHealthy = true;
    const deliveryWatch = setInterval(() => {
      const healthy = bus.healthy();
      if (healthy === deliveryWasHealthy) return;
      deliveryWasHealthy = healthy;
      if (healthy) log.info('live channel: delivery between instances is back');
      else {
        log.warn('live channel: delivery between instances is down; subscribers told to reconnect later');
        broker.interrupt();
      }
    }, DELIVERY_WATCH_MS);
    deliveryWatch.unref();

    const publish = async (topic: string, payload: unknown) => {
      try {
        await bus.publish(topic, payload);
      } catch (error) {
        log.error({ err: error, topic }, 'live channel: publish failed');
      }
    };
    const listeners = new Set<PublishListener>();
    const tell = (destinations: readonly string[], message: unknown) => {
      for (const listener of listeners) {
        try {
          listener(destinations, message);
        } catch (error) {
          log.error({ err: error }, 'live channel: a publish listener failed');
        }
      }
    };
    const unsubscribeListeners = bus.subscribe((topic, payload) => {
      const delivered = payload as DeliverPayload | null;
      if (topic === DELIVER_TOPIC && Array.isArray(delivered?.destinations)) tell(delivered.destinations, delivered.body);
    });
    const live: LiveChannel = {
      publish: (destination, message) => {
        const payload: DeliverPayload = { destinations: Array.isArray(destination) ? destination : [destination], body: message };
        tell(payload.destinations, message);
        return publish(DELIVER_TOPIC, payload);
      },
      onPublish: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      declare: (...declarations) => destinations.declare(...declarations),
      revoke: (revoked) => publish(REVOKED_TOPIC, revoked),
      stats: () => broker.stats(),
      bus,
    };
    app.decorate('live', live);

    // Before the websocket plugin's own preClose: clients get 1012 (service restart) and a reconnect hint from us.
    app.addHook('preClose', async () => broker.close());
    // Encapsulated: the websocket plugin's hooks and decorations stay with this one route.
    await app.register(async (scope) => {
      await scope.register(websocket, {
        options: {
          maxPayload: defaultFrameLimits.maxHeaderBytes + defaultFrameLimits.maxBodyBytes + 16,
          perMessageDeflate: false,
          handleProtocols: (offered: Set<string>) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
        },
      });
      scope.get('/weixin/ws', { websocket: true, config: { public: true } }, (socket) => broker.accept(socket));
    });
    if (options.testHook ?? config.NODE_ENV === 'test') {
      if (config.NODE_ENV === 'production') throw new Error('the live test hook is refused in production');
      await app.register(testHookRoutes);
    }

    app.addHook('onClose', async () => {
      clearInterval(deliveryWatch);
      unsubscribeListeners();
      listeners.clear();
      broker.close();
      await bus.close();
    });
  },
  { name: 'live-channel' },
);
