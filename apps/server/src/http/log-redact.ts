import { maskSecretParams } from '@canteen/contract';
import type { FastifyRequest } from 'fastify';

/** The URL with the value of every secret query parameter (password, codes, tokens) replaced by `***`: the contract's one rule. */
export const redactUrl = (url: string): string => maskSecretParams(url);

/** The request log's `req`: Fastify's usual fields, the URL without secrets. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
