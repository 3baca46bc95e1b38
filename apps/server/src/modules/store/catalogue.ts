import { and, eq, ilike, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { mediaUrl } from '../../storage/uploads.js';
import { isBlobKey } from '../../storage/storage.js';
import { bumpMenuVersion } from './menu-version.js';
import { storeCategory } from './tables.js';

/**
 * What the catalogue's routes (option groups, dishes, combos) share: a menu write, the checks of
 * ids a body refers to, images, and the drag reorder.
 */

/**
 * A write to a store's menu: `work` and the menu version bump in one transaction, then this
 * instance's ordering-menu cache forgets the store at once (other instances notice the new
 * version within their check interval, see menu/cache.ts).
 */
export async function menuWrite<T>(app: FastifyInstance, storeId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await app.database.db.transaction(async (tx) => {
    const value = await work(tx);
    await bumpMenuVersion(tx, storeId);
    return value;
  });
  app.store.menu.changed(storeId);
  return result;
}

/** The column contains the text, case-insensitively (`%`, `_`, `\` match themselves); none when empty. */
export const nameContains = (column: AnyColumn, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${text.replace(/[\\%_]/g, '\\$&')}%`) : undefined;

/** The ids of `wanted` that `found` lacks, in the order asked. */
export const missingIds = (wanted: readonly string[], found: Iterable<string>): string[] => {
  const have = new Set(found);
  return [...new Set(wanted)].filter((id) => !have.has(id));
};

/** A 404 naming the first ids not found (`菜品 7, 9 不存在`). */
export const notFoundIds = (label: string, ids: readonly string[]) =>
  notFound(`${label} ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ` 等 ${ids.length} 个` : ''} 不存在`);

/**
 * A category for a dish (`dish`) or a combo (`combo`): it must be one of the store's, else 404
 * naming it, and of that kind, else 400.
 */
export async function checkCategory(db: Db, storeId: string, categoryId: string, kind: 'dish' | 'combo'): Promise<{ id: string; name: string }> {
  const [category] = await db.select({ id: storeCategory.id, name: storeCategory.name, kind: storeCategory.kind }).from(storeCategory)
    .where(and(eq(storeCategory.id, categoryId), eq(storeCategory.storeId, storeId)));
  if (!category) throw notFound(`分类 ${categoryId} 不存在`);
  if (category.kind !== kind) {
    throw badRequest(kind === 'dish'
      ? `categoryId: 分类「${category.name}」是套餐分类，菜品只能放在菜品分类中`
      : `categoryId: 分类「${category.name}」是菜品分类，套餐只能放在套餐分类中`);
  }
  return { id: category.id, name: category.name };
}

/** Category names by id (for records). */
export async function categoryNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: storeCategory.id, name: storeCategory.name }).from(storeCategory).where(inArray(storeCategory.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** An image as stored and answered: a media key becomes its `/media/` URL; an outside URL stays. */
export const imageUrl = (image: string): string => (/^(https?:)?\//.test(image) ? image : mediaUrl(image));

/**
 * Images as sent: an uploaded image's key (or its `/media/` URL, turned back into the key), or
 * an http(s) address; anything else is a 400 naming it.
 */
export function imageKeys(images: readonly string[], field = 'images'): string[] {
  return images.map((image, i) => {
    const key = image.startsWith('/media/') ? image.slice('/media/'.length) : image;
    if (isBlobKey(key) || /^https?:\/\/\S+$/i.test(key)) return key;
    throw badRequest(`${field}.${i}: 图片 ${image.slice(0, 80)} 不是上传得到的图片地址`);
  });
}

/**
 * A drag reorder: the rows `ids` (all of them the store's live rows, else 404 naming the missing)
 * get sort 0, 1, 2… in that order, in one statement.
 */
export async function reorder(
  db: Db,
  table: PgTable & { id: AnyPgColumn; sort: AnyPgColumn; storeId: AnyPgColumn; archivedAt?: AnyPgColumn },
  label: string,
  storeId: string,
  ids: readonly string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw badRequest('ids: 排序的编号不能重复');
  const live: SQL[] = [inArray(table.id, unique), eq(table.storeId, storeId)];
  if (table.archivedAt) live.push(isNull(table.archivedAt));
  const found = await db.select({ id: table.id }).from(table).where(and(...live)).for('update');
  const missing = missingIds(unique, found.map((r) => String(r.id)));
  if (missing.length) throw notFoundIds(label, missing);
  const values = sql.join(unique.map((id, i) => sql`(${id}::bigint, ${i}::integer)`), sql`, `);
  await db.execute(sql`update ${table} set sort = v.sort, updated_at = now() from (values ${values}) as v(id, sort) where ${table.id} = v.id`);
}
