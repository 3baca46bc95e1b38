import { z } from 'zod';
import { textSchema } from './text.js';
import { pageQuerySchema } from './paging.js';
import { ORDER_TYPES } from './store.js';

/**
 * 订单 (STORE.md §6, issue 13): orders taken at the counter (收银台) and from the table QR codes
 * (the diners' page), their lines, payments, refunds and log. Money is integer fen; quantities
 * of weighed dishes have three decimals. The server prices every line from the catalogue: what
 * a client sends is what was chosen, never a price.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;
const required = (name: string, max: number) => text(name, max).min(1, `${name}不能为空`);
const date = (name: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name}格式应为 YYYY-MM-DD`);
const fen = z.number().int();

// ---------- states, kinds, limits ----------

/**
 * dining 就餐中 (pay-later dine-in, rounds of added dishes) → pending 待支付 → paid 已支付 (waits to
 * be accepted) → making 制作中 → finished 已完成; cancelled 已取消 from dining, pending or paid
 * (paid money goes back); refunded 已退款 / partially_refunded 部分退款 after payment.
 */
/** The order list counts (a tab's count, a page's total) stop here: a store's history can be a million rows. */
export const ORDER_COUNT_CAP = 2_000;

export const ORDER_STATUSES = ['dining', 'pending', 'paid', 'making', 'finished', 'cancelled', 'refunded', 'partially_refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_SOURCES = ['cashier', 'qr'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const PAY_METHODS = ['cash', 'balance', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** A payment: pending (a WeChat Pay QR shown, not yet paid), success, closed (given up, never paid). */
export const PAYMENT_STATUSES = ['pending', 'success', 'closed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** dish, combo, and combo_item: a dish chosen inside a combo (a child line of the combo's line). */
export const ORDER_LINE_KINDS = ['dish', 'combo', 'combo_item'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/**
 * The admin list's tabs (the specification names all, finish and canceled). 待处理 holds what
 * waits for staff: tabs still eating, unpaid orders and paid ones not yet accepted. A partial
 * refund stays under 已完成 (with a badge); a whole refund is under 已取消.
 */
export const ORDER_TABS = {
  all: [],
  todo: ['dining', 'pending', 'paid'],
  making: ['making'],
  finish: ['finished', 'partially_refunded'],
  canceled: ['cancelled', 'refunded'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderTab = keyof typeof ORDER_TABS;
export const ORDER_TAB_KEYS = Object.keys(ORDER_TABS) as OrderTab[];

/** The labels of states, methods, sources (Chinese; the web app translates them by key). */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  dining: '就餐中', pending: '待支付', paid: '已支付', making: '制作中', finished: '已完成', cancelled: '已取消', refunded: '已退款', partially_refunded: '部分退款',
};
export const PAY_METHOD_NAMES: Record<PayMethod, string> = { cash: '现金', balance: '会员余额', wechat: '微信支付' };

/** Most lines (dishes and combos) in one order, and the largest quantity of one line. */
export const ORDER_LINES_MAX = 100;
export const ORDER_LINE_QUANTITY_MAX = 999;
/** Unpaid orders are cancelled after this many minutes unless ORDER_UNPAID_TIMEOUT_MIN says otherwise. */
export const ORDER_UNPAID_TIMEOUT_MIN = 15;

// ---------- creating: what a cart sends ----------

/** A chosen dish inside a combo (a combo item of an optional group, N times). */
export const comboChoiceSchema = z.object({
  comboItemId: id,
  quantity: z.number().int('套餐选择数量必须是整数').min(1, '套餐选择数量至少为1').max(99, '套餐选择数量不能超过99'),
});

/**
 * One cart line. A dish: its SKU when it has several, its chosen options. A combo: its choices in
 * the optional groups (fixed groups come with it). Quantity: whole portions, or kilograms / 斤 with
 * up to three decimals for a weighed dish.
 */
export const orderLineInputSchema = z.object({
  kind: z.enum(['dish', 'combo'], { message: '菜品类型只能是菜品或套餐' }),
  itemId: id,
  skuId: id.optional(),
  optionIds: z.array(id).max(30, '口味选项不能超过30个').default([]),
  choices: z.array(comboChoiceSchema).max(50, '套餐选择不能超过50项').default([]),
  quantity: z
    .number({ message: '数量必须是数字' })
    .positive('数量必须大于0')
    .max(ORDER_LINE_QUANTITY_MAX, `数量不能超过${ORDER_LINE_QUANTITY_MAX}`)
    .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, '数量最多三位小数'),
  remark: text('菜品备注', 50).default(''),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

/** A cart: what the cashier and the diners' page send to price (quote) and to create an order. */
export const orderCartSchema = z.object({
  storeId: id,
  type: z.enum(ORDER_TYPES, { message: '订单类型只能是堂食或外带' }),
  /** Dine-in at the counter may name a table; the diners' page takes it from the QR token. */
  tableId: id.optional(),
  guests: z.number().int('就餐人数必须是整数').min(1, '就餐人数至少为1').max(99, '就餐人数不能超过99').optional(),
  /** The member the order is for (member price or level discount, balance, coupons). */
  memberId: id.optional(),
  couponId: id.optional(),
  remark: text('订单备注', 200).default(''),
  lines: z.array(orderLineInputSchema).min(1, '请至少选择一个菜品').max(ORDER_LINES_MAX, `一个订单最多${ORDER_LINES_MAX}个菜品`),
});
export type OrderCart = z.input<typeof orderCartSchema>;

// ---------- what the server answers ----------

export const orderLineRecordSchema = z.object({
  id: z.string(),
  /** The combo line a combo_item belongs to. */
  parentId: z.string().nullable(),
  kind: z.enum(ORDER_LINE_KINDS),
  dishId: z.string().nullable(),
  comboId: z.string().nullable(),
  skuId: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** Snapshots at order time. */
  name: z.string(),
  /** "大份/微辣/加蛋": SKU and options, or a combo item's extras. */
  specText: z.string(),
  image: z.string().nullable(),
  unit: z.string(),
  /** Price of one (SKU or dish, member price when it applied), options included. */
  unitPrice: fen,
  quantity: z.number(),
  /** unitPrice × quantity, rounded once; a combo_item's extras are in its parent's amount. */
  lineAmount: fen,
  /** The member discount on this line. */
  discountAmount: fen,
  refundedQuantity: z.number(),
  remark: z.string(),
  /** The round of a pay-later tab (加菜 1, 2, 3…). */
  round: z.number().int(),
  /** The kitchen's progress (issue 24): 待制作 → 制作中 → 已出餐 → 已上菜; a combo line follows its items. */
  kitchenState: z.enum(['waiting', 'making', 'ready', 'served']).optional(),
  /** 催菜: when the line was last rushed. */
  rushedAt: z.string().nullable().optional(),
  /** 退菜 of an unpaid order: taken off the line (not refunded: nothing was paid). */
  voidedQuantity: z.number().optional(),
});
export type OrderLineRecord = z.infer<typeof orderLineRecordSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  method: z.enum(PAY_METHODS),
  amount: fen,
  status: z.enum(PAYMENT_STATUSES),
  /** Cash: what the customer handed over, and the change. */
  tendered: fen.nullable(),
  change: fen.nullable(),
  /** WeChat Pay: the platform's transaction number. */
  tradeNo: z.string().nullable(),
  /** Balance: the parts of principal and bonus it took (refunds give back the same parts). */
  balancePrincipal: fen.nullable(),
  balanceBonus: fen.nullable(),
  refundedAmount: fen,
  operatorName: z.string(),
  paidTime: z.string().nullable(),
  createTime: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const refundRecordSchema = z.object({
  id: z.string(),
  amount: fen,
  reason: z.string(),
  /** Per payment method, what went back. */
  parts: z.array(z.object({ paymentId: z.string(), method: z.enum(PAY_METHODS), amount: fen })),
  lines: z.array(z.object({ lineId: z.string(), name: z.string(), quantity: z.number() })),
  restock: z.boolean(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const orderLogRecordSchema = z.object({
  id: z.string(),
  action: z.string(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  remark: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type OrderLogRecord = z.infer<typeof orderLogRecordSchema>;

/** The amounts of an order (or of a quote): payable = goods + packing − member − coupon − manual, never below 0. */
export const orderAmountsSchema = z.object({
  goodsAmount: fen,
  packingFee: fen,
  memberDiscount: fen,
  couponDiscount: fen,
  payableAmount: fen,
});

/** A row of the admin list. */
export const orderRowSchema = orderAmountsSchema.extend({
  id: z.string(),
  orderNo: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  businessDate: z.string(),
  type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  /** A pay-later tab (先吃后付, created dining): once paid it is finished without 接单. */
  payLater: z.boolean(),
  tableId: z.string().nullable(),
  tableCode: z.string().nullable(),
  guests: z.number().int().nullable(),
  pickupNo: z.string().nullable(),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  /** Masked (138****1234). */
  memberPhone: z.string().nullable(),
  paidAmount: fen,
  refundedAmount: fen,
  /** The methods of its successful payments. */
  payMethods: z.array(z.enum(PAY_METHODS)),
  /** Lines (dishes and combos, not combo items) and their total quantity. */
  itemCount: z.number(),
  remark: z.string(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** The order drawer: the row and its lines, payments, refunds and log. */
export const orderRecordSchema = orderRowSchema.extend({
  coupon: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  cancelReason: z.string().nullable(),
  /** When an unpaid order will be cancelled. */
  expireTime: z.string().nullable(),
  operatorName: z.string(),
  lines: z.array(orderLineRecordSchema),
  payments: z.array(paymentRecordSchema),
  refunds: z.array(refundRecordSchema),
  logs: z.array(orderLogRecordSchema),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** A priced cart, before anything is saved: what the cart shows. */
export const orderQuoteSchema = orderAmountsSchema.extend({
  lines: z.array(orderLineRecordSchema.omit({ id: true, parentId: true, refundedQuantity: true, round: true }).extend({ children: z.array(z.object({ name: z.string(), specText: z.string(), quantity: z.number() })) })),
  /** The member's coupons usable for this cart, with what each would take off (best first). */
  coupons: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), discount: fen })),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

// ---------- the admin list ----------

export const orderQuerySchema = pageQuerySchema.extend({
  storeId: id.optional(),
  tab: z.enum(ORDER_TAB_KEYS as [OrderTab, ...OrderTab[]], { message: '订单分类不正确' }).default('all'),
  /** Business dates, inclusive. */
  dateFrom: date('开始日期').optional(),
  dateTo: date('结束日期').optional(),
  orderNo: text('订单号', 32).optional(),
  /** The member's phone, whole or its last four digits. */
  phone: z.string().trim().regex(/^\d{4,11}$/, '手机号请输入4到11位数字').optional(),
  tableCode: text('桌号', 16).optional(),
  type: z.enum(ORDER_TYPES, { message: '订单类型只能是堂食或外带' }).optional(),
  source: z.enum(ORDER_SOURCES, { message: '订单来源只能是收银台或扫码' }).optional(),
  payMethod: z.enum(PAY_METHODS, { message: '支付方式不正确' }).optional(),
});
export type OrderQuery = z.input<typeof orderQuerySchema>;

/** The number of orders per tab (the 待处理 badge). */
export const orderCountsSchema = z.record(z.enum(ORDER_TAB_KEYS as [OrderTab, ...OrderTab[]]), z.number().int());

// ---------- paying, moving on, refunding ----------

/**
 * One payment towards an order (several make a split payment). Cash: `tendered` ≥ amount, the
 * change is given back. Balance: the order's member pays. WeChat Pay: answers a QR code to show
 * the customer; the order is paid when the platform's notification arrives.
 */
export const orderPayBodySchema = z.object({
  method: z.enum(PAY_METHODS, { message: '支付方式只能是现金、会员余额或微信支付' }),
  /** Defaults to what is left to pay. */
  amount: z.number().int('金额必须是整数分').positive('支付金额必须大于0').max(999_999_999, '支付金额超出上限').optional(),
  tendered: z.number().int('实收金额必须是整数分').min(0, '实收金额不能为负数').max(999_999_999, '实收金额超出上限').optional(),
});
export type OrderPayBody = z.input<typeof orderPayBodySchema>;
export const orderPayResultSchema = z.object({
  order: orderRecordSchema,
  payment: paymentRecordSchema,
  /** WeChat Pay: the code to show as a QR (weixin://wxpay/…) and the simulator's page that pays it. */
  codeUrl: z.string().nullable(),
  payUrl: z.string().nullable(),
});
export type OrderPayResult = z.infer<typeof orderPayResultSchema>;

/** 加菜: a round of lines added to a pay-later table's open (dining) order. */
export const orderAddLinesBodySchema = orderCartSchema.pick({ lines: true, remark: true });
export type OrderAddLinesBody = z.input<typeof orderAddLinesBodySchema>;

export const orderCancelBodySchema = z.object({ reason: required('取消原因', 100) });
export const orderRefundBodySchema = z
  .object({
    reason: required('退款原因', 100),
    /** Chosen lines and quantities; empty = the whole order (what is left of it). */
    lines: z.array(z.object({ lineId: id, quantity: z.number().positive('退款数量必须大于0').max(ORDER_LINE_QUANTITY_MAX) })).max(ORDER_LINES_MAX).default([]),
    /** Give the stock back (the dish was not made). */
    restock: z.boolean().default(false),
  });
export type OrderRefundBody = z.input<typeof orderRefundBodySchema>;

// ---------- the live channel ----------

/** What `/store/orders{storeId}` carries when an order is paid (or a pay-later order comes in). */
export const orderLiveEventSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  storeId: z.string(),
  type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  tableCode: z.string().nullable(),
  pickupNo: z.string().nullable(),
  payableAmount: fen,
  createTime: z.string(),
});
export type OrderLiveEvent = z.infer<typeof orderLiveEventSchema>;

// ---------- the diners' page (public, by table token) ----------

/** The diners' view of their order, reached by the secret `viewToken` the creation answered. */
export const dinerOrderSchema = orderAmountsSchema.extend({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  type: z.enum(ORDER_TYPES),
  tableCode: z.string().nullable(),
  pickupNo: z.string().nullable(),
  paidAmount: fen,
  remark: z.string(),
  createTime: z.string(),
  expireTime: z.string().nullable(),
  lines: z.array(orderLineRecordSchema.pick({ id: true, parentId: true, kind: true, name: true, specText: true, unitPrice: true, quantity: true, lineAmount: true, round: true })),
  viewToken: z.string(),
  /** Why it was cancelled (a dish sold out before it was paid: 芝士蛋糕已售罄，已原路退款). */
  cancelReason: z.string().nullable().optional(),
});
export type DinerOrder = z.infer<typeof dinerOrderSchema>;

export const dinerTableSchema = z.object({ storeId: z.string(), storeName: z.string(), tableCode: z.string(), areaName: z.string(), payMode: z.enum(['pay_first', 'pay_later']) });
export const dinerCartSchema = orderCartSchema.omit({ storeId: true, tableId: true, memberId: true, couponId: true, type: true }).extend({
  type: z.enum(ORDER_TYPES, { message: '订单类型只能是堂食或外带' }).default('dine_in'),
});
export type DinerCart = z.input<typeof dinerCartSchema>;
export const dinerCreateResultSchema = z.object({
  order: dinerOrderSchema,
  /** Pay-first: the simulator's (or the platform's) page that pays the order, then comes back. */
  payUrl: z.string().nullable(),
  /**
   * Given once, when this submission opened the table's pay-later tab: the secret (TAB_SECRET_HEADER)
   * the device keeps to read the tab, add to it and ask for its bill; nobody else has it.
   */
  tabSecret: z.string().optional(),
});
/**
 * The table's open pay-later tab as this device sees it: its own (it sent the tab's secret), or
 * only that the table is in use by another party's device (`inUse`, no order).
 */
export const dinerOpenTabSchema = z.object({ order: dinerOrderSchema.nullable(), inUse: z.boolean() });
export type DinerOpenTab = z.infer<typeof dinerOpenTabSchema>;
