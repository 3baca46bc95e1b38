import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { vi } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { FrameParser, type Frame } from '../src/live/frames.js';

/** The ws:// URL of the live channel of a listening app. */
export function liveUrl(app: App): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on TCP');
  return `ws://127.0.0.1:${address.port}/weixin/ws`;
}

/** A plain WebSocket speaking hand-written frames: for protocol edge cases. */
export class RawStomp {
  readonly frames: Frame[] = [];
  readonly parser = new FrameParser();
  /** Every byte received, as text. */
  received = '';
  /** WebSocket messages that arrived as binary (the server sends text). */
  binaryFrames = 0;
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.binaryFrames += 1;
      this.received += data.toString('utf8');
      this.frames.push(...this.parser.push(data));
    });
  }

  static open(url: string, protocols: string[] = ['v12.stomp']): Promise<RawStomp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocols);
      socket.once('open', () => resolve(new RawStomp(socket)));
      socket.once('error', reject);
    });
  }

  send(data: string | Buffer) {
    this.socket.send(data);
  }

  /** Waits for the n-th frame (0-based) of the connection; fails as soon as the socket closed without it. */
  async frame(index: number, timeoutMs = 5000): Promise<Frame> {
    const got = () => this.frames.map((f) => f.command).join(', ') || 'nothing';
    await vi.waitFor(() => {
      if (this.frames.length <= index && this.socket.readyState !== WebSocket.CLOSED) throw new Error(`frame ${index} has not come yet; got ${got()}`);
    }, { timeout: timeoutMs, interval: 10 });
    const frame = this.frames[index];
    if (!frame) throw new Error(`frame ${index} never came; got ${got()}`);
    return frame;
  }

  close() {
    this.socket.close();
  }
}

/** A CONNECT frame with a bearer token, as the web client sends it. */
export const connectFrame = (token: string, extra = '') =>
  `CONNECT\naccept-version:1.2,1.1\nhost:canteen\nheart-beat:0,0\nAuthorization:Bearer ${token}\n${extra}\n\0`;

export interface StompSession {
  client: Client;
  connected: IFrame;
  /** Subscribes and resolves once the server confirmed it with a RECEIPT. */
  subscribe(destination: string): Promise<IMessage[]>;
  /** The next message that arrives on any subscription. */
  nextMessage(timeoutMs?: number): Promise<IMessage>;
  close(): Promise<void>;
}

/** A real @stomp/stompjs client in Node, connected (or rejected with the ERROR frame's message). */
export function stompConnect(url: string, token: string | undefined, options: { heartbeatIncoming?: number; heartbeatOutgoing?: number } = {}): Promise<StompSession> {
  return new Promise((resolve, reject) => {
    const inbox: IMessage[] = [];
    let receipts = 0;
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
      connectHeaders: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      reconnectDelay: 0,
      heartbeatIncoming: options.heartbeatIncoming ?? 0,
      heartbeatOutgoing: options.heartbeatOutgoing ?? 0,
      debug: () => undefined,
    });
    client.onStompError = (frame) => {
      reject(new Error(frame.headers.message ?? 'ERROR'));
      void client.deactivate();
    };
    client.onWebSocketClose = () => reject(new Error('socket closed before CONNECTED'));
    client.onConnect = (connected) => {
      resolve({
        client,
        connected,
        subscribe: (destination) =>
          new Promise((done, fail) => {
            const receipt = `r-${++receipts}`;
            client.watchForReceipt(receipt, () => done(inbox));
            client.onStompError = (frame) => fail(new Error(frame.headers.message ?? 'ERROR'));
            client.subscribe(destination, (message) => inbox.push(message), { receipt });
          }),
        nextMessage: (timeoutMs = 5000) =>
          vi.waitFor(() => {
            const message = inbox.shift();
            if (!message) throw new Error('no MESSAGE arrived');
            return message;
          }, { timeout: timeoutMs, interval: 10 }),
        close: () => client.deactivate(),
      });
    };
    client.activate();
  });
}
