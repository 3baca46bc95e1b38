import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log: passwords, codes (captcha, SMS, third party) and tokens. */
const SECRET_PARAMS = /^(password|code|refresh_token|access_token|token|newpassword1|secret)$/i;

/** The URL with the value of every secret query parameter replaced by `***`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** The request log's `req`: Fastify's usual fields, the URL without secrets. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
