import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import {
  floorSchema, kitchenBoardSchema, kitchenMarkBodySchema, kitchenQuerySchema, orderRushBodySchema, orderVoidLineBodySchema, pickupBoardSchema,
  tableMergeBodySchema, tableOpenBodySchema, tablePanelSchema, tableSessionEditBodySchema, tableTransferBodySchema,
} from '../floor.js';
import { orderRecordSchema } from '../order.js';

/**
 * The service floor (issue 24): the table map and a table's panel (order:floor), the kitchen
 * display (order:kitchen) and the pickup board (order:pickup). Tables and orders carry a store:
 * another store's answers 404. A table's routes take the table's id; the seating is its open one.
 */

const storeQuery = z.object({ storeId: z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号') });
const lineParams = z.object({ id: idParamsSchema.shape.id, lineId: idParamsSchema.shape.id });

export const floorEndpoints = {
  floor: endpoint({
    method: 'GET', path: '/order/floor/map', tag: 'order:floor', summary: '桌台图', access: { permission: 'order:floor:index' },
    query: storeQuery, data: floorSchema,
  }),
  table: endpoint({
    method: 'GET', path: '/order/floor/table/:id', tag: 'order:floor', summary: '桌台详情', access: { permission: 'order:floor:index' },
    params: idParamsSchema, data: tablePanelSchema,
  }),
  /** 开台: a free table gets a seating (409 naming who opened it when another device was first). */
  open: endpoint({
    method: 'POST', path: '/order/floor/table/:id/open', tag: 'order:floor', summary: '开台', access: { permission: 'order:floor:open' },
    params: idParamsSchema, body: tableOpenBodySchema, data: tablePanelSchema,
  }),
  /** 改人数 / 备注 of the open seating. */
  edit: endpoint({
    method: 'PUT', path: '/order/floor/table/:id/session', tag: 'order:floor', summary: '修改开台信息', access: { permission: 'order:floor:open' },
    params: idParamsSchema, body: tableSessionEditBodySchema, data: tablePanelSchema,
  }),
  /** 转台: the seating and its orders move to a free table; a 转台单 prints. */
  transfer: endpoint({
    method: 'POST', path: '/order/floor/table/:id/transfer', tag: 'order:floor', summary: '转台', access: { permission: 'order:floor:transfer' },
    params: idParamsSchema, body: tableTransferBodySchema, data: tablePanelSchema,
  }),
  /** 并台: another table's seating joins this one (its unpaid tab into this table's, one bill). */
  merge: endpoint({
    method: 'POST', path: '/order/floor/table/:id/merge', tag: 'order:floor', summary: '并台', access: { permission: 'order:floor:transfer' },
    params: idParamsSchema, body: tableMergeBodySchema, data: tablePanelSchema,
  }),
  /** 清台: the seating ends (all paid, or nothing ordered); the table is free again. */
  clear: endpoint({
    method: 'POST', path: '/order/floor/table/:id/clear', tag: 'order:floor', summary: '清台', access: { permission: 'order:floor:clear' },
    params: idParamsSchema, data: tablePanelSchema,
  }),
};

export const kitchenEndpoints = {
  board: endpoint({
    method: 'GET', path: '/order/kitchen/board', tag: 'order:kitchen', summary: '厨房看板', access: { permission: 'order:kitchen:index' },
    query: kitchenQuerySchema, data: kitchenBoardSchema,
  }),
  /** 制作中 / 已出餐 / 已上菜 (划菜) of lines; the orders' states follow their lines. */
  mark: endpoint({
    method: 'POST', path: '/order/kitchen/lines', tag: 'order:kitchen', summary: '出餐', access: { permission: 'order:kitchen:edit' },
    body: kitchenMarkBodySchema, data: kitchenBoardSchema.pick({ asOf: true }),
  }),
  /** 催菜: the order's lines not yet out are flagged and a 催菜单 prints. */
  rush: endpoint({
    method: 'POST', path: '/order/order/:id/rush', tag: 'order:floor', summary: '催菜', access: { permission: 'order:floor:index' },
    params: idParamsSchema, body: orderRushBodySchema, data: orderRecordSchema,
  }),
  /** 退菜: part of a line of an unpaid order comes off it with a reason (a paid one is refunded instead); a 退菜单 prints. */
  voidLine: endpoint({
    method: 'POST', path: '/order/order/:id/lines/:lineId/void', tag: 'order:floor', summary: '退菜', access: { permission: 'order:floor:void' },
    params: lineParams, body: orderVoidLineBodySchema, data: orderRecordSchema,
  }),
};

export const pickupEndpoints = {
  board: endpoint({
    method: 'GET', path: '/order/pickup/board', tag: 'order:pickup', summary: '取餐叫号', access: { permission: 'order:pickup:index' },
    query: storeQuery, data: pickupBoardSchema,
  }),
};
