import { count, eq } from 'drizzle-orm';
import type { DeptNode } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { sysDept, sysUser } from '../tables.js';
import { buildTree, descendantsOf, iso } from '../tree.js';

type DeptRow = typeof sysDept.$inferSelect;
const toNode = (d: DeptRow) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, createTime: iso(d.createdAt) });

export const deptTree = async (db: Db): Promise<DeptNode[]> => buildTree((await db.select().from(sysDept)).map(toNode)) as DeptNode[];

export async function getDept(db: Db, id: string) {
  const [row] = await db.select().from(sysDept).where(eq(sysDept.id, id));
  if (!row) throw notFound(`部门 ${id} 不存在`);
  return toNode(row);
}

export interface DeptInput {
  id?: string | undefined;
  parentId: string;
  name: string;
  sort: number;
}

async function checkParent(db: Db, input: DeptInput) {
  if (input.parentId === '-1') return;
  const all = await db.select({ id: sysDept.id, parentId: sysDept.parentId }).from(sysDept);
  if (!all.some((d) => d.id === input.parentId)) throw badRequest(`parentId: 上级部门 ${input.parentId} 不存在`);
  if (input.id && (input.parentId === input.id || descendantsOf(all, input.id).has(input.parentId))) throw badRequest('parentId: 上级部门不能是自己或自己的下级');
}

export async function createDept(db: Db, input: DeptInput): Promise<string> {
  await checkParent(db, { ...input, id: undefined });
  return (await db.insert(sysDept).values({ parentId: input.parentId, name: input.name, sort: input.sort }).returning({ id: sysDept.id }))[0]!.id;
}

export async function updateDept(db: Db, input: DeptInput & { id: string }): Promise<void> {
  await getDept(db, input.id);
  await checkParent(db, input);
  await db.update(sysDept).set({ parentId: input.parentId, name: input.name, sort: input.sort, updatedAt: new Date() }).where(eq(sysDept.id, input.id));
}

/** Deletes a department with no sub-departments and no users (409 otherwise). */
export async function deleteDept(db: Db, id: string): Promise<void> {
  await getDept(db, id);
  const [children] = await db.select({ n: count() }).from(sysDept).where(eq(sysDept.parentId, id));
  if (children!.n > 0) throw conflict(`该部门下还有 ${children!.n} 个下级部门，请先删除下级`);
  const [users] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.deptId, id));
  if (users!.n > 0) throw conflict(`该部门还有 ${users!.n} 个用户，请先调整用户所属部门`);
  await db.delete(sysDept).where(eq(sysDept.id, id));
}
