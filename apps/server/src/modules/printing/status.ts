import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storePrintersDestination, type PrinterStatus, type PrinterStatusEvent } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/queries.js';
import { printer } from './tables.js';
import { unreachable } from './transport/escpos-client.js';
import { PrintInDoubt, PrintRefused, PrintUnreachable } from './transport/errors.js';
import type { PrinterRow, PrinterTransport } from './transport/transport.js';

/**
 * A printer's state (online / offline / 缺纸): saved with when it was checked, and, when it
 * changed, published to the store's printer alert (/store/printers{storeId}) after the write.
 * Answers the event when it changed.
 */
export async function recordStatus(
  app: Pick<FastifyInstance, 'live' | 'log'>, db: Db, printerId: string, status: PrinterStatus, message: string | null,
): Promise<PrinterStatusEvent | null> {
  const rows = await db.execute(sql`
    update printer p set status = ${status}, status_message = ${message}, status_checked_at = now()
    from (select id, status as previous from printer where id = ${printerId} for update) old
    where p.id = old.id
    returning p.id::text as id, p.store_id::text as "storeId", p.name, old.previous, p.status_checked_at as at`);
  const [row] = rowsOf<{ id: string; storeId: string; name: string; previous: PrinterStatus; at: Date | string }>(rows);
  if (!row || row.previous === status) return null;
  const event: PrinterStatusEvent = {
    printerId: row.id, storeId: row.storeId, name: row.name, status, previous: row.previous, message, at: new Date(row.at).toISOString(),
  };
  try {
    await app.live.publish(storePrintersDestination(row.storeId), event);
  } catch (error) {
    app.log.warn({ err: error, printerId }, 'printer status publish failed');
  }
  return event;
}

/** Asks one printer now and records what it says (unreachable: offline). */
export async function checkPrinter(app: Pick<FastifyInstance, 'live' | 'log'>, db: Db, transport: PrinterTransport, p: PrinterRow): Promise<PrinterStatus> {
  let state: { status: PrinterStatus; message: string | null };
  try {
    state = await transport.status(p);
  } catch (error) {
    // The transports' own errors say 无法连接打印机 (or the cloud's word); anything else is not echoed.
    const known = error instanceof PrintUnreachable || error instanceof PrintRefused || error instanceof PrintInDoubt;
    if (!known) app.log.warn({ err: error, printerId: p.id }, 'printer status check failed');
    state = { status: 'offline', message: known ? error.message : unreachable('未知错误') };
  }
  await recordStatus(app, db, p.id, state.status, state.message);
  return state.status;
}

/** Every enabled printer, a few at a time (the scheduled check). */
export async function checkAllPrinters(app: Pick<FastifyInstance, 'live' | 'log'>, db: Db, transport: PrinterTransport): Promise<number> {
  const printers = await db.select().from(printer).where(eq(printer.enabled, true));
  for (let i = 0; i < printers.length; i += 8) {
    await Promise.all(printers.slice(i, i + 8).map((p) => checkPrinter(app, db, transport, p)));
  }
  return printers.length;
}
