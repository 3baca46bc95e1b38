import { afterAll } from 'vitest';
import { buildSimulator } from '@canteen/wechat-sim';

/** The simulator on a free loopback port for one test file. */
export async function startSimulator() {
  const sim = await buildSimulator({ quiet: true, seed: true });
  const url = await sim.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => sim.close());
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sim ${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  return { sim, url, call };
}

/** A multipart body for `app.inject`. */
export function multipart(fields: Record<string, string>, files: Array<{ field?: string; name: string; type: string; bytes: Buffer }>) {
  const boundary = `----canteen${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
