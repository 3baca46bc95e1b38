import { and, count, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import { paginate } from '../../../http/paging.js';
import { sysLog } from '../tables.js';
import { iso } from '../tree.js';

const toRecord = (l: typeof sysLog.$inferSelect) => ({
  id: l.id,
  type: l.type,
  source: l.source,
  title: l.title,
  method: l.method,
  requestUri: l.requestUri,
  remoteAddr: l.remoteAddr,
  createBy: l.username,
  time: l.durationMs,
  status: l.status,
  exception: l.exception,
  createTime: iso(l.createdAt),
});

export interface LogFilter {
  type?: string | undefined;
  username?: string | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
}

export async function pageLogs(db: Db, query: PageQuery & LogFilter) {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(sysLog.type, query.type));
  if (query.username) filters.push(ilike(sysLog.username, `%${query.username.replace(/[\\%_]/g, '\\$&')}%`));
  if (query.startTime) filters.push(gte(sysLog.createdAt, query.startTime));
  if (query.endTime) filters.push(lte(sysLog.createdAt, query.endTime));
  const where = filters.length ? and(...filters) : undefined;
  const page = await paginate(query, { id: sysLog.id, create_time: sysLog.createdAt, time: sysLog.durationMs, type: sysLog.type }, {
    count: async () => (await db.select({ n: count() }).from(sysLog).where(where))[0]!.n,
    rows: ({ order, limit, offset }) => db.select().from(sysLog).where(where).orderBy(...order).limit(limit).offset(offset),
  }, [sql`${sysLog.id} desc`]);
  return { ...page, records: page.records.map(toRecord) };
}

export async function deleteLog(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(sysLog).where(eq(sysLog.id, id)).returning({ id: sysLog.id });
  if (!deleted.length) throw notFound(`日志 ${id} 不存在`);
}

export interface ClientLogEntry {
  type: string;
  message: string;
  stack?: string | null | undefined;
  info?: string | null | undefined;
  url?: string | null | undefined;
  time?: string | null | undefined;
}

/** Stores the web app's local error log as failure rows (source 'web'). */
export async function saveClientLogs(db: Db, entries: ClientLogEntry[], username: string, remoteAddr: string, userAgent: string | undefined): Promise<number> {
  if (!entries.length) return 0;
  const when = (time: string | null | undefined) => {
    const date = time ? new Date(time) : undefined;
    return date && !Number.isNaN(date.getTime()) && date.getTime() <= Date.now() + 60_000 ? date : new Date();
  };
  await db.insert(sysLog).values(entries.map((e) => ({
    type: '9',
    source: 'web',
    title: `前端${e.type === 'error' ? '错误' : e.type}: ${e.message}`.slice(0, 200),
    method: null,
    requestUri: e.url?.slice(0, 500) ?? null,
    remoteAddr,
    userAgent: userAgent?.slice(0, 300) ?? null,
    username,
    exception: [e.message, e.info, e.stack].filter(Boolean).join('\n').slice(0, 10_000),
    createdAt: when(e.time),
  })));
  return entries.length;
}
