import { z } from 'zod';
import { textSchema } from './text.js';
import { pageQuerySchema } from './paging.js';
import { PRINTER_ADDRESS_MESSAGES, printerHostProblem } from './printer-address.js';

/**
 * 打印 (STORE.md §7, issue 14): a store's printers (飞鹅 cloud printers and network ESC/POS
 * printers), the tickets they print for orders, and the print jobs: one per (order, printer,
 * ticket, round), written with the order's change and sent after commit, never twice.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;

// ---------- kinds and limits ----------

/** feie: a 飞鹅 cloud printer (SN + key, the account's user + UKEY); escpos: a network printer on raw TCP. */
export const PRINTER_BRANDS = ['feie', 'escpos'] as const;
export type PrinterBrand = (typeof PRINTER_BRANDS)[number];
export const PRINTER_BRAND_NAMES: Record<PrinterBrand, string> = { feie: '飞鹅云打印机', escpos: '网络打印机（ESC/POS）' };

/** Paper width in mm, and the characters a line holds (a Chinese character counts two). */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** receipt 结账单; kitchen 后厨单 (one per order, or one per dish: `kitchenSplit`); refund 退菜单. */
export const TICKET_KINDS = ['receipt', 'kitchen', 'refund'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_KIND_NAMES: Record<TicketKind, string> = { receipt: '结账单', kitchen: '后厨单', refund: '退菜单' };
/** A kitchen ticket for the whole order (its dishes this printer serves), or one ticket per dish line. */
export const KITCHEN_SPLITS = ['order', 'dish'] as const;
export type KitchenSplit = (typeof KITCHEN_SPLITS)[number];
/** A print job's ticket: the kinds above, plus a test page. */
export const PRINT_JOB_TICKETS = [...TICKET_KINDS, 'test'] as const;
export type PrintJobTicket = (typeof PRINT_JOB_TICKETS)[number];

/**
 * When a printer prints an order's receipt and kitchen tickets: on_paid when it is paid (a
 * pay-later table: each added round's kitchen ticket as the round is added, the receipt when it
 * is paid), on_accepted when staff accept it (接单), manual only on request. Refund tickets print
 * when a refund is made, whatever the trigger, unless manual.
 */
export const PRINT_TRIGGERS = ['on_paid', 'on_accepted', 'manual'] as const;
export type PrintTrigger = (typeof PRINT_TRIGGERS)[number];
export const PRINT_TRIGGER_NAMES: Record<PrintTrigger, string> = { on_paid: '支付后打印', on_accepted: '接单后打印', manual: '手动打印' };

/** unknown until first checked; no_paper 缺纸. */
export const PRINTER_STATUSES = ['unknown', 'online', 'offline', 'no_paper'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];
export const PRINTER_STATUS_NAMES: Record<PrinterStatus, string> = { unknown: '未知', online: '在线', offline: '离线', no_paper: '缺纸' };

/**
 * pending 待发送 (also while waiting to retry: `nextAttemptAt`); sending 发送中 (claimed by one
 * instance under a lease); sent 已发送; failed 发送失败 (gave up after the retries; reprint it).
 */
export const PRINT_JOB_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];
export const PRINT_JOB_STATUS_NAMES: Record<PrintJobStatus, string> = { pending: '待发送', sending: '发送中', sent: '已发送', failed: '发送失败' };

export const PRINTER_COPIES_MAX = 5;
export const ESCPOS_DEFAULT_PORT = 9100;

// ---------- printers ----------

export const printerRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  brand: z.enum(PRINTER_BRANDS),
  /** 飞鹅: the printer's SN, and its key masked (`****1234`); null for escpos. */
  feieSn: z.string().nullable(),
  feieKeyMasked: z.string().nullable(),
  /** escpos: host and port; null for feie. */
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  paper: z.union([z.literal(58), z.literal(80)]),
  tickets: z.array(z.enum(TICKET_KINDS)),
  kitchenSplit: z.enum(KITCHEN_SPLITS),
  /** The categories whose dishes its kitchen tickets carry; empty: all. */
  categoryIds: z.array(z.string()),
  copies: z.number().int(),
  trigger: z.enum(PRINT_TRIGGERS),
  enabled: z.boolean(),
  status: z.enum(PRINTER_STATUSES),
  /** What the last check said when not online (e.g. the cloud's answer), null when online. */
  statusMessage: z.string().nullable(),
  statusCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrinterRecord = z.infer<typeof printerRecordSchema>;

/**
 * A printer as written. feie needs its SN and key (on update a blank key keeps the saved one);
 * escpos needs its host (port defaults to 9100), never at an address no printer is at (printer-address.ts).
 */
export const printerBodySchema = z
  .object({
    /** Present on update (PUT). */
    id: id.optional(),
    storeId: id,
    name: text('打印机名称', 32).min(1, '打印机名称不能为空'),
    brand: z.enum(PRINTER_BRANDS, { message: '打印机品牌只能是飞鹅或网络打印机' }),
    feieSn: text('打印机编号（SN）', 32).regex(/^[A-Za-z0-9]*$/, '打印机编号（SN）只能是字母和数字').optional(),
    feieKey: text('打印机密钥（KEY）', 64).optional(),
    host: text('打印机地址', 253).regex(/^[A-Za-z0-9.:-]*$/, '打印机地址应为IP地址或主机名').optional(),
    port: z.number().int('端口必须是整数').min(1, '端口应在1到65535之间').max(65535, '端口应在1到65535之间').default(ESCPOS_DEFAULT_PORT),
    paper: z.union([z.literal(58), z.literal(80)], { message: '纸宽只能是58或80毫米' }),
    tickets: z.array(z.enum(TICKET_KINDS, { message: '打印内容只能是结账单、后厨单或退菜单' })).min(1, '至少选择一种打印内容').max(3),
    kitchenSplit: z.enum(KITCHEN_SPLITS, { message: '后厨单只能按单或按菜打印' }).default('order'),
    categoryIds: z.array(id).max(200, '最多选择200个分类').default([]),
    copies: z.number().int('打印份数必须是整数').min(1, '打印份数至少为1').max(PRINTER_COPIES_MAX, `打印份数不能超过${PRINTER_COPIES_MAX}`).default(1),
    trigger: z.enum(PRINT_TRIGGERS, { message: '打印时机只能是支付后、接单后或手动' }).default('on_paid'),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.brand === 'feie' && !body.feieSn) ctx.addIssue({ code: 'custom', path: ['feieSn'], message: '飞鹅打印机需要填写编号（SN）' });
    if (body.brand === 'escpos' && !body.host) ctx.addIssue({ code: 'custom', path: ['host'], message: '网络打印机需要填写地址' });
    // Addresses no printer is ever at (link-local, metadata, 0.0.0.0, multicast); the server checks what a name resolves to.
    const problem = body.brand === 'escpos' && body.host ? printerHostProblem(body.host) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['host'], message: PRINTER_ADDRESS_MESSAGES[problem] });
  });
export type PrinterBody = z.infer<typeof printerBodySchema>;

export const printerQuerySchema = pageQuerySchema.extend({
  storeId: id.optional(),
  name: z.string().trim().max(32).optional(),
  brand: z.enum(PRINTER_BRANDS).optional(),
  status: z.enum(PRINTER_STATUSES).optional(),
});

/** The 飞鹅 account the cloud calls sign with (one per deployment): user, UKEY masked. */
export const feieAccountSchema = z.object({ user: z.string(), ukeyMasked: z.string().nullable(), configured: z.boolean() });
export type FeieAccount = z.infer<typeof feieAccountSchema>;
/** A blank UKEY keeps the saved one. */
export const feieAccountBodySchema = z.object({
  user: text('飞鹅账号', 64).min(1, '飞鹅账号不能为空'),
  ukey: text('飞鹅UKEY', 64).optional(),
});

// ---------- tickets ----------

/** One line of a laid-out ticket: its text (already padded to the paper's columns), bold, double size, centred. */
export const ticketLineSchema = z.object({
  text: z.string(),
  bold: z.boolean(),
  double: z.boolean(),
  center: z.boolean(),
  /** A QR code of this text instead of a line of text. */
  qr: z.boolean(),
});
export type TicketLine = z.infer<typeof ticketLineSchema>;

/** A ticket preview on sample data: the layout's lines for the chosen paper and options. */
export const ticketPreviewQuerySchema = z.object({
  ticket: z.enum(TICKET_KINDS, { message: '打印内容只能是结账单、后厨单或退菜单' }),
  paper: z.coerce.number().pipe(z.union([z.literal(58), z.literal(80)], { message: '纸宽只能是58或80毫米' })),
  kitchenSplit: z.enum(KITCHEN_SPLITS).default('order'),
});
export const ticketPreviewSchema = z.object({ columns: z.number().int(), lines: z.array(ticketLineSchema) });
export type TicketPreview = z.infer<typeof ticketPreviewSchema>;

// ---------- print jobs ----------

export const printJobRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  printerId: z.string(),
  printerName: z.string(),
  /** null for a test page. */
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  ticket: z.enum(PRINT_JOB_TICKETS),
  /** The round of a pay-later table's kitchen ticket (1 for the first); 0 otherwise. */
  round: z.number().int(),
  /** A 重打 copy: the job it reprints. */
  reprintOf: z.string().nullable(),
  copies: z.number().int(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PrintJobRecord = z.infer<typeof printJobRecordSchema>;

export const printJobQuerySchema = pageQuerySchema.extend({
  storeId: id.optional(),
  printerId: id.optional(),
  orderNo: z.string().trim().max(32).optional(),
  status: z.enum(PRINT_JOB_STATUSES).optional(),
  ticket: z.enum(PRINT_JOB_TICKETS).optional(),
});

/** A ticket of an order printed on request on one printer. */
export const orderPrintBodySchema = z.object({
  printerId: id,
  ticket: z.enum(TICKET_KINDS, { message: '打印内容只能是结账单、后厨单或退菜单' }),
});

/** The live alert of a store's printers: a printer's status changed (offline / no_paper / back online). */
export const printerStatusEventSchema = z.object({
  printerId: z.string(),
  storeId: z.string(),
  name: z.string(),
  status: z.enum(PRINTER_STATUSES),
  previous: z.enum(PRINTER_STATUSES),
  message: z.string().nullable(),
  at: z.string(),
});
export type PrinterStatusEvent = z.infer<typeof printerStatusEventSchema>;
