import { and, asc, eq, gt, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PrinterStatus } from '@canteen/contract';
import type { Database, Db } from '../../../db/client.js';
import { printer, printJob } from '../tables.js';
import { PrintInDoubt, PrintRefused, PrintUnreachable } from '../transport/errors.js';
import type { JobRow, PrinterTransport } from '../transport/transport.js';

/** Told when a send says something of a printer's state (reached: online; unreachable: offline or no paper). */
export type StatusSink = (printerId: string, status: PrinterStatus, message: string | null) => Promise<void>;

export interface DispatcherOptions {
  database: Database;
  transport: PrinterTransport;
  log: FastifyBaseLogger;
  onStatus?: StatusSink;
  /** Idle poll: jobs written on another instance wait at most this long (a kick on this one looks at once). */
  pollMs?: number;
  /** How long a claim is good for; longer than any send takes. */
  leaseMs?: number;
  /** Unreachable sends retried up to this many times (backoff 2 s doubling to 60 s), then failed. */
  maxAttempts?: number;
  /** Printers served per claim. */
  batch?: number;
}

/** What a job whose sender died mid-send says: never sent again by itself (it may have printed). */
export const IN_DOUBT = '发送中断（服务重启或实例退出）：可能已打印，请核对后手动重打';

export const backoffMs = (attempts: number): number => Math.min(60_000, 2000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the outbox's jobs after their transactions committed, on every instance at once:
 *
 * - A claim (one transaction under an advisory lock, so two instances never claim together)
 *   takes the oldest pending job of each printer that has none being sent, when it is due, marks
 *   it `sending` with a lease and counts the attempt. One job per printer at a time, oldest first,
 *   keeps a printer's tickets in order, through retries too.
 * - The send: reached → `sent`; unreachable (known before any byte of the ticket left: no
 *   connection, offline, out of paper, the cloud refused) → back to `pending` after a backoff,
 *   `failed` after maxAttempts; refused (printer gone or disabled, no account) → `failed`; in doubt
 *   (a 飞鹅 print sent without an answer) → `failed` with the reason, never retried.
 * - A lease that runs out means its sender died during the send (kill -9, a crash): the ticket
 *   may or may not have printed, and printing it again could cook a dish twice, so the job is
 *   `failed` with IN_DOUBT and waits for a person's 重打. Nothing is ever sent twice by itself.
 */
export class PrintDispatcher {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Until when to look often: a kick's transaction commits within moments. */
  private eagerUntil = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly o: DispatcherOptions) {}

  private get db(): Db {
    return this.o.database.db;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming and waits for the sends under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** New jobs may be due (a transaction that wrote some is committing): look soon. */
  kick(): void {
    this.eagerUntil = Date.now() + 1000;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        await this.reap();
        claimed = await this.dispatchOnce();
      } catch (error) {
        this.o.log.warn({ err: error }, 'print dispatch failed');
      }
      if (claimed || !this.running) continue;
      // A kick comes from inside the writing transaction: look every few ms until it has committed.
      await this.sleep(Date.now() < this.eagerUntil ? 15 : this.o.pollMs ?? 1000);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  /**
   * Fails the jobs whose sender's lease ran out (see the class comment); a job sent in several
   * calls whose sender died between two of them (some taken, none on its way) goes on instead,
   * from the next call.
   */
  async reap(): Promise<number> {
    const resumed = await this.db.update(printJob)
      .set({ status: 'pending', leaseUntil: null, nextAttemptAt: new Date(), lastError: sql`'发送中断（服务重启或实例退出）：前 ' || ${printJob.partsSent} || ' 段已打印，从下一段继续'` })
      .where(and(eq(printJob.status, 'sending'), lte(printJob.leaseUntil, new Date()), gt(printJob.partsSent, 0), eq(printJob.partSending, false)))
      .returning({ id: printJob.id });
    if (resumed.length) this.o.log.warn({ jobs: resumed.map((r) => r.id) }, 'print jobs resumed after a lost lease between parts');
    // A job sent in several calls says how many the printer took before (a 重打 prints it whole).
    const rows = await this.db.update(printJob).set({ status: 'failed', lastError: sql`case when ${printJob.partsSent} > 0 then ${IN_DOUBT} || '（前 ' || ${printJob.partsSent} || ' 段已打印）' else ${IN_DOUBT} end`, leaseUntil: null })
      .where(and(eq(printJob.status, 'sending'), lte(printJob.leaseUntil, new Date()))).returning({ id: printJob.id });
    if (rows.length) this.o.log.warn({ jobs: rows.map((r) => r.id) }, 'print jobs in doubt after a lost lease');
    return rows.length + resumed.length;
  }

  /** Claims due jobs and starts their sends; answers how many it claimed (their sends run on). */
  async dispatchOnce(): Promise<number> {
    const claimed = await this.claim();
    for (const job of claimed) {
      const send = this.send(job).finally(() => this.inFlight.delete(send));
      this.inFlight.add(send);
    }
    // Wait for this round's sends only when there were some, so a busy printer does not stall the others for long.
    if (claimed.length) await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 50))]);
    return claimed.length;
  }

  /** Sends everything due now and waits for the sends (tests, bench). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.dispatchOnce();
      await Promise.allSettled([...this.inFlight]);
      if (!n) return total;
      total += n;
    }
  }

  async claim(): Promise<JobRow[]> {
    const leaseMs = this.o.leaseMs ?? 30_000;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('canteen:print-claim'))`);
      const busy = tx.select({ id: printJob.printerId }).from(printJob).where(eq(printJob.status, 'sending'));
      // Each idle printer's oldest pending job, due or not: one waiting out a backoff holds the
      // ones written after it, so the printer's tickets come out in order when it is back.
      const heads = await tx.selectDistinctOn([printJob.printerId], { id: printJob.id, nextAttemptAt: printJob.nextAttemptAt }).from(printJob)
        .where(and(eq(printJob.status, 'pending'), notInArray(printJob.printerId, busy)))
        .orderBy(printJob.printerId, asc(printJob.id));
      const now = Date.now();
      const ids = heads.filter((h) => h.nextAttemptAt.getTime() <= now)
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime()).slice(0, this.o.batch ?? 50).map((h) => h.id);
      if (!ids.length) return [];
      return tx.update(printJob).set({ status: 'sending', attempts: sql`${printJob.attempts} + 1`, leaseUntil: new Date(Date.now() + leaseMs) })
        .where(and(inArray(printJob.id, ids), eq(printJob.status, 'pending'))).returning();
    });
  }

  private async send(job: JobRow): Promise<void> {
    const [p] = await this.db.select().from(printer).where(eq(printer.id, job.printerId));
    try {
      if (!p) throw new PrintRefused('打印机已删除');
      if (!p.enabled) throw new PrintRefused('打印机已停用');
      // Each call of a job sent in several is recorded before the next leaves (the lease renewed with it),
      // by this claim only (attempts tells the claim): a retry begins after the last one taken.
      const leaseMs = this.o.leaseMs ?? 30_000;
      await this.o.transport.send(p, job, async (sent, _total, sending) => {
        const [row] = await this.db.update(printJob).set({ partsSent: sent, partSending: sending, leaseUntil: new Date(Date.now() + leaseMs) })
          .where(and(eq(printJob.id, job.id), eq(printJob.status, 'sending'), eq(printJob.attempts, job.attempts))).returning({ id: printJob.id });
        if (!row) throw new PrintRefused('打印任务已被收回（租约过期），未再发送后续部分');
      });
      await this.db.update(printJob).set({ status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null, partSending: false }).where(and(eq(printJob.id, job.id), ne(printJob.status, 'sent')));
      if (p.status !== 'online') await this.o.onStatus?.(p.id, 'online', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = error instanceof PrintUnreachable && job.attempts < (this.o.maxAttempts ?? 12);
      await this.db.update(printJob).set(retry
        ? { status: 'pending', lastError: message, leaseUntil: null, partSending: false, nextAttemptAt: new Date(Date.now() + backoffMs(job.attempts)) }
        : { status: 'failed', lastError: message, leaseUntil: null })
        .where(and(eq(printJob.id, job.id), eq(printJob.status, 'sending'), eq(printJob.attempts, job.attempts)));
      if (error instanceof PrintUnreachable && error.status && p && p.status !== error.status) await this.o.onStatus?.(p.id, error.status, message);
      if (error instanceof PrintInDoubt) this.o.log.warn({ jobId: job.id, reason: message }, 'print job in doubt');
      else if (!(error instanceof PrintUnreachable) && !(error instanceof PrintRefused)) this.o.log.error({ err: error, jobId: job.id }, 'print send failed');
    }
  }
}
