import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
// The server's own broker (apps/server/src/live), on a plain WebSocket server: the real
// protocol handling, without a database behind it.
import { DELIVER_TOPIC, REVOKED_TOPIC, StompBroker, SUBPROTOCOLS, type LiveUser } from '../../server/src/live/broker';
import { createMemoryBus, type MessageBus } from '../../server/src/live/bus';
import { DestinationRegistry } from '../../server/src/live/destinations';
import { LIVE_DESTINATIONS } from '@canteen/contract';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * For tests only (never imported by the app): a real broker listening on a random port. Valid
 * tokens are `t<n>` (token set id `<n>`) and `test-token` (what `signInWith` stores, id 0).
 */
export class TestBroker {
  readonly bus: MessageBus = createMemoryBus(silent);
  readonly revoked = new Set<string>();
  /** Tokens whose user lacks wxmp:wxmsg:index. */
  readonly withoutPermission = new Set<string>();
  readonly connects: string[] = [];
  /** Delivery between instances down (the bus): the broker refuses CONNECT with a reconnect hint. */
  deliveryDown = false;
  broker!: StompBroker;
  server!: WebSocketServer;
  port = 0;

  async start(port = 0) {
    // The messaging module's destinations, as the server declares them.
    const destinations = new DestinationRegistry();
    destinations.declare(
      { pattern: LIVE_DESTINATIONS.wxmpBell, permission: 'wxmp:wxmsg:index' },
      { pattern: LIVE_DESTINATIONS.wxmpConversation, permission: 'wxmp:wxmsg:index' },
    );
    this.broker = new StompBroker({
      destinations,
      bus: this.bus,
      log: silent,
      heartBeatMs: 200,
      deliveryHealthy: () => !this.deliveryDown,
      authenticate: async (token): Promise<LiveUser | null> => {
        this.connects.push(token);
        if (this.revoked.has(token) || !/^(t\d+|test-token)$/.test(token)) return null;
        const permissions = new Set(this.withoutPermission.has(token) ? [] : ['wxmp:wxmsg:index']);
        return { id: '1', username: 'admin', permissions, tokenId: token === 'test-token' ? '0' : token.slice(1) };
      },
    });
    this.server = new WebSocketServer({ port, host: '127.0.0.1', handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false });
    this.server.on('connection', (socket) => this.broker.accept(socket));
    await new Promise<void>((resolve) => this.server.once('listening', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url() {
    return `ws://127.0.0.1:${this.port}/weixin/ws`;
  }

  publish(destination: string, body: unknown) {
    return this.bus.publish(DELIVER_TOPIC, { destinations: [destination], body });
  }

  revoke(tokenId: string) {
    this.revoked.add(`t${tokenId}`);
    return this.bus.publish(REVOKED_TOPIC, { tokenIds: [tokenId] });
  }

  stats() {
    return this.broker.stats();
  }

  /** Stops listening and drops every socket (a server restart or an outage). */
  async stop() {
    this.broker.close();
    for (const socket of this.server.clients) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async close() {
    await this.stop();
    await this.bus.close();
  }
}


/** A `ws` socket for the live client under test (jsdom's own would do as well). */
export const nodeSocket = (url: string): IStompSocket => new WebSocket(url, ['v12.stomp', 'v11.stomp']);

/**
 * The live module with the app's client pointed at a test broker (`target.url`, set once the
 * broker listens), reconnecting quickly: for a test file's `vi.mock` of `shared/live/live`.
 */
export function liveOnTestBroker(original: typeof import('../src/shared/live/live'), target: { url: string }): typeof import('../src/shared/live/live') {
  let client: ReturnType<typeof original.createSessionLiveClient> | undefined;
  return {
    ...original,
    liveClient: () =>
      (client ??= original.createSessionLiveClient({ url: () => target.url, webSocketFactory: nodeSocket, heartbeatMs: 0, baseDelayMs: 20, maxDelayMs: 100, idleCloseMs: 0 })),
  };
}
