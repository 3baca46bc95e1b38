import { maskSecretParams } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { sysLog } from '../tables.js';

export interface ClientLogEntry {
  type: string;
  message: string;
  stack?: string | null | undefined;
  info?: string | null | undefined;
  url?: string | null | undefined;
  time?: string | null | undefined;
}

/**
 * Stores the web app's local error log as failure rows (source 'web'). Page URLs are masked
 * again (password, code, token parameters): an older client's entries were not (issue 22 #7).
 */
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
    requestUri: e.url ? maskSecretParams(e.url).slice(0, 500) : null,
    remoteAddr,
    userAgent: userAgent?.slice(0, 300) ?? null,
    username,
    exception: [e.message, e.info, e.stack].filter(Boolean).join('\n').slice(0, 10_000),
    createdAt: when(e.time),
  })));
  return entries.length;
}
