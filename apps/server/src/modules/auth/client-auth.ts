import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../http/errors.js';
import { sha256 } from '../../util/hash.js';
import { TtlCache } from '../../util/ttl-cache.js';
import { findClient, type ClientRow } from '../upms/service.js';
import { verifyPassword } from '../../util/passwords.js';

/** Parses `Authorization: Basic base64(client:secret)`; undefined when absent or malformed. */
export function basicCredentials(request: FastifyRequest): { clientId: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (!header || header.length > 512) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Checks the registered client of a token request (401 when missing or wrong). A verified
 * secret is remembered a few seconds so sign-ins do not pay for a second Argon2 check.
 */
export function createClientAuth(db: Db) {
  const verified = new TtlCache<string, ClientRow>(10_000, 1000);
  return {
    async authenticate(request: FastifyRequest): Promise<ClientRow> {
      const credentials = basicCredentials(request);
      if (!credentials) throw unauthorized('缺少终端认证信息（Authorization: Basic）');
      const key = `${credentials.clientId}:${sha256(credentials.secret)}`;
      const cached = verified.get(key);
      if (cached) return cached;
      const client = await findClient(db, credentials.clientId);
      if (!client || !(await verifyPassword(client.clientSecret, credentials.secret))) throw unauthorized('终端认证失败');
      verified.set(key, client);
      return client;
    },
    forget: () => verified.clear(),
  };
}

export type ClientAuth = ReturnType<typeof createClientAuth>;
