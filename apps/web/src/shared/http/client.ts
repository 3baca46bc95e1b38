import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { IDEMPOTENCY_HEADER, REQUEST_TIMEOUT_MS, TOKENLESS_HEADER, type Envelope } from '@canteen/contract';
import { i18n } from '../i18n';
import { randomId } from '../random/random-id';

/** A failed call: the HTTP status (0 for a network failure) and the message that was shown. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface HttpHooks {
  /** The current access token, or nothing when signed out. */
  getAccessToken: () => string | undefined;
  /** Called once on a 401, after the message: sign out and go to the login page. */
  onUnauthorized: () => void;
  /** Shows a red message. */
  notify: (message: string) => void;
}

/**
 * Messages of calls that failed before the app wired its message display in (the first calls
 * of a page load answer before React has mounted it): shown as soon as it is. A 401 at boot
 * used to lose its 登录过期 message this way, on a slow machine.
 */
const MAX_WAITING = 20;
let waiting: string[] = [];

const hooks: HttpHooks = {
  getAccessToken: () => undefined,
  onUnauthorized: () => undefined,
  notify: (message) => {
    if (!waiting.includes(message)) waiting = [...waiting, message].slice(-MAX_WAITING);
  },
};

/** The app wires sign-in state and the message display in once, at start; messages waiting for the display are shown then. */
export const configureHttp = (next: Partial<HttpHooks>) => {
  Object.assign(hooks, next);
  if (next.notify && waiting.length) {
    const shown = waiting;
    waiting = [];
    shown.forEach((message) => next.notify!(message));
  }
};

/** Extra request options: `silent` suppresses the red message for calls that handle failure themselves. */
export interface CallOptions extends AxiosRequestConfig {
  silent?: boolean;
}

export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS, withCredentials: true, validateStatus: () => true });

http.interceptors.request.use((config) => {
  const headers = AxiosHeaders.from(config.headers);
  const tokenless = String(headers.get(TOKENLESS_HEADER)) === 'false';
  headers.delete(TOKENLESS_HEADER);
  const token = hooks.getAccessToken();
  if (token && !tokenless && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  config.headers = headers;
  return config;
});

const statusText = (status: number | string) =>
  i18n.exists(`status.${status}`) ? i18n.t(`status.${status}`) : i18n.t('status.default');

/** Duck-typed: a Blob may come from another realm (an iframe, or a test's fetch). */
const isBlob = (value: unknown): value is Blob =>
  typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function' && typeof (value as Blob).size === 'number';

async function bodyMessage(body: unknown): Promise<string | undefined> {
  // A failed download still answers with a JSON envelope inside the blob.
  if (isBlob(body)) {
    try {
      return bodyMessage(JSON.parse(await body.text()));
    } catch {
      return undefined;
    }
  }
  if (body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' && body.msg) return body.msg;
  return undefined;
}

/**
 * The specification's rule: a call fails when the status is not 200 or the body's `code` is 1.
 * The failure shows `msg`, or the status table's text, and rejects; a 401 signs out.
 */
async function settle(response: AxiosResponse, silent: boolean): Promise<AxiosResponse> {
  const body = response.data as Partial<Envelope<unknown>> | Blob | undefined;
  const failed = response.status !== 200 || (body && !isBlob(body) && typeof body === 'object' && 'code' in body && body.code === 1);
  if (!failed) return response;
  if (response.status === 401) {
    const message = i18n.t('http.loginExpired');
    hooks.notify(message);
    hooks.onUnauthorized();
    throw new HttpError(401, message, body);
  }
  const message = (await bodyMessage(body)) ?? statusText(response.status);
  if (!silent) hooks.notify(message);
  throw new HttpError(response.status, message, body);
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The mutating calls on their way, by what they send: the same one again is refused until it answers. */
const inFlight = new Set<string>();

/** What identifies a mutating call; none for a body that cannot be compared (a file upload). */
function sameCallKey(config: AxiosRequestConfig): string | undefined {
  const method = (config.method ?? 'GET').toUpperCase();
  if (!MUTATING.has(method)) return undefined;
  const body: unknown = config.data;
  if (body instanceof FormData || isBlob(body)) return undefined;
  return JSON.stringify([method, config.url, config.params ?? null, body ?? null]);
}

async function send(config: CallOptions): Promise<AxiosResponse> {
  const { silent = false, ...rest } = config;
  const key = sameCallKey(rest);
  // The specification's status 000: an identical change while the first is in flight (a double click) is refused here.
  if (key !== undefined && inFlight.has(key)) {
    const message = statusText('000');
    if (!silent) hooks.notify(message);
    throw new HttpError(0, message);
  }
  if (MUTATING.has((rest.method ?? 'GET').toUpperCase())) {
    // A fresh key per call: the server refuses the same request replayed (a proxy's retry).
    const headers = AxiosHeaders.from(rest.headers as AxiosHeaders);
    if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, randomId());
    rest.headers = headers;
  }
  if (key !== undefined) inFlight.add(key);
  let response: AxiosResponse;
  try {
    response = await http.request(rest);
  } catch (error) {
    const timeout = error instanceof AxiosError && error.code === 'ECONNABORTED';
    const message = i18n.t(timeout ? 'http.timeout' : 'http.network');
    if (!silent) hooks.notify(message);
    throw new HttpError(0, message);
  } finally {
    if (key !== undefined) inFlight.delete(key);
  }
  return settle(response, silent);
}

const dataOf = async <T>(config: CallOptions) => ((await send(config)).data as Envelope<T>).data;

/** The one HTTP client: each call resolves with the envelope's `data`. */
export const api = {
  get: <T>(url: string, options: CallOptions = {}) => dataOf<T>({ ...options, method: 'GET', url }),
  delete: <T>(url: string, options: CallOptions = {}) => dataOf<T>({ ...options, method: 'DELETE', url }),
  post: <T>(url: string, body?: unknown, options: CallOptions = {}) => dataOf<T>({ ...options, method: 'POST', url, data: body }),
  put: <T>(url: string, body?: unknown, options: CallOptions = {}) => dataOf<T>({ ...options, method: 'PUT', url, data: body }),
  /** The whole envelope, for answers whose shape the specification fixes (e.g. `data.data`). */
  envelope: async <T>(config: CallOptions) => (await send(config)).data as Envelope<T>,
  /** A binary answer (media download). */
  blob: async (url: string, options: CallOptions = {}) => (await send({ ...options, method: 'GET', url, responseType: 'blob' })).data as Blob,
};
