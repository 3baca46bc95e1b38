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
/** An uploaded image: the media key to save in `images`, and its URL to show it. */
const uploadedImageSchema = z.object({ key: z.string(), url: z.string() });

/**
 * A file answer (PNG, PDF): `raw`, the bytes themselves with their content type, no envelope;
 * a failure still answers the JSON envelope. The web downloads it with `api.blob(path)`.
 */
const file = (description: string) => z.string().meta({ format: 'binary', description });

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
  /** Uploads a logo (multipart/form-data, field `file`; JPG, PNG or WebP up to 2 MB): answers its media URL for the store form. */
  logo: endpoint({
    method: 'POST', path: '/store/shop/logo', tag: 'store:shop', summary: '上传门店Logo', description: 'multipart/form-data, the picture in the field file', access: { permission: 'store:shop:edit', rateLimit: 'upload' },
    data: z.object({ url: z.string() }),
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
    method: 'PUT', path: '/store/dish/batch', tag: 'store:dish', summary: '批量操作菜品', access: { permission: 'store:dish:edit', rateLimit: 'batch' },
    body: dishBatchSchema, data: z.object({ updated: z.number().int() }),
  }),
  sort: endpoint({ method: 'PUT', path: '/store/dish/sort', tag: 'store:dish', summary: '菜品排序', access: { permission: 'store:dish:edit' }, body: sortBodySchema, data: z.boolean() }),
  /**
   * A dish photo: multipart/form-data with the file in field `file` (JPG, PNG or WebP, at most
   * 2 MB; the bytes are checked). Answers the key to put in `images` and its URL.
   */
  image: endpoint({
    method: 'POST', path: '/store/dish/image', tag: 'store:dish', summary: '上传菜品图片', description: 'multipart/form-data, the picture in the field file', access: { permission: 'store:dish:edit', rateLimit: 'upload' },
    data: uploadedImageSchema,
  }),
};

export const comboEndpoints = {
  ...crudEndpoints({ base: '/store/combo', tag: 'store:combo', screen: 'store:combo', label: '套餐', record: comboRecordSchema, body: comboBodySchema, query: comboQuerySchema }),
  sort: endpoint({ method: 'PUT', path: '/store/combo/sort', tag: 'store:combo', summary: '套餐排序', access: { permission: 'store:combo:edit' }, body: sortBodySchema, data: z.boolean() }),
  /** A combo photo, like a dish photo (multipart, field `file`). */
  image: endpoint({
    method: 'POST', path: '/store/combo/image', tag: 'store:combo', summary: '上传套餐图片', description: 'multipart/form-data, the picture in the field file', access: { permission: 'store:combo:edit', rateLimit: 'upload' },
    data: uploadedImageSchema,
  }),
};

export const areaEndpoints = crudEndpoints({
  base: '/store/area', tag: 'store:table', screen: 'store:table', label: '区域', record: areaRecordSchema, body: areaBodySchema,
  query: pageQuerySchema.extend({ storeId }),
});

export const tableEndpoints = {
  ...crudEndpoints({ base: '/store/table', tag: 'store:table', screen: 'store:table', label: '桌台', record: tableRecordSchema, body: tableBodySchema, query: tableQuerySchema }),
  batch: endpoint({
    method: 'POST', path: '/store/table/batch', tag: 'store:table', summary: '批量创建桌台', access: { permission: 'store:table:add', rateLimit: 'batch' },
    body: tableBatchSchema, data: z.object({ created: z.number().int() }),
  }),
  /** A new QR token: the table's old stickers stop working. */
  regenerateToken: endpoint({
    method: 'PUT', path: '/store/table/:id/token', tag: 'store:table', summary: '重新生成桌台二维码', access: { permission: 'store:table:edit' },
    params: idParamsSchema, data: tableRecordSchema,
  }),
  /** The table's QR code as a PNG (it encodes the diners' ordering page of the table). */
  qrcode: endpoint({
    method: 'GET', path: '/store/table/:id/qrcode', tag: 'store:table', summary: '桌台二维码（PNG）', access: { permission: 'store:table:index', rateLimit: 'export' },
    params: idParamsSchema, data: file('image/png'), raw: true,
  }),
  /** A printable PDF of the QR codes of a store's tables, or of one area's: code, area and store name under each. */
  qrsheet: endpoint({
    method: 'GET', path: '/store/table/qrsheet', tag: 'store:table', summary: '桌台二维码打印（PDF）', access: { permission: 'store:table:index', rateLimit: 'export' },
    query: z.object({ storeId, areaId: storeId.optional() }), data: file('application/pdf'), raw: true,
  }),
};

export const orderingMenuEndpoints = {
  /** A store's whole ordering menu in one call (cashier, diners' page), cached until the menu changes. */
  ordering: endpoint({
    method: 'GET', path: '/store/menu', tag: 'store:dish', summary: '点餐菜单', access: { permission: 'store:dish:index' },
    query: z.object({ storeId }), data: orderingMenuSchema,
  }),
};
