import { pathOf, TAB_SECRET_HEADER, type dinerEndpoints, type EndpointData, type EndpointInput, type HttpMethod } from '@canteen/contract';
import { randomId } from '../shared/random/random-id';

/** The diners' endpoints by name (the contract's dinerEndpoints). */
export type DinerEndpoints = typeof dinerEndpoints;
export type DinerEndpointName = keyof DinerEndpoints;
export type DinerData<K extends DinerEndpointName> = EndpointData<DinerEndpoints[K]>;

/**
 * The method and path of each diners' endpoint, as the contract declares them. Written here, not
 * imported: the contract's endpoint objects carry their zod schemas, which would double this
 * page's bundle (zod and the order and store schemas); api.test.ts checks that both agree.
 */
export const DINER_ROUTES: { [K in DinerEndpointName]: { method: HttpMethod; path: string } } = {
  menu: { method: 'GET', path: '/order/diner/:token' },
  quote: { method: 'POST', path: '/order/diner/:token/quote' },
  create: { method: 'POST', path: '/order/diner/:token/order' },
  order: { method: 'GET', path: '/order/diner/order/:viewToken' },
  open: { method: 'GET', path: '/order/diner/:token/open' },
  bill: { method: 'POST', path: '/order/diner/order/:viewToken/bill' },
  pay: { method: 'POST', path: '/order/diner/order/:viewToken/pay' },
};

/** A refusal the server named (its Chinese message), or the network's failure. */
export class DinerApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * Calls a diners' endpoint with fetch (no axios on this page): the envelope's `data` answered
 * (typed by the contract), its `msg` thrown on a refusal.
 */
export async function dinerCall<K extends DinerEndpointName>(name: K, input: EndpointInput<DinerEndpoints[K]>, init: { signal?: AbortSignal; idempotencyKey?: string; tabSecret?: string | undefined } = {}): Promise<DinerData<K>> {
  const endpoint = DINER_ROUTES[name];
  const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  if (init.tabSecret) headers[TAB_SECRET_HEADER] = init.tabSecret;
  let response: Response;
  try {
    response = await fetch(pathOf(endpoint.path, params), { method: endpoint.method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: init.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new DinerApiError(0, '网络连接失败，请稍后重试');
  }
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string | null; data?: unknown } | null;
  if (!response.ok || !envelope || envelope.code !== 0) throw new DinerApiError(response.status, envelope?.msg || `请求失败（${response.status}）`);
  return envelope.data as DinerData<K>;
}

/** A fresh key per submitted cart: a retried request answers the first order. */
export const newIdempotencyKey = (): string => randomId();

const tabSecretKey = (tableToken: string) => `canteen-diner-tab-${tableToken}`;

/**
 * The secret of the pay-later tab this device opened at the table (the creation's `tabSecret`),
 * kept per table in localStorage: reading the tab, adding to it and asking for its bill send it.
 */
export function tabSecretOf(tableToken: string): string | undefined {
  try {
    return localStorage.getItem(tabSecretKey(tableToken)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepTabSecret(tableToken: string, secret: string): void {
  try {
    localStorage.setItem(tabSecretKey(tableToken), secret);
  } catch {
    // not kept: this page still holds the tab until it is left
  }
}
