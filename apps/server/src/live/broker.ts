import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { MessageBus } from './bus.js';
import { holdsPermission, type DestinationRegistry, type ResolvedDestination } from './destinations.js';
import { defaultFrameLimits, FrameError, FrameParser, header, serializeFrame, type Frame, type FrameLimits, type StompVersion } from './frames.js';

/** Who a live connection belongs to: what access control resolves a bearer token to. */
export interface LiveUser {
  id: string;
  username: string;
  permissions: Set<string>;
  /** The token set the connection signed in with (closes it when that set is revoked). */
  tokenId?: string;
}

/** Resolves a bearer token; undefined or null when it is unknown, expired or revoked. */
export type Authenticate = (token: string) => Promise<LiveUser | null | undefined>;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BrokerOptions {
  authenticate: Authenticate;
  /** What clients may subscribe to, as the modules declared it. */
  destinations: DestinationRegistry;
  bus: MessageBus;
  log: Logger;
  /** The heart-beat interval the server offers to send and wants to receive, ms (0: none). */
  heartBeatMs?: number;
  /** A socket that has not sent CONNECT by then is closed, ms. */
  connectTimeoutMs?: number;
  /** Each connection's token is resolved again this often (expiry, revocation on other paths), ms. */
  reauthMs?: number;
  /** Subscriptions one connection may hold. */
  maxSubscriptions?: number;
  /** Bytes queued for one socket before it is dropped as a slow consumer. */
  maxBufferedBytes?: number;
  limits?: FrameLimits;
  /**
   * Whether delivery between instances works (the bus): while it does not, CONNECT is refused
   * with a reconnect hint, since subscribers would silently miss what other instances publish.
   */
  deliveryHealthy?: () => boolean;
}

/** Bus topics of the live channel. */
export const DELIVER_TOPIC = 'live.deliver';
export const REVOKED_TOPIC = 'auth.revoked';

/** `live.deliver`: one message body for some destinations, delivered by every instance. */
export interface DeliverPayload {
  destinations: string[];
  body: unknown;
}

/** `auth.revoked`: sockets signed in with these token sets, or of these users, are closed. */
export interface RevokedPayload {
  tokenIds?: string[];
  userIds?: string[];
}

export const SUPPORTED_VERSIONS: StompVersion[] = ['1.2', '1.1', '1.0'];
/** WebSocket sub-protocols in order of preference. */
export const SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

interface Subscription {
  id: string;
  destination: string;
  /** The permission its declaration asks for, one or any of several (checked again with the token). */
  permission: string | readonly string[];
  connection: Connection;
}

type State = 'connecting' | 'authenticating' | 'connected' | 'closed';

/** WebSocket close codes used after an ERROR frame. */
const CLOSE_PROTOCOL = 1002;
const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;
/** Closing at shutdown: "service restart", the WebSocket code that tells a client to reconnect. */
export const CLOSE_SERVICE_RESTART = 1012;
export const RESTART_MESSAGE = 'server restarting: reconnect';
/** The hint sent with it: a moment, long enough for a load balancer to see the instance gone. */
const RECONNECT_AFTER_MS = 1000;
/** Closing when delivery between instances is down: "try again later". */
export const CLOSE_TRY_AGAIN_LATER = 1013;
export const DELIVERY_DOWN_MESSAGE = 'live delivery between instances is down: reconnect later';
/** The hint sent with it: the bus (Redis) usually comes back within seconds; reconnecting catches up. */
export const DELIVERY_DOWN_RECONNECT_AFTER_MS = 5000;

const bearer = (frame: Frame): string | undefined => {
  const auth = header(frame, 'Authorization') ?? header(frame, 'authorization');
  if (auth !== undefined) return /^Bearer\s+(\S{1,512})$/i.exec(auth.trim())?.[1];
  const passcode = header(frame, 'passcode')?.trim();
  if (!passcode) return undefined;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(passcode);
  if (match) return match[1];
  return /^\S{1,512}$/.test(passcode) ? passcode : undefined;
};

/** One client socket: its STOMP state, subscriptions and heart-beat clocks. */
class Connection {
  state: State = 'connecting';
  version: StompVersion = '1.2';
  user: LiveUser | undefined;
  token = '';
  readonly subscriptions = new Map<string, Subscription>();
  readonly parser: FrameParser;
  /** Server → client heart-beat interval, ms (0: none). */
  sendEvery = 0;
  /** Client → server heart-beat interval, ms (0: none). */
  expectEvery = 0;
  lastIn = Date.now();
  lastOut = Date.now();
  readonly openedAt = Date.now();
  nextAuthAt = 0;
  reauthenticating = false;
  /** A SUBSCRIBE waits for its declaration's check: later frames queue behind it, in order. */
  checking = false;
  /** Frames received while CONNECT is being authenticated or a SUBSCRIBE checked. */
  queued: Frame[] = [];

  constructor(
    readonly session: string,
    readonly socket: WebSocket,
    limits: FrameLimits,
  ) {
    this.parser = new FrameParser(limits);
  }

  get closed() {
    return this.state === 'closed';
  }

  get open() {
    return this.state !== 'closed' && this.socket.readyState === this.socket.OPEN;
  }

  send(bytes: Buffer | string) {
    if (!this.open) return;
    // Text frames: every STOMP frame we send is UTF-8 (JSON bodies), which any client reads.
    this.socket.send(bytes, { binary: false });
    this.lastOut = Date.now();
  }

  frame(command: string, headers: Record<string, string | undefined>, body: Buffer | string = '') {
    this.send(serializeFrame(command, headers, body, this.version));
  }
}

/**
 * A STOMP 1.2 broker (1.1 and 1.0 understood) for clients that only subscribe: CONNECT with a
 * bearer token, SUBSCRIBE / UNSUBSCRIBE, heart-beats, receipts, DISCONNECT. What reaches the
 * bus under DELIVER_TOPIC is pushed as MESSAGE frames to this instance's subscribers.
 */
export class StompBroker {
  private readonly connections = new Set<Connection>();
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private readonly id = randomBytes(4).toString('hex');
  private sequence = 0;
  private sessions = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribeBus: () => void;
  private readonly inFlightAuth = new Map<string, Promise<LiveUser | null | undefined>>();
  private readonly heartBeatMs: number;
  private readonly connectTimeoutMs: number;
  private readonly reauthMs: number;
  private readonly maxSubscriptions: number;
  private readonly maxBufferedBytes: number;
  private readonly limits: FrameLimits;

  constructor(private readonly options: BrokerOptions) {
    this.heartBeatMs = options.heartBeatMs ?? 10_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.reauthMs = options.reauthMs ?? 60_000;
    this.maxSubscriptions = options.maxSubscriptions ?? 64;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.limits = options.limits ?? defaultFrameLimits;
    this.unsubscribeBus = options.bus.subscribe((topic, payload) => this.onBus(topic, payload));
    const shortest = Math.min(this.heartBeatMs || 1000, this.connectTimeoutMs, 1000);
    this.timer = setInterval(() => this.sweep(), Math.max(10, Math.floor(shortest / 4)));
    this.timer.unref();
  }

  /** Open connections and subscriptions on this instance. */
  stats() {
    let subscriptions = 0;
    for (const set of this.byDestination.values()) subscriptions += set.size;
    return { connections: this.connections.size, subscriptions };
  }

  /** Takes over an accepted WebSocket. */
  accept(socket: WebSocket): void {
    const connection = new Connection(`${this.id}-${++this.sessions}`, socket, this.limits);
    this.connections.add(connection);
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.onData(connection, data));
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  /**
   * Closes every socket (app shutdown) with a reconnect hint: a signed-in session gets an ERROR
   * frame saying the server is restarting, with `reconnect-after-ms`, and every socket the close
   * code 1012 (service restart: come back, to this address or another instance behind it).
   * The web client reconnects on any close after its backoff and catches up on reconnect.
   */
  close(reconnectAfterMs = RECONNECT_AFTER_MS): void {
    clearInterval(this.timer);
    this.unsubscribeBus();
    this.closeAll(RESTART_MESSAGE, reconnectAfterMs, CLOSE_SERVICE_RESTART);
  }

  /**
   * Delivery between instances went down (the bus): every subscriber is told, with an ERROR
   * frame and a reconnect hint, and its socket closed with 1013 (try again later), rather than
   * left on a socket that silently misses what other instances publish. The broker keeps
   * running; CONNECT is refused while the bus is down, and a client that gets back in catches up.
   */
  interrupt(reconnectAfterMs = DELIVERY_DOWN_RECONNECT_AFTER_MS): void {
    this.closeAll(DELIVERY_DOWN_MESSAGE, reconnectAfterMs, CLOSE_TRY_AGAIN_LATER);
  }

  private closeAll(message: string, reconnectAfterMs: number, code: number) {
    for (const connection of this.connections) {
      if (connection.state === 'connected' && connection.socket.readyState === connection.socket.OPEN) {
        connection.frame('ERROR', { message, 'reconnect-after-ms': String(reconnectAfterMs), 'content-type': 'text/plain' }, message);
      }
      connection.state = 'closed';
      connection.socket.close(code, message);
    }
    this.connections.clear();
    this.byDestination.clear();
  }

  private onData(connection: Connection, data: Buffer | ArrayBuffer | Buffer[]) {
    if (connection.state === 'closed') return;
    connection.lastIn = Date.now();
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let frames: Frame[];
    try {
      frames = connection.parser.push(bytes);
    } catch (error) {
      const message = error instanceof FrameError ? error.message : 'malformed frame';
      this.fail(connection, message, undefined, /larger than/.test(message) ? CLOSE_TOO_BIG : CLOSE_PROTOCOL);
      return;
    }
    for (const frame of frames) {
      if (connection.state === 'authenticating' || connection.checking) {
        if (connection.queued.length >= 32) {
          return this.fail(connection, connection.checking ? 'too many frames while a subscription is checked' : 'too many frames before CONNECTED', frame, CLOSE_POLICY);
        }
        connection.queued.push(frame);
      }
      else this.handle(connection, frame);
      if (connection.closed) return;
    }
  }

  private handle(connection: Connection, frame: Frame) {
    if (connection.state === 'closed') return;
    if (connection.state === 'connecting') {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
        this.fail(connection, `expected CONNECT, got ${frame.command}`, frame);
        return;
      }
      void this.connect(connection, frame);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        this.subscribe(connection, frame);
        break;
      case 'UNSUBSCRIBE':
        this.unsubscribe(connection, frame);
        break;
      case 'DISCONNECT':
        this.receipt(connection, frame);
        this.drop(connection);
        connection.socket.close(1000, 'disconnected');
        break;
      // Clients do not publish: SEND is accepted and ignored (older clients probe the link
      // with it); there are no transactions and every subscription is ack:auto.
      case 'SEND':
      case 'ACK':
      case 'NACK':
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.receipt(connection, frame);
        break;
      case 'CONNECT':
      case 'STOMP':
        this.fail(connection, 'already connected', frame);
        break;
      default:
        this.fail(connection, `unknown command ${frame.command}`, frame);
    }
  }

  private authenticate(token: string) {
    let pending = this.inFlightAuth.get(token);
    if (!pending) {
      pending = this.options.authenticate(token).finally(() => this.inFlightAuth.delete(token));
      this.inFlightAuth.set(token, pending);
    }
    return pending;
  }

  private async connect(connection: Connection, frame: Frame) {
    const accepted = (header(frame, 'accept-version') ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => accepted.includes(v));
    if (!version) {
      this.fail(connection, `supported protocol versions are ${SUPPORTED_VERSIONS.join(',')}`, frame, CLOSE_PROTOCOL, { version: '1.2,1.1,1.0' });
      return;
    }
    connection.version = version;
    let client: [number, number] = [0, 0];
    const beat = header(frame, 'heart-beat');
    if (version !== '1.0' && beat !== undefined) {
      const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(beat);
      if (!match) {
        this.fail(connection, `bad heart-beat header ${JSON.stringify(beat)}`, frame);
        return;
      }
      client = [Number(match[1]), Number(match[2])];
    }
    if (this.options.deliveryHealthy?.() === false) {
      this.fail(connection, DELIVERY_DOWN_MESSAGE, frame, CLOSE_TRY_AGAIN_LATER, { 'reconnect-after-ms': String(DELIVERY_DOWN_RECONNECT_AFTER_MS) });
      return;
    }
    const token = bearer(frame);
    if (!token) {
      this.fail(connection, 'CONNECT needs an Authorization: Bearer <access token> header', frame, CLOSE_POLICY);
      return;
    }
    connection.state = 'authenticating';
    let user: LiveUser | null | undefined;
    try {
      user = await this.authenticate(token);
    } catch (error) {
      this.options.log.error({ err: error }, 'live channel: authentication failed');
      this.fail(connection, 'authentication is unavailable, try again later', frame, 1011);
      return;
    }
    if (connection.closed) return;
    if (!user) {
      this.fail(connection, 'the access token is invalid or expired', frame, CLOSE_POLICY);
      return;
    }
    connection.user = user;
    connection.token = token;
    connection.state = 'connected';
    connection.nextAuthAt = Date.now() + this.reauthMs * (0.75 + Math.random() / 2);
    connection.parser.version = version;
    const [cx, cy] = client;
    const hb = this.heartBeatMs;
    connection.sendEvery = cy === 0 || hb === 0 ? 0 : Math.max(hb, cy);
    connection.expectEvery = cx === 0 || hb === 0 ? 0 : Math.max(hb, cx);
    connection.frame('CONNECTED', {
      version,
      'heart-beat': version === '1.0' ? undefined : `${connection.sendEvery},${connection.expectEvery}`,
      session: connection.session,
      server: 'Canteen/1.0',
      'user-name': user.username,
    });
    this.drain(connection);
  }

  /** Handles the frames queued during CONNECT or a SUBSCRIBE's check, until one makes them wait again. */
  private drain(connection: Connection) {
    while (connection.queued.length && !connection.checking && connection.state === 'connected') {
      this.handle(connection, connection.queued.shift()!);
    }
  }

  private subscribe(connection: Connection, frame: Frame) {
    const destination = header(frame, 'destination');
    const id = header(frame, 'id') ?? (connection.version === '1.0' ? destination : undefined);
    if (!destination) return this.fail(connection, 'SUBSCRIBE needs a destination header', frame);
    if (!id) return this.fail(connection, 'SUBSCRIBE needs an id header', frame);
    const resolved = this.options.destinations.resolve(destination);
    if (!resolved) return this.fail(connection, `unknown destination ${destination}`, frame);
    const { permission, allow } = resolved.declaration;
    const user = connection.user;
    if (!user || !holdsPermission(user.permissions, permission)) {
      return this.fail(connection, `no permission to subscribe to ${destination} (needs ${String(permission)})`, frame, CLOSE_POLICY);
    }
    if (connection.subscriptions.has(id)) return this.fail(connection, `subscription id ${id} is already in use`, frame);
    if (connection.subscriptions.size >= this.maxSubscriptions) {
      return this.fail(connection, `more than ${this.maxSubscriptions} subscriptions on one connection`, frame, CLOSE_POLICY);
    }
    if (!allow) return this.addSubscription(connection, frame, id, destination, resolved);
    let verdict: boolean | Promise<boolean>;
    try {
      verdict = allow(user, resolved.params);
    } catch (error) {
      verdict = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (typeof verdict === 'boolean') return this.allowed(connection, frame, id, destination, resolved, verdict);
    connection.checking = true;
    void verdict.then(
      (ok) => ok,
      (error: unknown) => {
        this.options.log.warn({ err: error, destination }, 'live channel: a destination check failed; refused');
        return false;
      },
    ).then((ok) => {
      connection.checking = false;
      if (connection.state !== 'connected') return;
      this.allowed(connection, frame, id, destination, resolved, ok);
      this.drain(connection);
    });
  }

  private allowed(connection: Connection, frame: Frame, id: string, destination: string, resolved: ResolvedDestination, ok: boolean) {
    if (!ok) return this.fail(connection, `no access to ${destination}`, frame, CLOSE_POLICY);
    this.addSubscription(connection, frame, id, destination, resolved);
  }

  private addSubscription(connection: Connection, frame: Frame, id: string, destination: string, resolved: ResolvedDestination) {
    const subscription: Subscription = { id, destination, permission: resolved.declaration.permission, connection };
    connection.subscriptions.set(id, subscription);
    let set = this.byDestination.get(destination);
    if (!set) this.byDestination.set(destination, (set = new Set()));
    set.add(subscription);
    this.receipt(connection, frame);
  }

  private unsubscribe(connection: Connection, frame: Frame) {
    const id = header(frame, 'id') ?? (connection.version === '1.0' ? header(frame, 'destination') : undefined);
    if (!id) return this.fail(connection, 'UNSUBSCRIBE needs an id header', frame);
    const subscription = connection.subscriptions.get(id);
    if (subscription) this.removeSubscription(subscription);
    this.receipt(connection, frame);
  }

  private removeSubscription(subscription: Subscription) {
    subscription.connection.subscriptions.delete(subscription.id);
    const set = this.byDestination.get(subscription.destination);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.byDestination.delete(subscription.destination);
  }

  private receipt(connection: Connection, frame: Frame) {
    const id = header(frame, 'receipt');
    if (id !== undefined) connection.frame('RECEIPT', { 'receipt-id': id });
  }

  /** ERROR, then close: STOMP says the server closes the connection after an ERROR frame. */
  private fail(connection: Connection, message: string, frame?: Frame, code = CLOSE_PROTOCOL, extra: Record<string, string> = {}) {
    if (connection.state === 'closed') return;
    const receipt = frame ? header(frame, 'receipt') : undefined;
    connection.frame('ERROR', { message, 'receipt-id': receipt, 'content-type': 'text/plain', ...extra }, message);
    this.drop(connection);
    connection.socket.close(code, message.slice(0, 100));
  }

  /** Forgets a connection and its subscriptions; the socket is closed by the caller or already. */
  private drop(connection: Connection) {
    if (!this.connections.has(connection)) return;
    connection.state = 'closed';
    this.connections.delete(connection);
    for (const subscription of connection.subscriptions.values()) this.removeSubscription(subscription);
    connection.queued = [];
  }

  private onBus(topic: string, payload: unknown) {
    if (topic === DELIVER_TOPIC) this.deliver(payload as DeliverPayload);
    else if (topic === REVOKED_TOPIC) this.revoked(payload as RevokedPayload);
  }

  private deliver({ destinations, body }: DeliverPayload) {
    if (!Array.isArray(destinations)) return;
    let bytes: Buffer | undefined;
    for (const destination of destinations) {
      const set = this.byDestination.get(destination);
      if (!set) continue;
      bytes ??= Buffer.from(JSON.stringify(body ?? null), 'utf8');
      for (const subscription of set) {
        const connection = subscription.connection;
        if (connection.socket.bufferedAmount > this.maxBufferedBytes) {
          this.options.log.warn({ session: connection.session }, 'live channel: slow consumer dropped');
          this.drop(connection);
          connection.socket.terminate();
          continue;
        }
        connection.frame('MESSAGE', {
          subscription: subscription.id,
          'message-id': `${this.id}-${++this.sequence}`,
          destination,
          'content-type': 'application/json',
        }, bytes);
      }
    }
  }

  private revoked({ tokenIds = [], userIds = [] }: RevokedPayload) {
    const tokens = new Set(tokenIds);
    const users = new Set(userIds);
    for (const connection of this.connections) {
      const user = connection.user;
      if (user && ((user.tokenId !== undefined && tokens.has(user.tokenId)) || users.has(user.id))) {
        this.fail(connection, 'the access token was revoked', undefined, CLOSE_POLICY);
      }
    }
  }

  /** Heart-beats out, silent clients and stalled handshakes dropped, tokens re-checked. */
  private sweep() {
    const now = Date.now();
    for (const connection of this.connections) {
      if (connection.state === 'connecting' || connection.state === 'authenticating') {
        if (now - connection.openedAt > this.connectTimeoutMs) this.fail(connection, 'no CONNECT frame in time', undefined, CLOSE_POLICY);
        continue;
      }
      if (connection.state !== 'connected') continue;
      if (connection.expectEvery > 0 && now - connection.lastIn > connection.expectEvery * 2) {
        this.drop(connection);
        connection.socket.terminate();
        continue;
      }
      if (connection.sendEvery > 0 && now - connection.lastOut >= connection.sendEvery) connection.send('\n');
      if (now >= connection.nextAuthAt && !connection.reauthenticating) void this.reauthenticate(connection);
    }
  }

  private async reauthenticate(connection: Connection) {
    connection.reauthenticating = true;
    try {
      const user = await this.authenticate(connection.token);
      if (connection.state !== 'connected') return;
      if (!user) {
        this.fail(connection, 'the access token expired or was revoked', undefined, CLOSE_POLICY);
        return;
      }
      const withdrawn = [...connection.subscriptions.values()].find((s) => !holdsPermission(user.permissions, s.permission));
      if (withdrawn) {
        this.fail(connection, `the permission ${String(withdrawn.permission)} was withdrawn`, undefined, CLOSE_POLICY);
        return;
      }
      connection.user = user;
    } catch (error) {
      this.options.log.warn({ err: error }, 'live channel: re-checking a token failed; kept the connection');
    } finally {
      connection.reauthenticating = false;
      connection.nextAuthAt = Date.now() + this.reauthMs * (0.75 + Math.random() / 2);
    }
  }
}
