import type { DeptNode } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { sysDept } from '../tables.js';
import { buildTree, descendantsOf } from '../tree.js';
import { iso } from '../../../http/iso.js';

type DeptRow = typeof sysDept.$inferSelect;
export const toDept = (d: DeptRow) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, createTime: iso(d.createdAt) });

export const deptTree = async (db: Db): Promise<DeptNode[]> => buildTree((await db.select().from(sysDept)).map(toDept)) as DeptNode[];

export interface DeptInput {
  parentId: string;
  name: string;
  sort: number;
}

/** The parent exists and (for department `id`) is not the department itself or below it. */
export async function checkParent(db: Db, input: DeptInput, id: string | undefined) {
  if (input.parentId === '-1') return;
  const all = await db.select({ id: sysDept.id, parentId: sysDept.parentId }).from(sysDept);
  if (!all.some((d) => d.id === input.parentId)) throw badRequest(`parentId: 上级部门 ${input.parentId} 不存在`);
  if (id && (input.parentId === id || descendantsOf(all, id).has(input.parentId))) throw badRequest('parentId: 上级部门不能是自己或自己的下级');
}

export const deptValues = (input: DeptInput) => ({ parentId: input.parentId, name: input.name, sort: input.sort });
