import { count, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { hashPassword } from '../../auth/passwords.js';
import { uniquely } from '../db-errors.js';
import { sysOauthClient } from '../tables.js';
import { iso } from '../tree.js';

/** A client as the screens see it: never its secret. */
const toRecord = (c: typeof sysOauthClient.$inferSelect) => ({
  id: c.id,
  clientId: c.clientId,
  scope: c.scope,
  authorizedGrantTypes: c.authorizedGrantTypes,
  accessTokenValidity: c.accessTokenValidity,
  refreshTokenValidity: c.refreshTokenValidity,
  createTime: iso(c.createdAt),
});

export async function pageClients(db: Db, query: PageQuery) {
  const page = await paginate(query, { id: sysOauthClient.id, client_id: sysOauthClient.clientId, create_time: sysOauthClient.createdAt }, {
    count: async () => (await db.select({ n: count() }).from(sysOauthClient))[0]!.n,
    rows: ({ order, limit, offset }) => db.select().from(sysOauthClient).orderBy(...order).limit(limit).offset(offset),
  }, [sql`${sysOauthClient.id} asc`]);
  return { ...page, records: page.records.map(toRecord) };
}

export async function getClient(db: Db, id: string) {
  const [row] = await db.select().from(sysOauthClient).where(eq(sysOauthClient.id, id));
  if (!row) throw notFound(`终端 ${id} 不存在`);
  return toRecord(row);
}

export interface ClientInput {
  id?: string | undefined;
  clientId: string;
  clientSecret?: string | undefined;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

const grantTypes = (text: string) => [...new Set(text.split(',').map((g) => g.trim()).filter(Boolean))].join(',');

export async function createClient(db: Db, input: ClientInput): Promise<string> {
  if (!input.clientSecret) throw badRequest('clientSecret: 终端密钥不能为空');
  const secret = await hashPassword(input.clientSecret);
  const [row] = await uniquely(
    () => db.insert(sysOauthClient).values({ ...input, id: undefined, clientSecret: secret, authorizedGrantTypes: grantTypes(input.authorizedGrantTypes) }).returning({ id: sysOauthClient.id }),
    `终端ID ${input.clientId} 已存在`,
  );
  return row!.id;
}

export async function updateClient(db: Db, input: ClientInput & { id: string }): Promise<void> {
  await getClient(db, input.id);
  const change: Partial<typeof sysOauthClient.$inferInsert> = {
    clientId: input.clientId, scope: input.scope, authorizedGrantTypes: grantTypes(input.authorizedGrantTypes),
    accessTokenValidity: input.accessTokenValidity, refreshTokenValidity: input.refreshTokenValidity, updatedAt: new Date(),
  };
  if (input.clientSecret) change.clientSecret = await hashPassword(input.clientSecret);
  await uniquely(() => db.update(sysOauthClient).set(change).where(eq(sysOauthClient.id, input.id)), `终端ID ${input.clientId} 已存在`);
}

/** Deletes a client, but never the one the request itself signed in through. */
export async function deleteClient(db: Db, id: string, ownClientId: string): Promise<void> {
  const client = await getClient(db, id);
  if (client.clientId === ownClientId) throw conflict('不能删除当前登录所用的终端');
  await db.delete(sysOauthClient).where(eq(sysOauthClient.id, id));
}
