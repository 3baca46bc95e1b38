import net from 'node:net';

/**
 * What the proxy does with connections: pass them through, reset them (the dependency is down:
 * refused or dropped), hold them without a byte (a dependency that hangs), or answer every
 * request with an HTTP error status (a platform answering 5xx).
 */
export type ProxyMode = { kind: 'pass' } | { kind: 'reset' } | { kind: 'hang' } | { kind: 'http'; status: number };

export interface TcpProxy {
  /** The port the app connects to instead of the dependency's. */
  readonly port: number;
  /** Switches the mode; any mode but `pass` also drops the connections open now. */
  set(mode: ProxyMode): void;
  /** The dependency goes away: open connections are reset and new ones too. */
  cut(): void;
  /** The dependency is back. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy between the app and one dependency (PostgreSQL, Redis, the messaging platform),
 * which a test cuts and restores: the dependency seems to go away and come back while the
 * real one keeps serving every other test on the machine.
 */
export async function startTcpProxy(target: { host: string; port: number }, listenPort = 0): Promise<TcpProxy> {
  let mode: ProxyMode = { kind: 'pass' };
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    switch (mode.kind) {
      case 'reset':
        client.resetAndDestroy();
        return;
      case 'hang':
        return; // held open, never answered, until the mode changes
      case 'http': {
        const body = `<h1>${mode.status} fault</h1>`;
        const answer = `HTTP/1.1 ${mode.status} Proxy Fault\r\ncontent-type: text/html\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
        client.once('data', () => client.end(answer));
        return;
      }
      case 'pass': {
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  const set = (next: ProxyMode) => {
    mode = next;
    if (next.kind !== 'pass') for (const socket of open) socket.resetAndDestroy();
  };
  return {
    port,
    set,
    cut: () => set({ kind: 'reset' }),
    restore: () => set({ kind: 'pass' }),
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
