import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import { pageQuerySchema, pageSchema } from '../paging.js';
import type { PermissionCode, PermissionScreen, permissionScreens } from '../permissions.js';

/** A permission screen with the four buttons of a plain resource (index, add, edit, del). */
export type CrudScreen = {
  [S in PermissionScreen]: 'index' | 'add' | 'edit' | 'del' extends (typeof permissionScreens)[S][number] ? S : never;
}[PermissionScreen];

export interface CrudDeclaration<R extends z.ZodType, B extends z.ZodType, U extends z.ZodType, Q extends z.ZodType> {
  /** Path of the resource, e.g. `/upms/client`. */
  base: string;
  /** OpenAPI tag, e.g. `upms:client`. */
  tag: string;
  /** The permission screen: `sys:client` gives `sys:client:index|add|edit|del`. */
  screen: CrudScreen;
  /** What one row is called in summaries: `终端` → 终端分页, 新增终端 … */
  label: string;
  /** The answer for one row. */
  record: R;
  /** The body of `POST`. */
  body: B;
  /** The body of `PUT` (with `id`); the create body when left out. */
  updateBody?: U;
  /** The page query: `pageQuerySchema` and the resource's filters; plain paging when left out. */
  query?: Q;
}

/**
 * The five endpoints of a plain resource, the specification's shape: `GET base/page` (paged
 * list), `GET base/:id`, `POST base`, `PUT base` (id in the body), `DELETE base/:id`.
 * A resource that has fewer picks the ones it has.
 */
export function crudEndpoints<R extends z.ZodType, B extends z.ZodType, U extends z.ZodType = B, Q extends z.ZodType = typeof pageQuerySchema>(
  d: CrudDeclaration<R, B, U, Q>,
) {
  const { base, tag, label, record } = d;
  const can = (action: 'index' | 'add' | 'edit' | 'del') => ({ permission: `${d.screen}:${action}` as PermissionCode });
  return {
    page: endpoint({ method: 'GET', path: `${base}/page`, tag, summary: `${label}分页`, access: can('index'), query: (d.query ?? pageQuerySchema) as Q, data: pageSchema(record) }),
    get: endpoint({ method: 'GET', path: `${base}/:id`, tag, summary: `${label}详情`, access: can('index'), params: idParamsSchema, data: record }),
    create: endpoint({ method: 'POST', path: base, tag, summary: `新增${label}`, access: can('add'), body: d.body, data: record }),
    update: endpoint({ method: 'PUT', path: base, tag, summary: `修改${label}`, access: can('edit'), body: (d.updateBody ?? d.body) as U, data: record }),
    remove: endpoint({ method: 'DELETE', path: `${base}/:id`, tag, summary: `删除${label}`, access: can('del'), params: idParamsSchema, data: z.boolean() }),
  };
}
