import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import { pageQuerySchema } from '../paging.js';
import {
  areaBodySchema, areaRecordSchema, categoryBodySchema, categoryQuerySchema, categoryRecordSchema, comboBodySchema, comboQuerySchema,
  comboRecordSchema, dishBatchSchema, dishBodySchema, dishQuerySchema, dishRecordSchema, orderingMenuSchema, sortBodySchema,
  specGroupBodySchema, specGroupQuerySchema, specGroupRecordSchema, storeBodySchema, storeRecordSchema, tableBatchSchema, tableBodySchema,
  tableQuerySchema, tableRecordSchema,
} from '../store.js';
import { crudEndpoints } from './crud.js';

/**
 * The store side's first half (门店管理): stores, categories, option groups (规格), dishes,
 * combos, areas and tables, and the ordering menu read model. Every store-side row is scoped:
 * a user reads and writes only the stores assigned to them (admins: all); another store's row
 * answers 404.
 */

const storeId = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');

export const storeEndpoints = {
  ...crudEndpoints({
    base: '/store/shop', tag: 'store:shop', screen: 'store:shop', label: '门店', record: storeRecordSchema, body: storeBodySchema,
    query: pageQuerySchema.extend({ name: z.string().trim().max(64).optional() }),
  }),
  /** The stores the signed-in user works in (all for an admin): the header's store switcher. */
  mine: endpoint({
    method: 'GET', path: '/store/shop/mine', tag: 'store:shop', summary: '我的门店', access: { signedIn: true },
    data: z.array(z.object({ id: z.string(), name: z.string(), isOpen: z.boolean(), openNow: z.boolean() })),
  }),
  /** The users assigned to a store (admins need none). */
  users: endpoint({
    method: 'GET', path: '/store/shop/:id/users', tag: 'store:shop', summary: '门店员工', access: { permission: 'store:shop:index' },
    params: idParamsSchema, data: z.array(z.object({ id: z.string(), username: z.string(), nickname: z.string().nullable() })),
  }),
  setUsers: endpoint({
    method: 'PUT', path: '/store/shop/:id/users', tag: 'store:shop', summary: '设置门店员工', access: { permission: 'store:shop:edit' },
    params: idParamsSchema, body: z.object({ userIds: z.array(storeId).max(500, '一个门店最多500名员工') }), data: z.boolean(),
  }),
};

export const categoryEndpoints = {
  ...crudEndpoints({ base: '/store/category', tag: 'store:category', screen: 'store:category', label: '分类', record: categoryRecordSchema, body: categoryBodySchema, query: categoryQuerySchema }),
  sort: endpoint({ method: 'PUT', path: '/store/category/sort', tag: 'store:category', summary: '分类排序', access: { permission: 'store:category:edit' }, body: sortBodySchema, data: z.boolean() }),
};

export const specGroupEndpoints = crudEndpoints({
  base: '/store/spec', tag: 'store:spec', screen: 'store:spec', label: '规格', record: specGroupRecordSchema, body: specGroupBodySchema, query: specGroupQuerySchema,
});

export const dishEndpoints = {
  ...crudEndpoints({ base: '/store/dish', tag: 'store:dish', screen: 'store:dish', label: '菜品', record: dishRecordSchema, body: dishBodySchema, query: dishQuerySchema }),
  batch: endpoint({
    method: 'PUT', path: '/store/dish/batch', tag: 'store:dish', summary: '批量操作菜品', access: { permission: 'store:dish:edit' },
    body: dishBatchSchema, data: z.object({ updated: z.number().int() }),
  }),
  sort: endpoint({ method: 'PUT', path: '/store/dish/sort', tag: 'store:dish', summary: '菜品排序', access: { permission: 'store:dish:edit' }, body: sortBodySchema, data: z.boolean() }),
};

export const comboEndpoints = {
  ...crudEndpoints({ base: '/store/combo', tag: 'store:combo', screen: 'store:combo', label: '套餐', record: comboRecordSchema, body: comboBodySchema, query: comboQuerySchema }),
  sort: endpoint({ method: 'PUT', path: '/store/combo/sort', tag: 'store:combo', summary: '套餐排序', access: { permission: 'store:combo:edit' }, body: sortBodySchema, data: z.boolean() }),
};

export const areaEndpoints = crudEndpoints({
  base: '/store/area', tag: 'store:table', screen: 'store:table', label: '区域', record: areaRecordSchema, body: areaBodySchema,
  query: pageQuerySchema.extend({ storeId }),
});

export const tableEndpoints = {
  ...crudEndpoints({ base: '/store/table', tag: 'store:table', screen: 'store:table', label: '桌台', record: tableRecordSchema, body: tableBodySchema, query: tableQuerySchema }),
  batch: endpoint({
    method: 'POST', path: '/store/table/batch', tag: 'store:table', summary: '批量创建桌台', access: { permission: 'store:table:add' },
    body: tableBatchSchema, data: z.object({ created: z.number().int() }),
  }),
  /** A new QR token: the table's old stickers stop working. */
  regenerateToken: endpoint({
    method: 'PUT', path: '/store/table/:id/token', tag: 'store:table', summary: '重新生成桌台二维码', access: { permission: 'store:table:edit' },
    params: idParamsSchema, data: tableRecordSchema,
  }),
};

export const orderingMenuEndpoints = {
  /** A store's whole ordering menu in one call (cashier, diners' page), cached until the menu changes. */
  ordering: endpoint({
    method: 'GET', path: '/store/menu', tag: 'store:dish', summary: '点餐菜单', access: { permission: 'store:dish:index' },
    query: z.object({ storeId }), data: orderingMenuSchema,
  }),
};
