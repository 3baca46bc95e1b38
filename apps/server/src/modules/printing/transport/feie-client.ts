import { createHash } from 'node:crypto';
import type { PrinterStatus } from '@canteen/contract';
import { PrintInDoubt, PrintUnreachable } from './errors.js';

/**
 * The 飞鹅 cloud printing API (Open_*): form-encoded POSTs signed with the account's user and
 * UKEY (sig = SHA-1 of user + UKEY + stime, lower-case hex), answering `{ ret, msg, data }`
 * where ret 0 is success. The simulator (packages/wechat-sim, /printer/feie) speaks the same.
 */
export interface FeieAccountKeys {
  user: string;
  ukey: string;
}

/** Open_printerDelList left the printer on the account: `reason` is the cloud's. */
export class FeieNotDeleted extends Error {
  constructor(readonly sn: string, readonly reason: string) {
    super(`飞鹅云未删除打印机 ${sn}：${reason}`);
  }
  /** The printer is not (or no longer) on this account: there was nothing of ours to delete. */
  get notOnAccount(): boolean {
    return /不匹配|不存在|未添加|not (found|match)/i.test(this.reason);
  }
}

export const feieSignature = (user: string, ukey: string, stime: string): string => createHash('sha1').update(user + ukey + stime).digest('hex');

export class FeieClient {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = 10_000) {}

  /**
   * One signed call. `oncePerCall`: the call is not idempotent (a print), so a failure after the
   * request may have left is in doubt, not retried; only one known to have sent nothing is.
   */
  private async call<T>(account: FeieAccountKeys, apiname: string, params: Record<string, string>, oncePerCall = false): Promise<T> {
    const stime = String(Math.floor(Date.now() / 1000));
    const form = new URLSearchParams({ user: account.user, stime, sig: feieSignature(account.user, account.ukey, stime), apiname, ...params });
    let answer: { ret?: number; msg?: string; data?: unknown };
    try {
      const res = await fetch(this.baseUrl, {
        method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = await res.json() as typeof answer;
    } catch (error) {
      const message = `飞鹅云连接失败：${(error as Error).message}`;
      if (oncePerCall && !nothingSent(error)) throw new PrintInDoubt(`${message}；可能已打印，请核对后手动重打`);
      throw new PrintUnreachable(message);
    }
    if (answer.ret !== 0) throw new PrintUnreachable(`飞鹅云拒绝：${answer.msg ?? '未知错误'}（${answer.ret}）`);
    return answer.data as T;
  }

  /** Prints `content` (markup) `times` times; answers the cloud's order id. */
  printMsg(account: FeieAccountKeys, sn: string, content: string, times: number): Promise<string> {
    return this.call<string>(account, 'Open_printMsg', { sn, content, times: String(times) }, true);
  }

  /** Binds printers to the account; a printer bound already counts as bound. */
  async addPrinter(account: FeieAccountKeys, sn: string, key: string, name: string): Promise<void> {
    const data = await this.call<{ ok?: string[]; no?: string[] }>(account, 'Open_printerAddlist', { printerContent: `${sn} # ${key} # ${name.replace(/[#\n]/g, ' ')}` });
    const refused = (data?.no ?? []).filter((n) => !/已被添加|已添加|already/.test(n));
    if (refused.length) throw new PrintUnreachable(`飞鹅云添加打印机失败：${refused.join('；')}`);
  }

  /**
   * Unbinds a printer from the account. The cloud answers ret 0 with `{ ok, no }` even when it
   * deleted nothing: a printer in `no` throws FeieNotDeleted with the cloud's reason.
   */
  async deletePrinter(account: FeieAccountKeys, sn: string): Promise<void> {
    const data = await this.call<{ ok?: string[]; no?: string[] } | null>(account, 'Open_printerDelList', { snlist: sn });
    const refused = (data?.no ?? []).find((entry) => entry.includes(sn));
    if (refused) throw new FeieNotDeleted(sn, refused.replace(sn, '').replace(/^[\s（(]*(错误[:：])?|[）)\s]*$/g, '').trim() || refused);
  }

  /** 离线 / 在线，工作状态正常 / 在线，工作状态不正常 (out of paper, cover open). */
  async status(account: FeieAccountKeys, sn: string): Promise<{ status: PrinterStatus; message: string | null }> {
    const text = String(await this.call<string>(account, 'Open_queryPrinterStatus', { sn }));
    if (text.includes('离线')) return { status: 'offline', message: text };
    if (text.includes('不正常')) return { status: 'no_paper', message: text };
    return { status: 'online', message: null };
  }
}

/** Failures that happen before a request leaves: the host is unknown or refuses the connection. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function nothingSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
  const codes = [cause?.code, ...(cause?.errors ?? []).map((e) => e.code)];
  return codes.some((code) => code !== undefined && NOTHING_SENT.has(code));
}
