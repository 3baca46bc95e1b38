import { z } from 'zod';
import { textSchema } from './text.js';
import { isTimeZone } from './business-date.js';
import { MONEY_MAX_FEN } from './money.js';
import { pageQuerySchema } from './paging.js';

/**
 * The store side's first half (STORE.md §1–4): stores, the menu (categories, option groups,
 * dishes with SKUs, combos) and tables. Money is integer fen; ids are strings.
 */

const id = z.string().regex(/^[1-9]\d{0,17}$/, '必须是数字编号');
const text = textSchema;
const required = (name: string, max: number) => text(name, max).min(1, `${name}不能为空`);
const fen = (name: string) =>
  z.number({ message: `${name}必须是金额（分）` }).int(`${name}必须是整数分`).min(0, `${name}不能为负数`).max(MONEY_MAX_FEN, `${name}超出上限`);
const sort = z.number().int('排序必须是整数').min(-99999, '排序超出范围').max(99999, '排序超出范围').default(0);
const count = (name: string) => z.number().int(`${name}必须是整数`).min(0, `${name}不能为负数`).max(9_999_999, `${name}超出上限`);

export const ORDER_TYPES = ['dine_in', 'takeaway'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const PAY_MODES = ['pay_first', 'pay_later'] as const;
export const PACKING_FEE_MODES = ['none', 'per_order', 'per_item'] as const;
export const STOCK_MODES = ['unlimited', 'total', 'daily'] as const;
export type StockMode = (typeof STOCK_MODES)[number];
// A table has no typed status: its state is its open seating's (floor.ts TABLE_STATES, issue 24).
export const CATEGORY_KINDS = ['dish', 'combo'] as const;

/** Most images a dish or combo has (the first is the cover). */
export const DISH_IMAGES_MAX = 5;
/** Most tables one batch creates (A01–A99). */
export const TABLE_BATCH_MAX = 200;

const orderTypes = z.array(z.enum(ORDER_TYPES, { message: '订单类型只能是堂食或外带' })).min(1, '至少选择一种订单类型');

// ---------- stores ----------

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');
/** One slot of the weekly hours; `close` ≤ `open` runs past midnight. */
export const businessHoursSlotSchema = z
  .object({
    days: z.array(z.number().int().min(1, '星期只能是1到7').max(7, '星期只能是1到7')).min(1, '营业时段至少选择一天'),
    open: hhmm,
    close: hhmm,
  })
  .refine((s) => s.open !== s.close, '营业时段的开始与结束时间不能相同');
export const businessHoursSchema = z.array(businessHoursSlotSchema).max(21, '营业时段不能超过21个');
export type BusinessHoursSlot = z.infer<typeof businessHoursSlotSchema>;
export type BusinessHours = BusinessHoursSlot[];

export const pickupRuleSchema = z
  .object({
    prefix: text('取餐号前缀', 4).default(''),
    start: z.number().int().min(0, '取餐号起始不能为负数').max(9999, '取餐号起始不能超过9999').default(1),
    end: z.number().int().min(1, '取餐号结束至少为1').max(9999, '取餐号结束不能超过9999').default(999),
    /** Digits never used in a pickup number (e.g. "4"). */
    skip: z.array(z.string().regex(/^\d$/, '跳过的数字只能是0到9')).max(9, '不能跳过所有数字').default([]),
  })
  .refine((r) => r.start < r.end, '取餐号起始必须小于结束');
export type PickupRule = z.infer<typeof pickupRuleSchema>;

export const storeRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  phone: z.string(),
  region: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  businessHours: businessHoursSchema,
  isOpen: z.boolean(),
  dayCutoffHour: z.number().int(),
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  payMode: z.enum(PAY_MODES),
  pickupRule: pickupRuleSchema,
  packingFeeMode: z.enum(PACKING_FEE_MODES),
  packingFee: z.number().int(),
  notice: z.string(),
  sort: z.number().int(),
  /** Open right now: switched on and within its hours (server clock, store time zone). */
  openNow: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type StoreRecord = z.infer<typeof storeRecordSchema>;

export const storeBodySchema = z.object({
  id: id.optional(),
  name: required('门店名称', 64),
  logo: text('门店Logo', 500).nullish(),
  phone: text('联系电话', 20).regex(/^[0-9+\-() ]*$/, '联系电话只能包含数字、空格和 + - ( )').default(''),
  region: text('所在地区', 100).default(''),
  address: text('详细地址', 255).default(''),
  latitude: z.number().min(-90, '纬度应在 -90 到 90 之间').max(90, '纬度应在 -90 到 90 之间').nullish(),
  longitude: z.number().min(-180, '经度应在 -180 到 180 之间').max(180, '经度应在 -180 到 180 之间').nullish(),
  timeZone: z.string().refine(isTimeZone, '时区不正确（例如 Asia/Shanghai）').default('Asia/Shanghai'),
  businessHours: businessHoursSchema.default([]),
  isOpen: z.boolean().default(true),
  dayCutoffHour: z.number().int('营业日切换时间必须是整点').min(0, '营业日切换时间应在0到23点之间').max(23, '营业日切换时间应在0到23点之间').default(4),
  orderTypes: orderTypes.default(['dine_in', 'takeaway']),
  payMode: z.enum(PAY_MODES, { message: '支付方式只能是先付后吃或先吃后付' }).default('pay_first'),
  pickupRule: pickupRuleSchema.default({ prefix: '', start: 1, end: 999, skip: [] }),
  packingFeeMode: z.enum(PACKING_FEE_MODES, { message: '打包费方式不正确' }).default('none'),
  packingFee: fen('打包费').default(0),
  notice: text('门店公告', 500).default(''),
  sort,
});
export type StoreBody = z.input<typeof storeBodySchema>;

/** A store-scoped list: the chosen store is part of each page's query (STORE.md §1). */
export const storeScopedQuerySchema = pageQuerySchema.extend({ storeId: id });

// ---------- categories ----------

export const categoryRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** Dishes (or combos) in it that are not archived. */
  itemCount: z.number().int(),
  createTime: z.string(),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;
export const categoryBodySchema = z.object({
  id: id.optional(),
  storeId: id,
  name: required('分类名称', 32),
  kind: z.enum(CATEGORY_KINDS, { message: '分类类型只能是菜品或套餐' }).default('dish'),
  sort,
  enabled: z.boolean().default(true),
});
export const categoryQuerySchema = storeScopedQuerySchema.extend({
  kind: z.enum(CATEGORY_KINDS).optional(),
  name: text('分类名称', 32).optional(),
});

// ---------- option groups (规格) ----------

export const specOptionSchema = z.object({
  id: id.optional(),
  name: required('选项名称', 32),
  priceDelta: z.number().int('加价必须是整数分').min(-MONEY_MAX_FEN, '加价超出范围').max(MONEY_MAX_FEN, '加价超出范围').default(0),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
  sort,
});
export const specGroupRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  selection: z.enum(['single', 'multiple']),
  minSelect: z.number().int(),
  maxSelect: z.number().int(),
  sort: z.number().int(),
  options: z.array(specOptionSchema.extend({ id: z.string(), priceDelta: z.number().int() })),
  /** Dishes it is attached to. */
  dishCount: z.number().int(),
  createTime: z.string(),
});
export type SpecGroupRecord = z.infer<typeof specGroupRecordSchema>;
export const specGroupBodySchema = z
  .object({
    id: id.optional(),
    storeId: id,
    name: required('规格名称', 32),
    selection: z.enum(['single', 'multiple'], { message: '选择方式只能是单选或多选' }).default('single'),
    minSelect: z.number().int().min(0, '最少选择不能为负数').max(20, '最少选择不能超过20').default(0),
    maxSelect: z.number().int().min(1, '最多选择至少为1').max(20, '最多选择不能超过20').default(1),
    sort,
    options: z.array(specOptionSchema).min(1, '规格至少要有一个选项').max(30, '规格选项不能超过30个'),
  })
  .refine((g) => g.minSelect <= g.maxSelect, { message: '最少选择不能大于最多选择', path: ['minSelect'] })
  .refine((g) => g.selection === 'multiple' || g.maxSelect === 1, { message: '单选规格最多只能选1项', path: ['maxSelect'] })
  .refine((g) => g.minSelect <= g.options.filter((o) => o.enabled).length, { message: '最少选择不能多于可用选项数', path: ['minSelect'] })
  .refine((g) => new Set(g.options.map((o) => o.name)).size === g.options.length, { message: '规格选项名称不能重复', path: ['options'] });
export const specGroupQuerySchema = storeScopedQuerySchema.extend({ name: text('规格名称', 32).optional() });

// ---------- dishes ----------

export const dishSkuSchema = z.object({
  id: id.optional(),
  name: required('规格名称', 32),
  price: fen('价格'),
  memberPrice: fen('会员价').nullish(),
  stock: count('库存').nullish(),
  dailyStock: count('每日库存').nullish(),
  soldOut: z.boolean().default(false),
  sort,
});
const dishFields = {
  storeId: id,
  categoryId: id,
  name: required('菜品名称', 64),
  images: z.array(z.string().min(1).max(500, '图片地址过长')).max(DISH_IMAGES_MAX, `菜品图片不能超过${DISH_IMAGES_MAX}张`).default([]),
  description: text('菜品描述', 500).default(''),
  unit: required('单位', 8).default('份'),
  price: fen('价格'),
  memberPrice: fen('会员价').nullish(),
  isWeighed: z.boolean().default(false),
  stockMode: z.enum(STOCK_MODES, { message: '库存方式只能是不限、总库存或每日库存' }).default('unlimited'),
  stock: count('库存').nullish(),
  dailyStock: count('每日库存').nullish(),
  soldOut: z.boolean().default(false),
  onShelf: z.boolean().default(true),
  tags: z.array(required('标签', 8)).max(6, '标签不能超过6个').default([]),
  sort,
  packingFee: fen('打包费').default(0),
  orderTypes: orderTypes.default(['dine_in', 'takeaway']),
  /** Sizes with their own price and stock; empty when the dish has one price. */
  skus: z.array(dishSkuSchema).max(10, '规格不能超过10个').default([]),
  /** Option groups (规格) attached, in order. */
  specGroupIds: z.array(id).max(10, '最多关联10个规格').default([]),
};
export const dishBodySchema = z
  .object({ id: id.optional(), ...dishFields })
  .refine((d) => d.memberPrice == null || d.memberPrice <= d.price, { message: '会员价不能高于价格', path: ['memberPrice'] })
  .refine((d) => d.stockMode === 'unlimited' || d.skus.length > 0 || (d.stockMode === 'total' ? d.stock != null : d.dailyStock != null), {
    message: '请填写库存',
    path: ['stock'],
  })
  .refine((d) => new Set(d.skus.map((s) => s.name)).size === d.skus.length, { message: '规格名称不能重复', path: ['skus'] })
  .refine((d) => d.skus.every((s) => s.memberPrice == null || s.memberPrice <= s.price), { message: '规格的会员价不能高于其价格', path: ['skus'] })
  .refine((d) => new Set(d.specGroupIds).size === d.specGroupIds.length, { message: '规格不能重复关联', path: ['specGroupIds'] });
export type DishBody = z.input<typeof dishBodySchema>;

export const dishRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  description: z.string(),
  unit: z.string(),
  price: z.number().int(),
  memberPrice: z.number().int().nullable(),
  isWeighed: z.boolean(),
  stockMode: z.enum(STOCK_MODES),
  stock: z.number().int().nullable(),
  dailyStock: z.number().int().nullable(),
  soldOut: z.boolean(),
  onShelf: z.boolean(),
  tags: z.array(z.string()),
  sort: z.number().int(),
  packingFee: z.number().int(),
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  skus: z.array(dishSkuSchema.extend({ id: z.string(), memberPrice: z.number().int().nullable(), stock: z.number().int().nullable(), dailyStock: z.number().int().nullable() })),
  specGroupIds: z.array(z.string()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DishRecord = z.infer<typeof dishRecordSchema>;

export const dishQuerySchema = storeScopedQuerySchema.extend({
  categoryId: id.optional(),
  name: text('菜品名称', 64).optional(),
  onShelf: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  soldOut: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

/** Batch actions on chosen dishes of one store (菜品 list). */
export const dishBatchSchema = z.discriminatedUnion('action', [
  z.object({ storeId: id, ids: z.array(id).min(1, '请选择菜品').max(500, '一次最多操作500个菜品'), action: z.literal('onShelf') }),
  z.object({ storeId: id, ids: z.array(id).min(1, '请选择菜品').max(500, '一次最多操作500个菜品'), action: z.literal('offShelf') }),
  z.object({ storeId: id, ids: z.array(id).min(1, '请选择菜品').max(500, '一次最多操作500个菜品'), action: z.literal('soldOut') }),
  z.object({ storeId: id, ids: z.array(id).min(1, '请选择菜品').max(500, '一次最多操作500个菜品'), action: z.literal('available') }),
  z.object({ storeId: id, ids: z.array(id).min(1, '请选择菜品').max(500, '一次最多操作500个菜品'), action: z.literal('move'), categoryId: id }),
]);
export type DishBatch = z.infer<typeof dishBatchSchema>;

/** A new order of rows after a drag: the ids in their new order get sort 0, 1, 2… */
export const sortBodySchema = z.object({ storeId: id, ids: z.array(id).min(1, '请选择要排序的项').max(1000, '一次最多排序1000项') });

// ---------- combos ----------

export const comboItemSchema = z.object({
  id: id.optional(),
  dishId: id,
  skuId: id.nullish(),
  quantity: z.number().int().min(1, '份数至少为1').max(99, '份数不能超过99').default(1),
  extraPrice: fen('加价').default(0),
  isDefault: z.boolean().default(false),
  sort,
});
export const comboGroupSchema = z
  .object({
    id: id.optional(),
    name: required('分组名称', 32),
    kind: z.enum(['fixed', 'optional'], { message: '分组类型只能是固定或可选' }).default('optional'),
    minChoose: z.number().int().min(0, '最少选择不能为负数').max(20, '最少选择不能超过20').default(1),
    maxChoose: z.number().int().min(1, '最多选择至少为1').max(20, '最多选择不能超过20').default(1),
    allowRepeat: z.boolean().default(false),
    sort,
    items: z.array(comboItemSchema).min(1, '套餐分组至少要有一个菜品').max(50, '套餐分组的菜品不能超过50个'),
  })
  .refine((g) => g.minChoose <= g.maxChoose, { message: '最少选择不能大于最多选择', path: ['minChoose'] })
  .refine((g) => g.kind === 'fixed' || g.allowRepeat || g.minChoose <= g.items.length, { message: '最少选择不能多于可选菜品数', path: ['minChoose'] });
export const comboBodySchema = z
  .object({
    id: id.optional(),
    storeId: id,
    categoryId: id,
    name: required('套餐名称', 64),
    images: z.array(z.string().min(1).max(500, '图片地址过长')).max(DISH_IMAGES_MAX, `套餐图片不能超过${DISH_IMAGES_MAX}张`).default([]),
    description: text('套餐描述', 500).default(''),
    price: fen('价格'),
    memberPrice: fen('会员价').nullish(),
    onShelf: z.boolean().default(true),
    soldOut: z.boolean().default(false),
    sort,
    groups: z.array(comboGroupSchema).min(1, '套餐至少要有一个分组').max(10, '套餐分组不能超过10个'),
  })
  .refine((c) => c.memberPrice == null || c.memberPrice <= c.price, { message: '会员价不能高于价格', path: ['memberPrice'] });
export type ComboBody = z.input<typeof comboBodySchema>;
export const comboRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  description: z.string(),
  price: z.number().int(),
  memberPrice: z.number().int().nullable(),
  onShelf: z.boolean(),
  soldOut: z.boolean(),
  sort: z.number().int(),
  groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['fixed', 'optional']),
      minChoose: z.number().int(),
      maxChoose: z.number().int(),
      allowRepeat: z.boolean(),
      sort: z.number().int(),
      items: z.array(z.object({
        id: z.string(), dishId: z.string(), dishName: z.string(), skuId: z.string().nullable(), skuName: z.string().nullable(),
        quantity: z.number().int(), extraPrice: z.number().int(), isDefault: z.boolean(), sort: z.number().int(),
      })),
    }),
  ),
  /** False while a fixed item is sold out or off the shelf. */
  available: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ComboRecord = z.infer<typeof comboRecordSchema>;
export const comboQuerySchema = storeScopedQuerySchema.extend({
  categoryId: id.optional(),
  name: text('套餐名称', 64).optional(),
  onShelf: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

// ---------- areas and tables ----------

export const areaRecordSchema = z.object({ id: z.string(), storeId: z.string(), name: z.string(), sort: z.number().int(), tableCount: z.number().int(), createTime: z.string() });
export type AreaRecord = z.infer<typeof areaRecordSchema>;
export const areaBodySchema = z.object({ id: id.optional(), storeId: id, name: required('区域名称', 32), sort });

const tableCode = required('桌号', 16).regex(/^[A-Za-z0-9-]+$/, '桌号只能包含字母、数字和 -');
export const tableRecordSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  areaId: z.string(),
  areaName: z.string(),
  code: z.string(),
  seats: z.number().int(),
  minSpend: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The diners' ordering page of this table (path with its QR token). */
  orderUrl: z.string(),
  createTime: z.string(),
});
export type TableRecord = z.infer<typeof tableRecordSchema>;
export const tableBodySchema = z.object({
  id: id.optional(),
  storeId: id,
  areaId: id,
  code: tableCode,
  seats: z.number().int().min(1, '座位数至少为1').max(99, '座位数不能超过99').default(4),
  minSpend: fen('最低消费').nullish(),
  enabled: z.boolean().default(true),
  sort,
});
export const tableQuerySchema = storeScopedQuerySchema.extend({
  areaId: id.optional(),
  code: text('桌号', 16).optional(),
});
/** Tables A01–A20 in one go: prefix + numbers from..to, zero-padded to `digits`. */
export const tableBatchSchema = z
  .object({
    storeId: id,
    areaId: id,
    prefix: text('桌号前缀', 8).regex(/^[A-Za-z0-9-]*$/, '桌号前缀只能包含字母、数字和 -').default(''),
    from: z.number().int().min(0, '起始编号不能为负数').max(9999, '起始编号不能超过9999'),
    to: z.number().int().min(0, '结束编号不能为负数').max(9999, '结束编号不能超过9999'),
    digits: z.number().int().min(1, '位数至少为1').max(4, '位数不能超过4').default(2),
    seats: z.number().int().min(1, '座位数至少为1').max(99, '座位数不能超过99').default(4),
  })
  .refine((b) => b.from <= b.to, { message: '起始编号不能大于结束编号', path: ['to'] })
  .refine((b) => b.to - b.from < TABLE_BATCH_MAX, { message: `一次最多创建${TABLE_BATCH_MAX}张桌台`, path: ['to'] });

// ---------- the ordering menu (read model) ----------

export const menuOptionSchema = z.object({ id: z.string(), name: z.string(), priceDelta: z.number().int(), isDefault: z.boolean() });
export const menuSpecGroupSchema = z.object({
  id: z.string(), name: z.string(), selection: z.enum(['single', 'multiple']), minSelect: z.number().int(), maxSelect: z.number().int(), options: z.array(menuOptionSchema),
});
export const menuDishSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  description: z.string(),
  unit: z.string(),
  price: z.number().int(),
  memberPrice: z.number().int().nullable(),
  isWeighed: z.boolean(),
  tags: z.array(z.string()),
  packingFee: z.number().int(),
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  /** Orderable now: on the shelf, not sold out, stock left (or some SKU orderable). */
  available: z.boolean(),
  /** Remaining stock when counted (total or daily), null when unlimited. */
  stock: z.number().int().nullable(),
  skus: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int(), memberPrice: z.number().int().nullable(), available: z.boolean(), stock: z.number().int().nullable() })),
  specGroups: z.array(menuSpecGroupSchema),
});
export type MenuDish = z.infer<typeof menuDishSchema>;
export const menuComboSchema = comboRecordSchema.pick({ id: true, name: true, images: true, description: true, price: true, memberPrice: true, available: true }).extend({
  image: z.string().nullable(),
  groups: z.array(
    z.object({
      id: z.string(), name: z.string(), kind: z.enum(['fixed', 'optional']), minChoose: z.number().int(), maxChoose: z.number().int(), allowRepeat: z.boolean(),
      items: z.array(z.object({ id: z.string(), dishId: z.string(), skuId: z.string().nullable(), name: z.string(), quantity: z.number().int(), extraPrice: z.number().int(), isDefault: z.boolean(), available: z.boolean() })),
    }),
  ),
});
export type MenuCombo = z.infer<typeof menuComboSchema>;
export const orderingMenuSchema = z.object({
  store: z.object({
    id: z.string(), name: z.string(), logo: z.string().nullable(), notice: z.string(), openNow: z.boolean(), isOpen: z.boolean(),
    /** While closed by its hours: when it next opens (ISO); null while open or switched off. */
    nextOpenAt: z.string().nullable(),
    /** The store's IANA time zone, for showing its times. */
    timeZone: z.string(),
    orderTypes: z.array(z.enum(ORDER_TYPES)), payMode: z.enum(PAY_MODES), packingFeeMode: z.enum(PACKING_FEE_MODES), packingFee: z.number().int(),
  }),
  /** The menu version this was built from (changes with every menu edit). */
  version: z.number().int(),
  categories: z.array(
    z.object({
      id: z.string(), name: z.string(), kind: z.enum(CATEGORY_KINDS),
      dishes: z.array(menuDishSchema),
      combos: z.array(menuComboSchema),
    }),
  ),
});
export type OrderingMenu = z.infer<typeof orderingMenuSchema>;
