import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import { pageSchema } from '../paging.js';
import {
  feieAccountBodySchema, feieAccountSchema, printerBodySchema, printerQuerySchema, printerRecordSchema, printJobQuerySchema, printJobRecordSchema,
  orderPrintBodySchema, ticketPreviewQuerySchema, ticketPreviewSchema,
} from '../printing.js';
import { crudEndpoints } from './crud.js';

/**
 * 打印机 (store:printer, issue 14): a store's printers, the 飞鹅 account, a test print, the
 * ticket preview, the print jobs (with 重打) and a printer's status checked on request. From an
 * order's drawer (order:order): its print jobs and a reprint. Store-scoped like every store row:
 * another store's printer or job answers 404.
 */

export const printerEndpoints = {
  ...crudEndpoints({
    base: '/store/printer', tag: 'store:printer', screen: 'store:printer', label: '打印机', record: printerRecordSchema, body: printerBodySchema,
    query: printerQuerySchema,
  }),
  /** 测试打印: a test page to this printer (a job like any other, ticket `test`). */
  test: endpoint({
    method: 'POST', path: '/store/printer/:id/test', tag: 'store:printer', summary: '测试打印', access: { permission: 'store:printer:edit' },
    params: idParamsSchema, data: printJobRecordSchema,
  }),
  /** Asks the printer (the 飞鹅 status API, or a TCP connect and DLE EOT) now; answers the printer with its status. */
  status: endpoint({
    method: 'POST', path: '/store/printer/:id/status', tag: 'store:printer', summary: '查询打印机状态', access: { permission: 'store:printer:index' },
    params: idParamsSchema, data: printerRecordSchema,
  }),
  /** A ticket laid out on sample data for a paper width and options (the form's preview). */
  preview: endpoint({
    method: 'GET', path: '/store/printer/preview', tag: 'store:printer', summary: '小票预览', access: { permission: 'store:printer:index' },
    query: ticketPreviewQuerySchema, data: ticketPreviewSchema,
  }),
  feieAccount: endpoint({
    method: 'GET', path: '/store/printer/feie-account', tag: 'store:printer', summary: '飞鹅账号', access: { permission: 'store:printer:index' },
    data: feieAccountSchema,
  }),
  setFeieAccount: endpoint({
    method: 'PUT', path: '/store/printer/feie-account', tag: 'store:printer', summary: '设置飞鹅账号', access: { permission: 'store:printer:account' },
    body: feieAccountBodySchema, data: feieAccountSchema,
  }),
  /** The print jobs, newest first, filtered by store, printer, order number, status, ticket. */
  jobs: endpoint({
    method: 'GET', path: '/store/printer/job/page', tag: 'store:printer', summary: '打印记录分页', access: { permission: 'store:printer:index' },
    query: printJobQuerySchema, data: pageSchema(printJobRecordSchema),
  }),
  /** 重打: a new job printing the same ticket again, marked 重打 (reprintOf). */
  reprint: endpoint({
    method: 'POST', path: '/store/printer/job/:id/reprint', tag: 'store:printer', summary: '重打', access: { permission: 'store:printer:edit' },
    params: idParamsSchema, data: printJobRecordSchema,
  }),
};

/** The order drawer's 打印记录: an order's print jobs, and 重打 of one of them. */
export const orderPrintEndpoints = {
  jobs: endpoint({
    method: 'GET', path: '/order/order/:id/prints', tag: 'order:order', summary: '订单打印记录', access: { permission: 'order:order:get' },
    params: idParamsSchema, data: z.array(printJobRecordSchema),
  }),
  reprint: endpoint({
    method: 'POST', path: '/order/order/:id/prints/:jobId/reprint', tag: 'order:order', summary: '订单小票重打', access: { permission: 'order:order:edit' },
    params: z.object({ id: idParamsSchema.shape.id, jobId: idParamsSchema.shape.id }), data: printJobRecordSchema,
  }),
  /** Prints one of the order's tickets now on a printer of its store (a manual printer's way to print; 后厨单: every round). */
  print: endpoint({
    method: 'POST', path: '/order/order/:id/prints', tag: 'order:order', summary: '打印订单小票', access: { permission: 'order:order:edit' },
    params: idParamsSchema, body: orderPrintBodySchema, data: printJobRecordSchema,
  }),
};
