import autocannon from 'autocannon';

export interface Load {
  rps: number;
  p99: number;
  errors: number;
}

/** A fixed, bounded load against one URL on this machine (loopback only). */
export async function load(url: string, options: { headers?: Record<string, string>; seconds?: number; connections?: number } = {}): Promise<Load> {
  const result = await autocannon({
    url,
    headers: options.headers ?? {},
    duration: options.seconds ?? 5,
    connections: options.connections ?? 20,
    pipelining: 1,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}
