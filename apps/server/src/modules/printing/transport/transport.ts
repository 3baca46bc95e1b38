import { eq } from 'drizzle-orm';
import type { PrinterStatus } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import type { Secrets } from '../../../platform/secrets.js';
import { printerFeieAccount, type printer, type printJob } from '../tables.js';
import { PrinterAddressRefused, type PrinterAddressPolicy } from '../address-policy.js';
import { escposBytes } from '../tickets/escpos.js';
import { feieCalls } from '../tickets/feie.js';
import { escposSend, escposStatus, unreachable, type EscposTarget } from './escpos-client.js';
import { PrintInDoubt, PrintRefused, PrintUnreachable } from './errors.js';
import { FeieClient, type FeieAccountKeys } from './feie-client.js';

export type PrinterRow = typeof printer.$inferSelect;
export type JobRow = typeof printJob.$inferSelect;

/** How jobs reach printers and printers are asked for their state (the tests put a fake in). */
/**
 * Told around each call of a job sent in several (a 飞鹅 job over Open_printMsg's limits): before
 * a call leaves (`sending`), and once the cloud took it (`sent` calls of `total` done). The
 * dispatcher records both, so a retry begins with the first call not yet taken and never prints
 * a part twice, and a sender that died between calls left nothing in doubt.
 */
export type PartSent = (sent: number, total: number, sending: boolean) => Promise<void>;

export interface PrinterTransport {
  /**
   * Resolves once the printer (or the cloud) took the ticket; PrintUnreachable / PrintRefused otherwise.
   * A job sent in several calls begins with call `partsSent` and reports each one taken to `onPart`.
   */
  send(p: PrinterRow, job: Pick<JobRow, 'content' | 'copies'> & { partsSent?: number }, onPart?: PartSent): Promise<void>;
  status(p: PrinterRow): Promise<{ status: PrinterStatus; message: string | null }>;
}

/** The 飞鹅 account's user and opened UKEY, or null when none is saved. */
export async function feieAccountKeys(db: Db, secrets: Secrets): Promise<FeieAccountKeys | null> {
  const [row] = await db.select().from(printerFeieAccount).where(eq(printerFeieAccount.id, 1));
  return row ? { user: row.feieUser, ukey: secrets.open(row.ukeyEnc) } : null;
}

/**
 * The real thing: the 飞鹅 cloud API for feie printers, raw TCP for escpos ones, each connection
 * to the address the policy checked just before (a refused one is never connected to).
 */
export function networkTransport(deps: { db: Db; secrets: Secrets; feie: FeieClient; addresses: PrinterAddressPolicy }): PrinterTransport {
  const account = async () => {
    const keys = await feieAccountKeys(deps.db, deps.secrets);
    if (!keys) throw new PrintRefused('未设置飞鹅账号，请在打印机设置中填写');
    return keys;
  };
  /** The checked address to connect to: refused (never sent: the job fails), unresolved (unreachable: tried again later). */
  const target = async (p: PrinterRow): Promise<EscposTarget> => {
    const port = p.port ?? 9100;
    try {
      return { host: await deps.addresses.check(p.host ?? '', port), port };
    } catch (error) {
      if (error instanceof PrinterAddressRefused) throw new PrintRefused(unreachable(`地址不允许：${error.detail}`));
      throw new PrintUnreachable(unreachable('地址无法解析'), 'offline');
    }
  };
  return {
    async send(p, job, onPart) {
      if (p.brand !== 'feie') return escposSend(await target(p), escposBytes(job.content, job.copies));
      const keys = await account();
      const calls = feieCalls(job.content, job.copies);
      for (let i = job.partsSent ?? 0; i < calls.length; i++) {
        if (calls.length > 1) await onPart?.(i, calls.length, true);
        try {
          await deps.feie.printMsg(keys, p.feieSn ?? '', calls[i]!.content, calls[i]!.times);
        } catch (error) {
          // Which call failed, when there are several: the ones before it printed.
          if (calls.length > 1 && error instanceof PrintInDoubt) throw new PrintInDoubt(`第 ${i + 1}/${calls.length} 段：${error.message}（前 ${i} 段已打印）`);
          if (calls.length > 1 && error instanceof PrintUnreachable) throw new PrintUnreachable(`第 ${i + 1}/${calls.length} 段：${error.message}（前 ${i} 段已打印，重试从第 ${i + 1} 段开始）`, error.status);
          throw error;
        }
        if (calls.length > 1) await onPart?.(i + 1, calls.length, false);
      }
    },
    async status(p) {
      if (p.brand === 'feie') return deps.feie.status(await account(), p.feieSn ?? '');
      let checked: EscposTarget;
      try {
        checked = await target(p);
      } catch (error) {
        return { status: 'offline', message: (error as Error).message };
      }
      return escposStatus(checked);
    },
  };
}
