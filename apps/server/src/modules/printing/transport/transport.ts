import { eq } from 'drizzle-orm';
import type { PrinterStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import type { Secrets } from '../../../platform/secrets.js';
import { printerFeieAccount, type printer, type printJob } from '../tables.js';
import { escposBytes } from '../tickets/escpos.js';
import { feieMarkup } from '../tickets/feie.js';
import { escposSend, escposStatus } from './escpos-client.js';
import { PrintRefused } from './errors.js';
import { FeieClient, type FeieAccountKeys } from './feie-client.js';

export type PrinterRow = typeof printer.$inferSelect;
export type JobRow = typeof printJob.$inferSelect;

/** How jobs reach printers and printers are asked for their state (the tests put a fake in). */
export interface PrinterTransport {
  /** Resolves once the printer (or the cloud) took the ticket; PrintUnreachable / PrintRefused otherwise. */
  send(p: PrinterRow, job: Pick<JobRow, 'content' | 'copies'>): Promise<void>;
  status(p: PrinterRow): Promise<{ status: PrinterStatus; message: string | null }>;
}

/** The 飞鹅 account's user and opened UKEY, or null when none is saved. */
export async function feieAccountKeys(db: Db, secrets: Secrets): Promise<FeieAccountKeys | null> {
  const [row] = await db.select().from(printerFeieAccount).where(eq(printerFeieAccount.id, 1));
  return row ? { user: row.feieUser, ukey: secrets.open(row.ukeyEnc) } : null;
}

/** The real thing: the 飞鹅 cloud API for feie printers, raw TCP for escpos ones. */
export function networkTransport(deps: { db: Db; secrets: Secrets; feie: FeieClient }): PrinterTransport {
  const account = async () => {
    const keys = await feieAccountKeys(deps.db, deps.secrets);
    if (!keys) throw new PrintRefused('未设置飞鹅账号，请在打印机设置中填写');
    return keys;
  };
  const target = (p: PrinterRow) => ({ host: p.host ?? '', port: p.port ?? 9100 });
  return {
    async send(p, job) {
      if (p.brand === 'feie') await deps.feie.printMsg(await account(), p.feieSn ?? '', feieMarkup(job.content), job.copies);
      else await escposSend(target(p), escposBytes(job.content, job.copies));
    },
    async status(p) {
      if (p.brand === 'feie') return deps.feie.status(await account(), p.feieSn ?? '');
      return escposStatus(target(p));
    },
  };
}
