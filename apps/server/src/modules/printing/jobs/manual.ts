import { and, desc, eq, type SQL } from 'drizzle-orm';
import { PAPER_COLUMNS, type PrintJobRecord, type TicketKind, type TicketLine } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { orderRefundForReads as orderRefund } from '../../order/service.js';
import { storeForReads as store } from '../../store/service.js';
import { printJobRecord } from '../records.js';
import { printer, printJob } from '../tables.js';
import { loadOrderSnapshot, loadRefundLines, receiptModel, refundModel, storeTime, testModel } from '../tickets/build.js';
import { center, padEnd } from '../tickets/width.js';
import { contentOf, insertJobs, kitchenJobs } from './outbox.js';

/**
 * Jobs made on request, never by the outbox: 重打 of a job, a ticket of an order printed on a
 * chosen printer, a test page. None has a source key: asking twice prints twice, as asked.
 */

async function enabledPrinter(tx: Db, printerId: string, storeId: string) {
  const [p] = await tx.select().from(printer).where(and(eq(printer.id, printerId), eq(printer.storeId, storeId)));
  if (!p) throw notFound('打印机不存在或已删除');
  if (!p.enabled) throw badRequest('打印机已停用，请先启用');
  return p;
}

async function answer(tx: Db, id: string): Promise<PrintJobRecord> {
  const [row] = await tx.select().from(printJob).where(eq(printJob.id, id));
  return printJobRecord(row!);
}

/** The 重打 banner over each ticket: large, centred, with the time it was reprinted. */
function reprintBanner(paper: 58 | 80, at: string): TicketLine[] {
  const columns = PAPER_COLUMNS[paper];
  return [
    { text: center('【重打】', columns / 2), bold: true, double: true, center: true, qr: false },
    { text: padEnd(`重打时间：${at}`, columns), bold: false, double: false, center: false, qr: false },
  ];
}

/** 重打 a job (within `scope`, e.g. the user's stores or one order): the same tickets under a 重打 banner, on the same printer. */
export async function reprint(tx: Db, jobId: string, scope: SQL | undefined): Promise<PrintJobRecord> {
  const [job] = await tx.select().from(printJob).where(and(eq(printJob.id, jobId), scope));
  if (!job) throw notFound('打印记录不存在');
  const p = await enabledPrinter(tx, job.printerId, job.storeId);
  const [s] = await tx.select({ timeZone: store.timeZone }).from(store).where(eq(store.id, job.storeId));
  const banner = reprintBanner(job.paper, storeTime(new Date(), s?.timeZone ?? 'Asia/Shanghai'));
  const original = job.reprintOf ? job.content.map((lines) => lines.slice(banner.length)) : job.content;
  const [id] = await insertJobs(tx, [{
    printer: { ...p, paper: job.paper, copies: job.copies }, orderId: job.orderId, orderNo: job.orderNo, ticket: job.ticket, round: job.round,
    refundId: job.refundId, sourceKey: null, reprintOf: job.reprintOf ?? job.id, content: original.map((lines) => [...banner, ...lines]),
  }]);
  return answer(tx, id!);
}

/** One of an order's tickets on a printer of its store, now (后厨单: every round, the printer's categories; 退菜单: the latest refund). */
export async function printOrderTicket(tx: Db, orderId: string, printerId: string, ticket: TicketKind): Promise<PrintJobRecord> {
  const s = await loadOrderSnapshot(tx, orderId);
  if (!s) throw notFound('订单不存在');
  const p = await enabledPrinter(tx, printerId, s.order.storeId);
  const base = { printer: p, orderId, orderNo: s.order.orderNo, sourceKey: null };
  let job;
  if (ticket === 'receipt') job = { ...base, ticket, round: 0, content: contentOf([receiptModel(s)], p.paper) };
  else if (ticket === 'kitchen') {
    const [kitchen] = kitchenJobs(p, s, [0]);
    if (!kitchen) throw badRequest('该打印机负责的分类在本单中没有菜品');
    job = { ...kitchen, sourceKey: null };
  } else {
    const [latest] = await tx.select({ id: orderRefund.id }).from(orderRefund).where(eq(orderRefund.orderId, orderId)).orderBy(desc(orderRefund.id)).limit(1);
    const refund = latest ? await loadRefundLines(tx, latest.id) : null;
    const model = refund ? refundModel(s, refund, p.categoryIds) : null;
    if (!model) throw badRequest(latest ? '该打印机负责的分类在本次退款中没有菜品' : '订单没有退款，无法打印退菜单');
    job = { ...base, ticket, round: 0, refundId: latest!.id, content: contentOf([model], p.paper) };
  }
  const [id] = await insertJobs(tx, [job]);
  return answer(tx, id!);
}

/** 测试打印. */
export async function printTestPage(tx: Db, printerId: string, scope: SQL | undefined): Promise<PrintJobRecord> {
  const [p] = await tx.select().from(printer).where(and(eq(printer.id, printerId), scope));
  if (!p) throw notFound(`打印机 ${printerId} 不存在`);
  if (!p.enabled) throw badRequest('打印机已停用，请先启用');
  const [s] = await tx.select({ name: store.name, timeZone: store.timeZone }).from(store).where(eq(store.id, p.storeId));
  const model = testModel({ name: p.name, storeName: s?.name ?? '', paper: p.paper, at: new Date(), timeZone: s?.timeZone ?? 'Asia/Shanghai' });
  const [id] = await insertJobs(tx, [{ printer: p, orderId: null, orderNo: null, ticket: 'test', round: 0, sourceKey: null, content: contentOf([model], p.paper) }]);
  return answer(tx, id!);
}
