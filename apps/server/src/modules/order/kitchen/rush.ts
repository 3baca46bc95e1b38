import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';
import { conflict, notFound } from '../../../http/errors.js';
import type { OrderHooks } from '../hooks.js';
import { orderLog } from '../tables.js';
import type { OrderOperator } from '../orders/service.js';
import { lockOrder } from '../orders/transitions.js';

/** Lines rushed this recently are not rushed again: a double click prints one 催菜单. */
const REPEAT_MS = 60_000;
const RUSHABLE = new Set(['dining', 'pending', 'paid', 'making']);

export interface Rushed {
  storeId: string;
  tableId: string | null;
  /** Lines flagged by this call (none: all of them were rushed a moment ago). */
  lineIds: string[];
}

/**
 * 催菜: the order's lines in the kitchen not yet out (the named ones, or all) get `rushed_at`, the
 * order log a '催菜' row, and linesRushed is told in the transaction (printing's 催菜单). A line
 * already out, or of another order, is refused; nothing left to rush is a 409.
 */
export async function rushLines(tx: Db, hooks: OrderHooks, orderId: string, lineIds: readonly string[], operator: OrderOperator, now = new Date()): Promise<Rushed> {
  const o = await lockOrder(tx, orderId);
  if (!RUSHABLE.has(o.status)) throw conflict('订单已完成或已取消，不能催菜');
  const lines = rowsOf<{ id: string; parent_id: string | null; kind: string; name: string; quantity: string; state: string; in_kitchen: boolean; rushed_at: Date | string | null }>(
    await tx.execute(sql`select id::text as id, parent_id::text as parent_id, kind, name, (quantity - refunded_quantity - voided_quantity)::text as quantity,
      kitchen_state as state, (kitchen_since is not null) as in_kitchen, rushed_at
    from order_line where order_id = ${orderId}::bigint order by sort, id`));
  const asked = new Set(lineIds);
  for (const id of asked) if (!lines.some((l) => l.id === id)) throw notFound('菜品不存在');
  const chosen = lines.filter((l) => l.kind !== 'combo' && Number(l.quantity) > 0.0005 && l.in_kitchen && (l.state === 'waiting' || l.state === 'making')
    && (!asked.size || asked.has(l.id) || (l.parent_id !== null && asked.has(l.parent_id))));
  if (!chosen.length) throw conflict(lines.some((l) => !l.in_kitchen) ? '订单尚未支付，菜品还没有下厨' : '没有需要催的菜品：都已出餐');
  const due = chosen.filter((l) => !l.rushed_at || now.getTime() - new Date(l.rushed_at).getTime() >= REPEAT_MS);
  if (!due.length) return { storeId: o.storeId, tableId: o.tableId, lineIds: [] };
  const ids = due.map((l) => l.id);
  await tx.execute(sql`update order_line set rushed_at = ${now} where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  const remark = `催菜：${due.map((l) => `${l.name}×${Number(l.quantity)}`).join('、')}`;
  await tx.insert(orderLog).values({ orderId, action: 'rush', fromStatus: o.status, toStatus: o.status, remark, operatorId: operator.id, operatorName: operator.name, createdAt: now });
  await hooks.emit(tx, 'linesRushed', { orderId, lineIds: ids });
  return { storeId: o.storeId, tableId: o.tableId, lineIds: ids };
}
