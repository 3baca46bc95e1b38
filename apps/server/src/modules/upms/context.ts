import type { FastifyInstance, FastifyReply } from 'fastify';
import { TtlCache } from '../../util/ttl-cache.js';

/**
 * Per-instance caches of the upms routes, cleared together whenever identity data changes on
 * this instance (other instances see changes within the same few seconds as the principals).
 * The hottest answers (user info, the user's menu) are kept serialized: a cache hit costs no
 * query, no validation and no JSON encoding.
 */
export interface UpmsContext {
  /** Serialized `GET /upms/menu` answers by the user's role ids. */
  menuJson: TtlCache<string, Buffer>;
  /** Serialized `GET /upms/user/info` answers by user id. */
  infoJson: TtlCache<string, Buffer>;
  /** Roles, grants, menus, departments or users changed: forget every cached answer and principal. */
  changed(): void;
}

export const CACHE_TTL_MS = 5000;

export function createUpmsContext(app: FastifyInstance): UpmsContext {
  const menuJson = new TtlCache<string, Buffer>(CACHE_TTL_MS, 1000);
  const infoJson = new TtlCache<string, Buffer>(CACHE_TTL_MS);
  return {
    menuJson,
    infoJson,
    changed() {
      menuJson.clear();
      infoJson.clear();
      app.identity.principals.invalidate();
    },
  };
}

/** Validates an answer against its schema once and keeps it as encoded JSON. */
export const encodeJson = (schema: { parse: (value: unknown) => unknown }, value: unknown): Buffer => Buffer.from(JSON.stringify(schema.parse(value)));

/** Sends an answer encoded by `encodeJson`. */
export const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json);
