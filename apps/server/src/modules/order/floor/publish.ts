import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../../db/queries.js';
import { publishFloor } from '../../store/service.js';
import type { SessionSynced } from './sessions.js';

/**
 * After an order change committed: the map of each touched store is told which tables changed
 * (the orders' tables and every table showing their seatings, merged ones too). Orders at no
 * table publish nothing. A failure is logged by publishFloor, never thrown.
 */
export async function publishTablesOfOrders(app: FastifyInstance, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return;
  try {
    const rows = rowsOf<{ store_id: string; table_ids: string[]; order_ids: string[] }>(await app.database.db.execute(sql`
      select o.store_id::text as store_id,
        array_agg(distinct t.id::text) filter (where t.id is not null) as table_ids, array_agg(distinct o.id::text) as order_ids
      from orders o
      left join table_session s on s.id = o.session_id
      left join lateral (
        select o.table_id as id
        union all select x.table_id from table_session x
          where s.id is not null and x.cleared_at is null and (x.id = coalesce(s.merged_into_id, s.id) or x.merged_into_id = coalesce(s.merged_into_id, s.id))
      ) t on true
      where o.id = any(${`{${orderIds.join(',')}}`}::bigint[]) and o.table_id is not null
      group by o.store_id`));
    for (const r of rows) await publishFloor(app, { storeId: r.store_id, kind: 'table', tableIds: r.table_ids ?? [], orderIds: r.order_ids });
  } catch (error) {
    app.log.warn({ err: error }, 'floor live publish failed');
  }
}

/** Publishes what syncs answered (after commit). */
export async function publishSynced(app: FastifyInstance, synced: ReadonlyArray<SessionSynced | null | undefined>, orderIds: string[] = []): Promise<void> {
  const byStore = new Map<string, Set<string>>();
  for (const s of synced) {
    if (!s) continue;
    const set = byStore.get(s.storeId) ?? new Set<string>();
    for (const t of s.tableIds) set.add(t);
    byStore.set(s.storeId, set);
  }
  for (const [storeId, tables] of byStore) await publishFloor(app, { storeId, kind: 'table', tableIds: [...tables], orderIds });
}

/**
 * After an order reached the kitchen (paid, or a tab's round came in): its store's kitchen
 * displays and pickup board are told, wherever the order is (a takeaway or a counter order sits at
 * no table, so publishTablesOfOrders says nothing of it).
 */
export async function publishKitchenOfOrders(app: FastifyInstance, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return;
  try {
    const rows = rowsOf<{ store_id: string; order_ids: string[] }>(await app.database.db.execute(sql`
      select store_id::text as store_id, array_agg(id::text) as order_ids from orders
      where id = any(${`{${orderIds.join(',')}}`}::bigint[]) group by store_id`));
    for (const r of rows) await publishFloor(app, { storeId: r.store_id, kind: 'kitchen', tableIds: [], orderIds: r.order_ids });
  } catch (error) {
    app.log.warn({ err: error }, 'floor live publish failed');
  }
}
