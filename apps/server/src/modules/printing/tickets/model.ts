import type { PrintJobTicket } from '@canteen/contract';

/**
 * The template model of a ticket: what it says, not how it is laid out. One model per kind
 * (tickets/build.ts: 结账单, 后厨单, 退菜单, 测试页), laid out for a paper width by layout.ts and
 * rendered for a printer by feie.ts or escpos.ts.
 */
export interface TicketItem {
  name: string;
  /** Options (微辣/加蛋), a combo's dish (in 单人套餐), a line's remark: printed under the name. */
  notes: string[];
  /** `x2`, `x1.5斤`. */
  quantity: string;
  /** Yuan, e.g. `96.00`; none on kitchen tickets. */
  amount?: string;
  /** A combo's chosen dish on a receipt: indented under the combo. */
  child?: boolean;
}

export interface TicketModel {
  kind: PrintJobTicket;
  /** The store's name. */
  title: string;
  /** 结账单, 后厨单, 退菜单, 测试页 (with （重打） when reprinted). */
  subtitle: string;
  /** Printed large: 桌号 A01, 取餐号 A012. */
  headline?: string;
  /** `label：value` lines: 单号, 下单时间, 类型, 人数, 加菜 第2轮… */
  meta: Array<[string, string]>;
  /** Large type (kitchen tickets: read from a distance). */
  largeItems: boolean;
  items: TicketItem[];
  /** Right-aligned `label value` lines: 合计, 优惠, 实收, payments. */
  totals: Array<[string, string]>;
  /** The order's remark (整单备注), printed bold. */
  remark?: string;
  /** A QR code of this text (the order number). */
  qr?: string;
  footer?: string;
}
