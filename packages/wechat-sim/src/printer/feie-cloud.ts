import { randomInt } from 'node:crypto';
import { demoFeieAccount, demoFeiePrinters, feieDeviceKey } from './demo.js';
import type { PrintedTicket, PrinterStatus } from './escpos-printer.js';
import { renderFeieMarkup } from './feie-markup.js';
import { COLUMNS_BY_PAPER, type PaperWidth } from './paper.js';

export interface FeieAccount {
  user: string;
  ukey: string;
}

/** A physical cloud printer (known for every 9-digit SN), and the account it was added to. */
export interface FeieDevice {
  sn: string;
  key: string;
  status: PrinterStatus;
  paper: PaperWidth;
  /** The account that added it (Open_printerAddlist), with its remark and SIM card number. */
  user: string | null;
  remark: string;
  carnum: string;
  phonenum: string;
}

/** One Open_printMsg call. */
export interface FeieOrder {
  orderId: string;
  sn: string;
  user: string;
  content: string;
  times: number;
  /** waiting: queued while the printer is offline or out of paper; cleared: Open_delPrinterSqs. */
  state: 'waiting' | 'printed' | 'expired' | 'cleared';
  createdAt: number;
  printedAt: number | null;
  /** Epoch ms after which a waiting order is dropped (the call's `expired`). */
  expiresAt: number | null;
}

/** An injected failure: the next `times` calls of `apiname` (or any, `*`) wait and/or fail. */
export interface FeieFault {
  id: string;
  apiname: string;
  /** An HTTP status other than 200 (the service is down), or null to answer `{ret, msg}`. */
  httpStatus: number | null;
  ret: number;
  msg: string;
  delayMs: number;
  remaining: number;
}

/** Answer `data` with ret 0, or a refusal with the platform's `ret` and message. */
export class FeieError extends Error {
  constructor(
    readonly ret: number,
    message: string,
  ) {
    super(message);
  }
}

/** Refusal codes of the simulated platform (the real one answers a non-zero ret and a Chinese msg). */
export const FEIE_RET = { params: -2, api: -1, printer: 1001, order: 1002, content: 1003 } as const;

const SN = /^\d{9}$/;
const MAX_CONTENT_BYTES = 5000;

/**
 * The 飞鹅-style cloud: accounts, the printers added to them, print orders queued per printer and
 * printed (laid out as paper tickets) when the printer is online, printed again never.
 */
export class FeieCloud {
  accounts: FeieAccount[] = [];
  devices = new Map<string, FeieDevice>();
  orders: FeieOrder[] = [];
  tickets: PrintedTicket[] = [];
  faults: FeieFault[] = [];
  private seq = 0;

  constructor(
    private readonly now: () => number,
    private readonly onTicket: (ticket: PrintedTicket) => void = () => undefined,
  ) {}

  /** The demo account with the demo printers added. */
  seedDemo(): void {
    this.accounts.push({ ...demoFeieAccount });
    for (const printer of demoFeiePrinters) {
      Object.assign(this.device(printer.sn), { user: demoFeieAccount.user, remark: printer.name, paper: printer.paper });
    }
  }

  reset(seed: boolean): void {
    this.accounts = [];
    this.devices.clear();
    this.orders = [];
    this.tickets = [];
    this.faults = [];
    if (seed) this.seedDemo();
  }

  /** Takes saved state back (a restart with a data directory). */
  restore(saved: { accounts: FeieAccount[]; devices: FeieDevice[]; orders: FeieOrder[]; tickets: PrintedTicket[] }): void {
    this.accounts = saved.accounts;
    this.devices = new Map(saved.devices.map((device) => [device.sn, device]));
    this.orders = saved.orders;
    this.tickets = saved.tickets;
    this.seq = Math.max(0, ...saved.tickets.map((ticket) => Number(ticket.id.split('#')[1]) || 0));
  }

  /** The device with this SN (created as it left the factory: online, 58 mm, nobody's). */
  device(sn: string): FeieDevice {
    let device = this.devices.get(sn);
    if (!device) {
      device = { sn, key: feieDeviceKey(sn), status: 'online', paper: 58, user: null, remark: '', carnum: '', phonenum: '' };
      this.devices.set(sn, device);
    }
    return device;
  }

  account(user: string): FeieAccount | undefined {
    return this.accounts.find((account) => account.user === user);
  }

  /** Open_printerAddlist: lines `sn#key#remark#carnum`. */
  addPrinters(user: string, printerContent: string): { ok: string[]; no: string[] } {
    const lines = printerContent.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) throw new FeieError(FEIE_RET.params, '参数错误 : printerContent 不能为空。');
    if (lines.length > 100) throw new FeieError(FEIE_RET.params, '参数错误 : 一次最多添加 100 台打印机。');
    const ok: string[] = [];
    const no: string[] = [];
    for (const line of lines) {
      // Fields may be written with spaces around the # (as the platform's own description shows them).
      const [sn = '', key = '', remark = '', carnum = ''] = line.split('#').map((field) => field.trim());
      if (!SN.test(sn)) no.push(`${line} （错误：SN编号不合法）`);
      else if (this.device(sn).key !== key) no.push(`${line} （错误：识别码不正确）`);
      else if (this.device(sn).user !== null) no.push(`${line} （错误：已被添加过）`);
      else {
        Object.assign(this.device(sn), { user, remark, carnum });
        ok.push(line);
      }
    }
    return { ok, no };
  }

  /** Open_printerDelList: SNs joined by `-`. */
  deletePrinters(user: string, snlist: string): { ok: string[]; no: string[] } {
    const ok: string[] = [];
    const no: string[] = [];
    for (const sn of snlist.split('-').map((s) => s.trim()).filter(Boolean)) {
      const device = this.devices.get(sn);
      if (device?.user === user) {
        device.user = null;
        for (const order of this.orders) if (order.sn === sn && order.state === 'waiting') order.state = 'cleared';
        ok.push(sn);
      } else no.push(`${sn} （错误：打印机编号和用户不匹配）`);
    }
    return { ok, no };
  }

  editPrinter(user: string, sn: string, name: string, phonenum: string): true {
    Object.assign(this.owned(user, sn), { remark: name, phonenum });
    return true;
  }

  /** Open_printMsg: queues the content `times` times; prints at once when the printer is online. */
  print(user: string, sn: string, content: string, times: number, expiresAt: number | null): string {
    const device = this.owned(user, sn);
    if (!content) throw new FeieError(FEIE_RET.params, '参数错误 : content 不能为空。');
    if (Buffer.byteLength(content) > MAX_CONTENT_BYTES) throw new FeieError(FEIE_RET.content, `参数错误 : 内容不能超过 ${MAX_CONTENT_BYTES} 字节。`);
    // One QR code per order, as the documentation says of <QR>.
    if ((content.match(/<QR>/g) ?? []).length > 1) throw new FeieError(FEIE_RET.content, '参数错误 : 一个订单最多只能打印一个二维码。');
    if (!Number.isInteger(times) || times < 1 || times > 9) throw new FeieError(FEIE_RET.params, '参数错误 : times 须为 1–9 的整数。');
    const at = this.now();
    const stamp = new Date(at + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    const order: FeieOrder = { orderId: `${sn}_${stamp}_${randomInt(100_000_000, 999_999_999)}`, sn, user, content, times, state: 'waiting', createdAt: at, printedAt: null, expiresAt };
    this.orders.push(order);
    if (this.orders.length > 5000) this.orders.splice(0, this.orders.length - 5000);
    this.deliver(device);
    return order.orderId;
  }

  orderPrinted(user: string, orderId: string): boolean {
    const order = this.orders.find((o) => o.orderId === orderId && o.user === user);
    if (!order) throw new FeieError(FEIE_RET.order, '错误：订单编号不存在。');
    return order.state === 'printed';
  }

  /** Open_queryPrinterStatus's sentences. */
  statusText(user: string, sn: string): string {
    const device = this.owned(user, sn);
    if (device.status === 'offline') return '离线。';
    return device.status === 'paper_out' ? '在线，工作状态不正常。' : '在线，工作状态正常。';
  }

  clearQueue(user: string, sn: string): true {
    this.owned(user, sn);
    for (const order of this.orders) if (order.sn === sn && order.state === 'waiting') order.state = 'cleared';
    return true;
  }

  /** Open_queryOrderInfoByDate: orders of a day (Beijing time) printed and waiting. */
  ordersOfDay(user: string, sn: string, date: string): { print: number; waiting: number } {
    this.owned(user, sn);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new FeieError(FEIE_RET.params, '参数错误 : date 格式为 yyyy-MM-dd。');
    const day = (at: number) => new Date(at + 8 * 3600_000).toISOString().slice(0, 10);
    const ofDay = this.orders.filter((o) => o.sn === sn && day(o.createdAt) === date);
    return { print: ofDay.filter((o) => o.state === 'printed').length, waiting: ofDay.filter((o) => o.state === 'waiting').length };
  }

  /** Switches a printer on/off/out of paper; back online it prints its queue. */
  setStatus(sn: string, status: PrinterStatus): FeieDevice {
    const device = this.device(sn);
    device.status = status;
    this.deliver(device);
    return device;
  }

  /** Prints the printer's waiting orders, oldest first, when it can. */
  deliver(device: FeieDevice): void {
    if (device.status !== 'online') return;
    const at = this.now();
    for (const order of this.orders) {
      if (order.sn !== device.sn || order.state !== 'waiting') continue;
      if (order.expiresAt !== null && order.expiresAt < at) {
        order.state = 'expired';
        continue;
      }
      const pages = renderFeieMarkup(order.content, COLUMNS_BY_PAPER[device.paper]);
      for (let copy = 1; copy <= order.times; copy += 1) {
        for (const page of pages) {
          this.seq += 1;
          const ticket: PrintedTicket = { ...page, id: `feie:${device.sn}#${this.seq}`, printer: `feie:${device.sn}`, at, lost: false, orderId: order.orderId, copy };
          this.tickets.push(ticket);
          this.onTicket(ticket);
        }
      }
      if (this.tickets.length > 2000) this.tickets.splice(0, this.tickets.length - 2000);
      order.state = 'printed';
      order.printedAt = at;
    }
  }

  /** The fault that applies to this call, used up by one. */
  takeFault(apiname: string): FeieFault | null {
    const fault = this.faults.find((f) => f.remaining > 0 && (f.apiname === '*' || f.apiname === apiname));
    if (!fault) return null;
    fault.remaining -= 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return fault;
  }

  private owned(user: string, sn: string): FeieDevice {
    if (!SN.test(sn)) throw new FeieError(FEIE_RET.printer, '错误：SN编号不合法。');
    const device = this.devices.get(sn);
    if (device?.user !== user) throw new FeieError(FEIE_RET.printer, '错误：打印机编号和用户不匹配。');
    return device;
  }
}
