import { Client, type IFrame, type IMessage, type IStompSocket, type StompSubscription } from '@stomp/stompjs';

/** What a subscriber is handed: the MESSAGE body, parsed when it is JSON. */
export type LiveHandler = (body: unknown) => void;

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'waiting';

/** What a connect listener is told. */
export interface LiveConnect {
  /**
   * False on the first CONNECTED since `start`; true on each later one: the channel came back
   * after it was lost (a network blip, a reconnect with a refreshed token, a broker restart),
   * so messages may have been missed meanwhile.
   */
  reconnect: boolean;
}

export interface TokenRequest {
  /**
   * The token the broker refused last time (expired or revoked), if it did: when the session
   * still holds that one, refresh before answering.
   */
  rejected?: string;
}

export interface LiveClientOptions {
  /** The socket address, read at each attempt (default: `/weixin/ws` on this page's host). */
  url?: () => string;
  /**
   * A fresh access token for each connection attempt (refreshed when expired or rejected).
   * Undefined, or a rejection, means "not now": the client waits its backoff and asks again.
   */
  getToken: (request: TokenRequest) => Promise<string | undefined>;
  /** STOMP heart-beat asked for and offered, ms (0: none). */
  heartbeatMs?: number;
  /** First reconnect wait, ms; it doubles after each failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A socket that has not reached CONNECTED by then is dropped, ms. */
  connectTimeoutMs?: number;
  /** With no subscriptions left the socket is closed after this long, ms (a remount keeps it). */
  idleCloseMs?: number;
  /** 0..1, for the backoff jitter (tests pass a fixed one). */
  random?: () => number;
  webSocketFactory?: (url: string) => IStompSocket;
  onStatus?: (status: LiveStatus) => void;
  /** Problems worth a console line (refused subscriptions, broker errors). */
  warn?: (message: string) => void;
}

export const LIVE_PATH = '/weixin/ws';

export const defaultLiveUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${LIVE_PATH}`;
};

const parseBody = (message: IMessage): unknown => {
  const type = message.headers['content-type'] ?? '';
  if (!/json/i.test(type) && !/^\s*[[{"]/.test(message.body)) return message.body;
  try {
    return JSON.parse(message.body) as unknown;
  } catch {
    return message.body;
  }
};

/** A broker ERROR that refuses one destination, not the session. */
const refusedDestination = (message: string) => /(?:no permission to subscribe to|unknown destination) (\S+)/.exec(message)?.[1];
const tokenRefused = (message: string) => /access token/i.test(message);

/** The backoff before attempt `attempt` (0 for the first retry): doubling, capped, with jitter in [½, 1]. */
export const backoffDelay = (attempt: number, base: number, max: number, random: () => number) =>
  Math.round(Math.min(max, base * 2 ** Math.min(attempt, 20)) * (0.5 + random() / 2));

/**
 * The wait the server asked for (`reconnect-after-ms`), capped, stretched by up to half so that
 * every client told at once does not come back in the same instant.
 */
export const hintedDelay = (hint: number, max: number, random: () => number) => Math.round(Math.min(hint, max) * (1 + random() / 2));

/**
 * One STOMP connection for the whole app. Subscriptions are kept by destination (one STOMP
 * SUBSCRIBE per destination, handed to every local handler) and made again after each
 * reconnect. Each attempt asks `getToken` for a fresh token; failures back off exponentially.
 * The socket is open only while the client is started and something is subscribed.
 */
export class LiveClient {
  private readonly options: Required<Omit<LiveClientOptions, 'webSocketFactory' | 'onStatus' | 'warn'>> & LiveClientOptions;
  private readonly routes = new Map<string, Set<LiveHandler>>();
  private readonly stompSubscriptions = new Map<string, StompSubscription>();
  /** Destinations the broker refused during this session: not asked for again until `start`. */
  private readonly refused = new Set<string>();
  private readonly connectListeners = new Set<(connect: LiveConnect) => void>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private started = false;
  /** CONNECTED frames since `start`. */
  private connections = 0;
  /** Whether a run loop should be going; `generation` tells an old loop (still closing) from the current one. */
  private running = false;
  private generation = 0;
  private stomp?: Client;
  private wake?: () => void;
  private idleTimer?: ReturnType<typeof setTimeout>;
  private statusValue: LiveStatus = 'idle';
  /** Completes when the current run loop has ended. */
  private loopDone: Promise<void> = Promise.resolve();

  constructor(options: LiveClientOptions) {
    this.options = {
      url: defaultLiveUrl,
      heartbeatMs: 10_000,
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      connectTimeoutMs: 15_000,
      idleCloseMs: 1_000,
      random: Math.random,
      ...options,
    };
  }

  get status(): LiveStatus {
    return this.statusValue;
  }

  get connected(): boolean {
    return this.stomp?.connected === true;
  }

  /** Allows the connection (signed in, unlocked); it opens as soon as something is subscribed. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.refused.clear();
    this.connections = 0;
    this.update();
  }

  /** Closes the socket and stays closed until `start`; subscriptions are kept for next time. */
  async stop(): Promise<void> {
    this.started = false;
    this.halt();
    await this.loopDone;
  }

  /** Subscribes a handler; answers the unsubscribe. Survives reconnects and stop/start. */
  subscribe(destination: string, handler: LiveHandler): () => void {
    let handlers = this.routes.get(destination);
    if (!handlers) {
      handlers = new Set();
      this.routes.set(destination, handlers);
      this.stompSubscribe(destination);
    }
    // A wrapper per call: the same function subscribed twice is two subscriptions.
    const entry: LiveHandler = (body) => handler(body);
    handlers.add(entry);
    this.update();
    return () => {
      const current = this.routes.get(destination);
      if (!current?.delete(entry) || current.size > 0) return;
      this.routes.delete(destination);
      const subscription = this.stompSubscriptions.get(destination);
      this.stompSubscriptions.delete(destination);
      if (subscription && this.connected) subscription.unsubscribe();
      this.update();
    };
  }

  /**
   * Called after every successful CONNECTED (first connect and each reconnect), once the
   * subscriptions are made again: catch up on what was missed.
   */
  onConnect(listener: (connect: LiveConnect) => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /** Cuts a backoff wait short (the browser came back online). */
  retryNow(): void {
    this.wake?.();
  }

  /**
   * Whether the channel was connected in this session and is now lost (reconnecting or waiting,
   * e.g. the server restarting or its delivery between instances down): what a screen shows so
   * that live updates are not silently missing. Not while closed for having nothing subscribed.
   */
  get interrupted(): boolean {
    return this.running && this.connections > 0 && this.statusValue !== 'connected';
  }

  /** Calls `listener` on every status change; answers its removal. */
  onStatusChange(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus) {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status);
    for (const listener of [...this.statusListeners]) listener(status);
  }

  /** Opens or closes according to `started` and whether anything is subscribed. */
  private update() {
    const wanted = this.started && this.routes.size > 0;
    if (wanted) {
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      if (!this.running) {
        this.running = true;
        const generation = ++this.generation;
        // A new loop starts once the previous one has closed its socket.
        this.loopDone = this.loopDone.then(() => this.loop(generation));
      }
    } else if (this.running && !this.started) {
      this.halt();
    } else if (this.running && this.idleTimer === undefined) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = undefined;
        if (this.routes.size === 0) this.halt();
      }, this.options.idleCloseMs);
    }
  }

  private halt() {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    void this.stomp?.deactivate();
  }

  private async loop(generation: number): Promise<void> {
    const live = () => this.running && this.generation === generation;
    let attempt = 0;
    let rejected: string | undefined;
    /** The server's `reconnect-after-ms` hint from the last socket's ERROR frame (restarting, live delivery down). */
    let reconnectAfterMs: number | undefined;
    while (live()) {
      this.setStatus('connecting');
      let token: string | undefined;
      try {
        token = await this.options.getToken({ rejected });
      } catch {
        token = undefined;
      }
      if (!live()) break;
      if (token) {
        const outcome = await this.connectOnce(token);
        rejected = outcome.tokenRefused ? token : undefined;
        if (outcome.connected) attempt = 0;
        reconnectAfterMs = outcome.reconnectAfterMs;
      }
      if (!live()) break;
      this.setStatus('waiting');
      const backoff = backoffDelay(attempt++, this.options.baseDelayMs, this.options.maxDelayMs, this.options.random);
      await this.sleep(reconnectAfterMs === undefined ? backoff : Math.max(backoff, hintedDelay(reconnectAfterMs, this.options.maxDelayMs, this.options.random)));
      reconnectAfterMs = undefined;
    }
    if (!this.running) this.setStatus('idle');
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  /**
   * One socket's life: resolves when it closes, saying whether it got CONNECTED, whether the token
   * was refused and how long the server asked to wait before reconnecting.
   */
  private connectOnce(token: string): Promise<{ connected: boolean; tokenRefused: boolean; reconnectAfterMs?: number }> {
    return new Promise((resolve) => {
      let connected = false;
      let refusedToken = false;
      let reconnectAfterMs: number | undefined;
      const { heartbeatMs, webSocketFactory } = this.options;
      const url = this.options.url();
      const stomp = new Client({
        ...(webSocketFactory ? { webSocketFactory: () => webSocketFactory(url) } : { brokerURL: url }),
        connectHeaders: { Authorization: `Bearer ${token}` },
        heartbeatIncoming: heartbeatMs,
        heartbeatOutgoing: heartbeatMs,
        connectionTimeout: this.options.connectTimeoutMs,
        // Reconnecting (with a fresh token) is this class's loop, not the library's.
        reconnectDelay: 0,
        discardWebsocketOnCommFailure: true,
        onConnect: () => {
          connected = true;
          this.stompSubscriptions.clear();
          for (const destination of this.routes.keys()) this.stompSubscribe(destination);
          this.setStatus('connected');
          const connect: LiveConnect = { reconnect: this.connections > 0 };
          this.connections += 1;
          for (const listener of [...this.connectListeners]) {
            try {
              listener(connect);
            } catch (error) {
              this.options.warn?.(`live channel: connect listener failed: ${String(error)}`);
            }
          }
        },
        onStompError: (frame: IFrame) => {
          const message = frame.headers.message ?? frame.body;
          const destination = refusedDestination(message);
          if (destination) this.refused.add(destination);
          if (tokenRefused(message)) refusedToken = true;
          const hint = Number(frame.headers['reconnect-after-ms']);
          if (Number.isFinite(hint) && hint >= 0) reconnectAfterMs = hint;
          this.options.warn?.(`live channel: ${message}`);
        },
        onWebSocketClose: () => {
          if (this.stomp === stomp) this.stomp = undefined;
          this.stompSubscriptions.clear();
          void stomp.deactivate();
          resolve({ connected, tokenRefused: refusedToken, reconnectAfterMs });
        },
      });
      this.stomp = stomp;
      stomp.activate();
    });
  }

  private stompSubscribe(destination: string) {
    const stomp = this.stomp;
    if (!stomp?.connected || this.refused.has(destination) || this.stompSubscriptions.has(destination)) return;
    const subscription = stomp.subscribe(destination, (message) => {
      const body = parseBody(message);
      for (const handler of [...(this.routes.get(destination) ?? [])]) {
        try {
          handler(body);
        } catch (error) {
          this.options.warn?.(`live channel: a handler of ${destination} failed: ${String(error)}`);
        }
      }
    });
    this.stompSubscriptions.set(destination, subscription);
  }
}
