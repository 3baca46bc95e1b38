import { z } from 'zod';
import { textSchema } from './text.js';
import { ORDER_SOURCES, ORDER_STATUSES, orderRecordSchema } from './order.js';
import { ORDER_TYPES } from './store.js';

/**
 * The service floor (STORE.md §10, issue 24): table sessions (a seating at a table, from 开台 to
 * 清台), the kitchen state of each order line, the kitchen display's tickets and the pickup board.
 * A table's state is read from its open session, never typed by hand.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const required = (name: string, max: number) => textSchema(name, max).min(1, `${name}不能为空`);
const fen = z.number().int();

// ---------- tables and sessions ----------

/**
 * idle 空闲 (no open session) → opened 已开台 (guests counted, nothing ordered) → dining 就餐中 (an
 * open tab or unfinished orders) → billing 待结账 (买单 asked) → to_clear 待清台 (all paid, not yet
 * cleared) → idle.
 */
export const TABLE_STATES = ['idle', 'opened', 'dining', 'billing', 'to_clear'] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const TABLE_STATE_NAMES: Record<TableState, string> = { idle: '空闲', opened: '已开台', dining: '就餐中', billing: '待结账', to_clear: '待清台' };

/** Most guests one seating counts. */
export const TABLE_GUESTS_MAX = 99;

/** The open seating at a table, as the map and the panel show it. */
export const tableSessionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  tableId: z.string(),
  tableCode: z.string(),
  state: z.enum(TABLE_STATES),
  guests: z.number().int(),
  note: z.string(),
  /** Orders of the seating not cancelled: what it has ordered, and what is still unpaid. */
  orderCount: z.number().int(),
  amount: fen,
  unpaidAmount: fen,
  /** Lines of the seating the kitchen has not sent out yet, and how many of them are 催菜. */
  linesToMake: z.number().int(),
  rushed: z.number().int(),
  /** The seating was merged (并台) into another: that one's id and table; this table follows its state. */
  mergedIntoId: z.string().nullable(),
  mergedIntoTableCode: z.string().nullable(),
  /** Tables merged into this seating (并台). */
  mergedTableCodes: z.array(z.string()),
  openedAt: z.string(),
  openedBy: z.string(),
  firstOrderAt: z.string().nullable(),
  billAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type TableSession = z.infer<typeof tableSessionSchema>;

/** One table on the map. */
export const floorTableSchema = z.object({
  id: z.string(),
  areaId: z.string(),
  code: z.string(),
  seats: z.number().int(),
  minSpend: z.number().int().nullable(),
  enabled: z.boolean(),
  state: z.enum(TABLE_STATES),
  session: tableSessionSchema.nullable(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

/** A store's floor: areas (tabs of the map) and every table with its state; `asOf` is the server's time. */
export const floorSchema = z.object({
  storeId: z.string(),
  areas: z.array(z.object({ id: z.string(), name: z.string(), sort: z.number().int() })),
  tables: z.array(floorTableSchema),
  counts: z.record(z.enum(TABLE_STATES), z.number().int()),
  asOf: z.string(),
});
export type Floor = z.infer<typeof floorSchema>;

/** waiting 待制作 → making 制作中 → ready 已出餐 → served 已上菜 (划菜). */
export const KITCHEN_STATES = ['waiting', 'making', 'ready', 'served'] as const;
export type KitchenState = (typeof KITCHEN_STATES)[number];
export const KITCHEN_STATE_NAMES: Record<KitchenState, string> = { waiting: '待制作', making: '制作中', ready: '已出餐', served: '已上菜' };

/** The kitchen side of one order line of the panel (order records carry none): its state tag, its 催 mark, what 退菜 took off. */
export const panelLineKitchenSchema = z.object({
  lineId: z.string(),
  state: z.enum(KITCHEN_STATES),
  rushedAt: z.string().nullable(),
  voidedQuantity: z.number(),
});
export type PanelLineKitchen = z.infer<typeof panelLineKitchenSchema>;

/** The table's panel: the table, its open seating and the seating's orders (rounds, payments, log), with their lines' kitchen states. */
export const tablePanelSchema = z.object({
  table: floorTableSchema,
  orders: z.array(orderRecordSchema),
  kitchen: z.array(panelLineKitchenSchema).default([]),
});
export type TablePanel = z.infer<typeof tablePanelSchema>;

export const tableOpenBodySchema = z.object({
  guests: z.number({ message: '请输入就餐人数' }).int('就餐人数必须是整数').min(1, '就餐人数至少为1').max(TABLE_GUESTS_MAX, `就餐人数不能超过${TABLE_GUESTS_MAX}`),
  note: textSchema('备注', 100).default(''),
});
export type TableOpenBody = z.input<typeof tableOpenBodySchema>;
/** 转台: the seating and its orders move to a free table. */
export const tableTransferBodySchema = z.object({ toTableId: id });
/** 并台: the other table's seating (and its unpaid tab) joins this one, into one bill. */
export const tableMergeBodySchema = z.object({ fromTableId: id });
/** 改人数 / 备注 of an open seating. */
export const tableSessionEditBodySchema = tableOpenBodySchema;

// ---------- the kitchen ----------


/** A ticket's age, in minutes, past which the display turns it amber, then red (a store may set its own). */
export const KITCHEN_AMBER_MIN_DEFAULT = 10;
export const KITCHEN_RED_MIN_DEFAULT = 20;

/** One line on a ticket: a dish, a combo's item, with what to make and how far it is. */
export const kitchenLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  specText: z.string(),
  remark: z.string(),
  /** Still to make: ordered less refunded and voided. */
  quantity: z.number(),
  unit: z.string(),
  round: z.number().int(),
  /** The combo this item belongs to (its name), for a combo's items. */
  comboName: z.string().nullable(),
  state: z.enum(KITCHEN_STATES),
  rushedAt: z.string().nullable(),
  stateAt: z.string().nullable(),
  stateBy: z.string(),
});
export type KitchenLine = z.infer<typeof kitchenLineSchema>;

/** An order's lines for one station, as the kitchen display shows them (one card). */
export const kitchenTicketSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  tableCode: z.string().nullable(),
  pickupNo: z.string().nullable(),
  guests: z.number().int().nullable(),
  remark: z.string(),
  /** When the oldest line of the ticket still to make reached the kitchen (paid, or sent for a tab's round). */
  since: z.string(),
  lines: z.array(kitchenLineSchema),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

/** A station: a kitchen printer's category route (STORE.md §10), or every category. */
export const kitchenStationSchema = z.object({
  /** The printer whose categories the station serves; `all` serves every category. */
  id: z.string(),
  name: z.string(),
  categoryIds: z.array(z.string()),
});
export type KitchenStation = z.infer<typeof kitchenStationSchema>;

export const kitchenQuerySchema = z.object({
  storeId: id,
  /** A station's id (kitchenStationSchema.id); `all` or none: every line. */
  station: z.string().regex(/^(all|[1-9]\d{0,17})$/, '工位不正确').optional(),
  /** Also the lines already out (ready and served) of the last hour, for 已出餐 and 划菜. */
  done: z.enum(['0', '1']).optional(),
});
export type KitchenQuery = z.input<typeof kitchenQuerySchema>;

export const kitchenBoardSchema = z.object({
  storeId: z.string(),
  stations: z.array(kitchenStationSchema),
  tickets: z.array(kitchenTicketSchema),
  amberMinutes: z.number().int(),
  redMinutes: z.number().int(),
  asOf: z.string(),
});
export type KitchenBoard = z.infer<typeof kitchenBoardSchema>;

/** Marks lines (or a whole ticket's lines of a station) making, ready or served. */
export const kitchenMarkBodySchema = z.object({
  storeId: id,
  lineIds: z.array(id).min(1, '请选择菜品').max(200, '一次最多200道菜'),
  state: z.enum(['making', 'ready', 'served'], { message: '出餐状态不正确' }),
});
export type KitchenMarkBody = z.input<typeof kitchenMarkBodySchema>;

/** 催菜: the lines not yet out (all of the order's when none is named) are flagged, and a 催菜单 prints. */
export const orderRushBodySchema = z.object({ lineIds: z.array(id).max(200, '一次最多200道菜').default([]) });
/** 退菜: part of a line of an unpaid order taken off it, with a reason; a 退菜单 prints. */
export const orderVoidLineBodySchema = z.object({
  quantity: z.number({ message: '请输入退菜数量' }).positive('退菜数量必须大于0').max(999, '退菜数量超出上限'),
  reason: required('退菜原因', 100),
});
export type OrderVoidLineBody = z.input<typeof orderVoidLineBodySchema>;

// ---------- the pickup board ----------

/** Takeaway and pay-first counter orders of today still being made, and those ready to collect. */
export const pickupBoardSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  making: z.array(z.object({ orderId: z.string(), pickupNo: z.string(), since: z.string() })),
  /** `lineIds`: the order's lines not yet collected (served), for the board to mark them 已上菜 (mark route). */
  ready: z.array(z.object({ orderId: z.string(), pickupNo: z.string(), since: z.string(), lineIds: z.array(z.string()).optional() })),
  asOf: z.string(),
});
export type PickupBoard = z.infer<typeof pickupBoardSchema>;

// ---------- the live channel ----------

/**
 * What `/store/floor{storeId}` carries: something changed at these tables or in these orders'
 * kitchen lines, or (`plan`) the store's tables and areas were edited. Screens refetch what they
 * show (the event is a hint, the answer the truth).
 */
export const floorLiveEventSchema = z.object({
  storeId: z.string(),
  kind: z.enum(['table', 'kitchen', 'pickup', 'plan']),
  tableIds: z.array(z.string()),
  orderIds: z.array(z.string()),
  at: z.string(),
});
export type FloorLiveEvent = z.infer<typeof floorLiveEventSchema>;
