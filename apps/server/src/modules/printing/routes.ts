import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  isPrinterPort, orderPrintEndpoints, PAPER_COLUMNS, printerEndpoints, printerPortMessage, type PrinterBody, type PrinterRecord, type PrintJobRecord,
} from '@canteen/contract';
import { currentUser } from '../../http/access.js';
import { serve } from '../../http/endpoint.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { contains, defineResource } from '../../http/resource.js';
import { orderForReads as order } from '../order/service.js';
import { serveStoreResource } from '../store/http.js';
import { assertStore, catalogueItems, storeCondition } from '../store/service.js';
import { PrinterAddressRefused, PrinterAddressUnresolved } from './address-policy.js';
import { printOrderTicket, printTestPage, reprint } from './jobs/manual.js';
import { maskSecret, printerRecord, printJobRecord } from './records.js';
import { checkPrinter } from './status.js';
import { printer, printerFeieAccount, printJob } from './tables.js';
import { kitchenModels, receiptModel, refundModel, sampleSnapshot } from './tickets/build.js';
import { layoutTicket } from './tickets/layout.js';
import { FeieNotDeleted } from './transport/feie-client.js';
import { feieAccountKeys } from './transport/transport.js';
import { inTx } from '../../db/queries.js';

/**
 * 打印机 (store:printer): printers as a store resource (keys sealed, answered masked; a 飞鹅
 * printer is bound to the account when saved), the 飞鹅 account, a test page, a status check
 * on request, the ticket preview, the job log with 重打; and from an order's drawer its jobs,
 * 重打 and a ticket printed on request. Every job made here is sent by the dispatcher.
 */
export const printingRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const rt = app.printing;
  const kick = <T>(value: T): T => {
    rt.dispatcher.kick();
    return value;
  };

  /** Binds a 飞鹅 printer to the account (when one is saved): a wrong SN or key is refused here, not at the first ticket. */
  const bindFeie = async (tx: typeof db, sn: string, key: string, name: string) => {
    const account = await feieAccountKeys(tx, rt.secrets);
    if (!account) return;
    try {
      await rt.feie.addPrinter(account, sn, key, name);
    } catch (error) {
      throw badRequest(`feieSn: ${(error as Error).message}`);
    }
  };

  const printers = defineResource({
    table: printer,
    label: '打印机',
    endpoints: { page: printerEndpoints.page, get: printerEndpoints.get, create: printerEndpoints.create, update: printerEndpoints.update, remove: printerEndpoints.remove },
    sortable: { name: printer.name, create_time: printer.createdAt },
    order: [asc(printer.storeId), asc(printer.id)],
    filters: (q) => [
      q.storeId ? eq(printer.storeId, q.storeId) : undefined, contains(printer.name, q.name), q.brand ? eq(printer.brand, q.brand) : undefined,
      q.status ? eq(printer.status, q.status) : undefined,
    ],
    scope: (request) => ({ where: storeCondition(request, printer.storeId) }),
    toRecord: (row): PrinterRecord => printerRecord(row, rt.secrets),
    insert: (body: PrinterBody) => ({ storeId: body.storeId, ...columnsOf(body, null) }),
    change: (body: PrinterBody, row) => columnsOf(body, row.feieKeyEnc),
    unique: {
      printer_name: (key) => `打印机名称 ${key.split(', ').slice(1).join(', ') || key} 已存在`,
      printer_feie_sn: '该飞鹅打印机编号（SN）已添加过',
    },
    // Every read through ctx.db: the write's transaction (on PGlite's one connection, another read would wait for it forever).
    validate: async (body, { db: tx, request, existing }) => {
      assertStore(request, body.storeId);
      if (existing && body.storeId !== existing.storeId) throw badRequest('storeId: 打印机不能移到其他门店');
      if (body.brand === 'feie' && !body.feieKey && !(existing?.brand === 'feie' && existing.feieKeyEnc)) throw badRequest('feieKey: 飞鹅打印机需要填写密钥（KEY）');
      if (body.brand === 'escpos') await checkAddress(request, body, existing);
      const categories = await catalogueItems(tx, 'categories', body.categoryIds);
      const foreign = body.categoryIds.filter((id) => !categories.some((c) => c.id === id && c.storeId === body.storeId));
      if (foreign.length) throw badRequest(`categoryIds: 分类 ${foreign.join('、')} 不属于该门店`);
      if (body.brand === 'feie') {
        const changed = !existing || existing.feieSn !== body.feieSn || Boolean(body.feieKey);
        const key = body.feieKey || (existing?.feieKeyEnc ? rt.secrets.open(existing.feieKeyEnc) : '');
        if (changed) await bindFeie(tx, body.feieSn!, key, body.name);
      }
    },
    beforeDelete: async (row, { db: tx }) => {
      // The cloud unbinds it first. Unreachable: a courtesy that never keeps the printer. The cloud
      // answering that it did not delete it (its `no` list) keeps it, saying why, unless the printer
      // is not on the account at all (nothing of ours to delete).
      if (row.brand !== 'feie' || !row.feieSn) return;
      const account = await feieAccountKeys(tx, rt.secrets);
      if (!account) return;
      try {
        await rt.feie.deletePrinter(account, row.feieSn);
      } catch (error) {
        if (error instanceof FeieNotDeleted && !error.notOnAccount) {
          throw conflict(`${error.message}。打印机未删除，请在飞鹅云后台处理后再删除`);
        }
        app.log.warn({ err: error }, 'feie unbind failed');
      }
    },
  });

  /**
   * A network printer's address (issue 22 #4): a port outside 9100–9109 needs store:printer:port
   * (administrators), checked when the address is set or changed, so staff can still rename or
   * switch off a printer an administrator set up; the address policy on what the host resolves to,
   * unless the printer is being switched off at the address it had.
   */
  async function checkAddress(request: Parameters<typeof currentUser>[0], body: PrinterBody, existing: { brand: string; host: string | null; port: number | null } | undefined) {
    const moved = !existing || existing.brand !== 'escpos' || existing.host !== body.host || existing.port !== body.port;
    if (moved && !isPrinterPort(body.port) && !currentUser(request).permissions.has('store:printer:port')) throw forbidden(printerPortMessage(body.port));
    if (!moved && !body.enabled) return;
    try {
      await rt.addresses.check(body.host ?? '', body.port);
    } catch (error) {
      if (error instanceof PrinterAddressRefused || error instanceof PrinterAddressUnresolved) throw badRequest(`host: ${error.message}`);
      throw error;
    }
  }

  /** The columns of a body: the other brand's fields cleared, a blank key keeping the saved one. */
  function columnsOf(body: PrinterBody, savedKey: string | null) {
    const feie = body.brand === 'feie';
    return {
      name: body.name, brand: body.brand, feieSn: feie ? body.feieSn ?? null : null, feieKeyEnc: feie ? (body.feieKey ? rt.secrets.seal(body.feieKey) : savedKey) : null,
      host: feie ? null : body.host ?? null, port: feie ? null : body.port, paper: body.paper, tickets: [...new Set(body.tickets)], kitchenSplit: body.kitchenSplit,
      categoryIds: [...new Set(body.categoryIds)], copies: body.copies, trigger: body.trigger, enabled: body.enabled,
    };
  }
  serveStoreResource(app, printers);

  serve(app, printerEndpoints.test, async ({ params }, request) => kick(await inTx(db, (tx) => printTestPage(tx, params.id, storeCondition(request, printer.storeId)))));

  serve(app, printerEndpoints.status, async ({ params }, request) => {
    const row = await printers.row({ db, request }, params.id);
    await checkPrinter(app, db, rt.transport, row);
    return printers.get({ db, request }, params.id);
  });

  serve(app, printerEndpoints.preview, async ({ query }) => {
    const sample = sampleSnapshot();
    const models = query.ticket === 'receipt' ? [receiptModel(sample)]
      : query.ticket === 'kitchen' ? kitchenModels(sample, { round: 0, categoryIds: [], split: query.kitchenSplit, roundCount: 1 })
        : [refundModel(sample, { lines: [{ lineId: '1', name: sample.lines[0]!.name, quantity: 1 }], amount: 5000, reason: '顾客取消' }, [])!];
    const columns = PAPER_COLUMNS[query.paper];
    const blank = { text: ' '.repeat(columns), bold: false, double: false, center: false, qr: false };
    return { columns, lines: models.flatMap((m, i) => [...(i ? [blank] : []), ...layoutTicket(m, query.paper)]) };
  });

  const account = async () => {
    const [row] = await db.select().from(printerFeieAccount).where(eq(printerFeieAccount.id, 1));
    return row ? { user: row.feieUser, ukeyMasked: maskSecret(rt.secrets.open(row.ukeyEnc)), configured: true } : { user: '', ukeyMasked: null, configured: false };
  };
  serve(app, printerEndpoints.feieAccount, () => account());
  serve(app, printerEndpoints.setFeieAccount, async ({ body }) => {
    const [saved] = await db.select().from(printerFeieAccount).where(eq(printerFeieAccount.id, 1));
    if (!body.ukey && !saved) throw badRequest('ukey: 飞鹅UKEY不能为空');
    const ukeyEnc = body.ukey ? rt.secrets.seal(body.ukey) : saved!.ukeyEnc;
    await db.insert(printerFeieAccount).values({ id: 1, feieUser: body.user, ukeyEnc, updatedAt: new Date() })
      .onConflictDoUpdate({ target: printerFeieAccount.id, set: { feieUser: body.user, ukeyEnc, updatedAt: new Date() } });
    return account();
  });

  const jobs = defineResource({
    table: printJob,
    label: '打印记录',
    endpoints: { page: printerEndpoints.jobs },
    sortable: { create_time: printJob.createdAt },
    order: [desc(printJob.id)],
    filters: (q) => [
      q.storeId ? eq(printJob.storeId, q.storeId) : undefined, q.printerId ? eq(printJob.printerId, q.printerId) : undefined, contains(printJob.orderNo, q.orderNo),
      q.status ? eq(printJob.status, q.status) : undefined, q.ticket ? eq(printJob.ticket, q.ticket) : undefined,
    ],
    scope: (request) => ({ where: storeCondition(request, printJob.storeId) }),
    toRecord: printJobRecord,
  });
  serveStoreResource(app, jobs);

  serve(app, printerEndpoints.reprint, async ({ params }, request) => kick(await inTx(db, (tx) => reprint(tx, params.id, storeCondition(request, printJob.storeId)))));

  /** The order, when the request may see it; else a 404. */
  const visibleOrder = async (request: Parameters<typeof storeCondition>[0], orderId: string) => {
    const [found] = await db.select({ id: order.id }).from(order).where(and(eq(order.id, orderId), storeCondition(request, order.storeId)));
    if (!found) throw notFound('订单不存在');
  };
  serve(app, orderPrintEndpoints.jobs, async ({ params }, request): Promise<PrintJobRecord[]> => {
    await visibleOrder(request, params.id);
    return (await db.select().from(printJob).where(eq(printJob.orderId, params.id)).orderBy(asc(printJob.id))).map(printJobRecord);
  });
  serve(app, orderPrintEndpoints.reprint, async ({ params }, request) => {
    await visibleOrder(request, params.id);
    return kick(await inTx(db, (tx) => reprint(tx, params.jobId, eq(printJob.orderId, params.id))));
  });
  serve(app, orderPrintEndpoints.print, async ({ params, body }, request) => {
    await visibleOrder(request, params.id);
    return kick(await inTx(db, (tx) => printOrderTicket(tx, params.id, body.printerId, body.ticket)));
  });
};
