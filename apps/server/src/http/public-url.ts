import type { FastifyRequest } from 'fastify';

/**
 * Where the outside world reaches the product: PUBLIC_BASE_URL when set (QR stickers and the
 * platform's picture links outlive the address someone happened to use), else as this request
 * reached us (X-Forwarded-Proto/Host honoured from trusted proxies).
 */
export const publicBase = (request: FastifyRequest): string =>
  request.server.config.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`; // the setting comes without a trailing slash (config.ts)

/** The absolute address of one of our paths. */
export const absoluteUrl = (request: FastifyRequest, path: string): string => `${publicBase(request)}${path}`;
