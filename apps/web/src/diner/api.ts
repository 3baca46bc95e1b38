import { dinerEndpoints, pathOf, type Endpoint, type EndpointData, type EndpointInput } from '@canteen/contract';

/** A refusal the server named (its Chinese message), or the network's failure. */
export class DinerApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * Calls a diners' endpoint with fetch (no axios on this page): path and method from the
 * contract, the envelope's `data` answered, its `msg` thrown on a refusal.
 */
export async function dinerCall<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, init: { signal?: AbortSignal; idempotencyKey?: string } = {}): Promise<EndpointData<E>> {
  const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(pathOf(endpoint.path, params), { method: endpoint.method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: init.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new DinerApiError(0, '网络连接失败，请稍后重试');
  }
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string | null; data?: unknown } | null;
  if (!response.ok || !envelope || envelope.code !== 0) throw new DinerApiError(response.status, envelope?.msg || `请求失败（${response.status}）`);
  return envelope.data as EndpointData<E>;
}

export const dinerApi = dinerEndpoints;

/** A fresh key per submitted cart: a retried request answers the first order. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
