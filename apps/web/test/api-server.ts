import http from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { http as client } from '../src/shared/http/client';

/** A request the test server received. */
export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface Reply {
  status?: number;
  body: unknown;
}

/** Answers one request: an envelope (`ok(data)`), a status with a body, or undefined for 404. */
export type Handler = (req: Received) => Reply | undefined | Promise<Reply | undefined>;

export interface TestApiServer {
  url: string;
  received: Received[];
  /** The requests of one method and path. */
  calls: (method: string, path: string) => Received[];
  close: () => Promise<void>;
}

/**
 * A real local HTTP server for component tests, with the web app's `http` client pointed at it
 * through axios's fetch adapter (jsdom's XHR would apply browser CORS rules).
 */
export async function startApiServer(handler: Handler): Promise<TestApiServer> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      if ((req.headers['content-type'] ?? '').includes('json') && raw) body = JSON.parse(raw) as unknown;
      const entry: Received = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers };
      received.push(entry);
      void Promise.resolve(handler(entry)).then((reply) => {
        const out = reply ?? { status: 404, body: { code: 1, msg: '资源不存在', data: null } };
        res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out.body));
      });
    });
  });
  // A page's first render (its chunk loaded cold) can keep the event loop busy past Node's 5 s
  // keep-alive timeout: the server would close the idle socket as the client reuses it (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client.defaults.baseURL = url;
  client.defaults.adapter = 'fetch';
  return {
    url,
    received,
    calls: (method, path) => received.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One test server for a test file: started before its tests, its request log emptied before each
 * test, closed after them all.
 */
export function apiServerForFile(handler: Handler): TestApiServer {
  let server: TestApiServer | undefined;
  const started = () => {
    if (!server) throw new Error('the test API server starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startApiServer(handler);
  });
  beforeEach(() => {
    started().received.length = 0;
  });
  afterAll(() => server?.close());
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    calls: (method, path) => started().calls(method, path),
    close: () => started().close(),
  };
}

export const okReply = (data: unknown): Reply => ({ body: { code: 0, msg: null, data } });
export const failReply = (status: number, msg: string): Reply => ({ status, body: { code: 1, msg, data: null } });
export const pageOf = <T>(records: T[], current = 1, size = 10) => ({
  records: records.slice((current - 1) * size, current * size),
  total: records.length,
  size,
  current,
  pages: Math.ceil(records.length / size),
});
