import { asc, desc, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Page, PageQuery } from '@canteen/contract';
import { badRequest } from './errors.js';

/** The columns a resource allows sorting by: snake_case name → column. Anything else is a 400. */
export type SortWhitelist = Record<string, AnyColumn | SQL>;

export function orderBy(query: Pick<PageQuery, 'ascs' | 'descs'>, sortable: SortWhitelist, fallback: SQL[] = []): SQL[] {
  const order: SQL[] = [];
  const add = (list: string | undefined, dir: typeof asc) => {
    for (const name of list ? list.split(',') : []) {
      const column = sortable[name];
      if (!column) throw badRequest(`不支持按 ${name} 排序，可用：${Object.keys(sortable).join(', ') || '无'}`);
      order.push(dir(column));
    }
  };
  add(query.ascs, asc);
  add(query.descs, desc);
  return order.length ? order : fallback;
}

/**
 * The most rows a list counts: a search by a short prefix over a million members would spend
 * longer counting than finding the page. Beyond it the total says "at least this many".
 */
export const COUNT_CAP = 10_000;

export interface PageSource<T> {
  count: () => Promise<number>;
  rows: (window: { order: SQL[]; limit: number; offset: number }) => Promise<T[]>;
}

/**
 * The one paging helper every list uses: `current`/`size` with a whitelisted `ascs`/`descs`
 * order, answering `{ records, total, size, current, pages }`.
 */
export async function paginate<T>(query: PageQuery, sortable: SortWhitelist, source: PageSource<T>, fallback: SQL[] = []): Promise<Page<T>> {
  const order = orderBy(query, sortable, fallback);
  const offset = (query.current - 1) * query.size;
  const [total, records] = await Promise.all([source.count(), source.rows({ order, limit: query.size, offset })]);
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}
