import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { KitchenSplit, PrinterBrand, PrinterStatus, PrintJobStatus, PrintJobTicket, PrintTrigger, TicketKind, TicketLine } from '@canteen/contract';
import { bigintText, createdAt, idColumn, timestamps, timestamptz } from '../../db/columns.js';

/** 打印 (migration 0700_printing.sql, which says how the outbox keeps one job per ticket). */

export const printer = pgTable('printer', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  name: text('name').notNull(),
  brand: text('brand').$type<PrinterBrand>().notNull(),
  feieSn: text('feie_sn'),
  feieKeyEnc: text('feie_key_enc'),
  host: text('host'),
  port: integer('port'),
  paper: smallint('paper').$type<58 | 80>().notNull().default(58),
  tickets: text('tickets').array().$type<TicketKind[]>().notNull().default(sql`'{receipt,kitchen}'`),
  kitchenSplit: text('kitchen_split').$type<KitchenSplit>().notNull().default('order'),
  categoryIds: bigintText('category_ids').array().notNull().default(sql`'{}'`),
  copies: smallint('copies').notNull().default(1),
  trigger: text('trigger').$type<PrintTrigger>().notNull().default('on_paid'),
  enabled: boolean('enabled').notNull().default(true),
  status: text('status').$type<PrinterStatus>().notNull().default('unknown'),
  statusMessage: text('status_message'),
  statusCheckedAt: timestamptz('status_checked_at'),
  ...timestamps(),
});

export const printerFeieAccount = pgTable('printer_feie_account', {
  id: smallint('id').primaryKey(),
  feieUser: text('feie_user').notNull(),
  ukeyEnc: text('ukey_enc').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** One laid-out ticket: its lines. A job holds one or more (a kitchen ticket per dish). */
export type TicketContent = TicketLine[][];

export const printJob = pgTable('print_job', {
  id: idColumn(),
  storeId: bigintText('store_id').notNull(),
  printerId: bigintText('printer_id').notNull(),
  printerName: text('printer_name').notNull(),
  orderId: bigintText('order_id'),
  orderNo: text('order_no'),
  ticket: text('ticket').$type<PrintJobTicket>().notNull(),
  round: smallint('round').notNull().default(0),
  refundId: bigintText('refund_id'),
  sourceKey: text('source_key'),
  reprintOf: bigintText('reprint_of'),
  copies: smallint('copies').notNull().default(1),
  content: jsonb('content').$type<TicketContent>().notNull(),
  paper: smallint('paper').$type<58 | 80>().notNull(),
  status: text('status').$type<PrintJobStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** Of a job sent in several calls (飞鹅 over its content limit): how many calls the printer took. */
  partsSent: integer('parts_sent').notNull().default(0),
  /** A call of such a job is on its way (set before it leaves, cleared when the cloud took it). */
  partSending: boolean('part_sending').notNull().default(false),
  lastError: text('last_error'),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  leaseUntil: timestamptz('lease_until'),
  sentAt: timestamptz('sent_at'),
  createdAt: createdAt(),
});
