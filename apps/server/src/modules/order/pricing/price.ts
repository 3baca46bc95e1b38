import { applyRate, formatFen, type OrderLineInput, type OrderLineKind, type OrderType } from '@canteen/contract';
import { badRequest } from '../../../http/errors.js';
import type { LineSpec } from '../tables.js';
import type { Catalogue, CatalogueComboItem, CatalogueDish } from './catalogue.js';

/**
 * Pricing of a cart (STORE.md §2, §6), pure: the catalogue says what each thing costs and
 * whether it can be ordered, the cart only what was chosen (a client's price is never read).
 *
 * - A line's unit price is its dish's (or SKU's, or combo's) price plus the chosen options'
 *   deltas (a combo's: the chosen items' extra prices). A member pays the member price where
 *   the dish (SKU, combo) has one; elsewhere the member's level rate takes its discount off the
 *   line (member price or level rate, never both).
 * - Amounts are rounded once per line, half-up to the fen: unit price × quantity (three
 *   decimals for weighed dishes), then the level discount of that amount.
 * - Packing fees apply to takeaway only: per order (the store's fee once) or per item (each
 *   dish's fee per portion; a combo's are its dishes'; a weighed line counts one container).
 * - Every refusal is a 400 naming the dish and the reason ("辣子鸡（大份）已售罄").
 */

export interface PricingMember {
  /** The member's level discount rate, 1–100 (100 = none). */
  levelRate: number;
}

export interface PricingInput {
  type: OrderType;
  member: PricingMember | null;
  lines: readonly ParsedLine[];
  /** Names of dishes and combos not on the menu (off the shelf, archived), for the refusal. */
  offMenuNames?: ReadonlyMap<string, string>;
}

/** A cart line as the contract's schema parsed it. */
export type ParsedLine = Required<Pick<OrderLineInput, 'kind' | 'itemId' | 'quantity'>> & {
  skuId?: string | undefined;
  optionIds?: readonly string[] | undefined;
  choices?: ReadonlyArray<{ comboItemId: string; quantity: number }> | undefined;
  remark?: string | undefined;
};

/** A portion count of a dish (or one of its SKUs) that keeps stock. */
export interface StockDemand {
  dishId: string;
  skuId: string | null;
  /** For the refusal: "辣子鸡（大份）". */
  name: string;
  unit: string;
  quantity: number;
}

export interface PricedChild {
  dishId: string;
  skuId: string | null;
  categoryId: string | null;
  name: string;
  specText: string;
  specJson: LineSpec[];
  image: string | null;
  unit: string;
  /** Portions in the whole line (per combo × the combo's quantity). */
  quantity: number;
  stockTaken: number;
}

export interface PricedLine {
  kind: Exclude<OrderLineKind, 'combo_item'>;
  dishId: string | null;
  comboId: string | null;
  skuId: string | null;
  categoryId: string;
  name: string;
  specText: string;
  specJson: LineSpec[];
  image: string | null;
  unit: string;
  unitPrice: number;
  quantity: number;
  lineAmount: number;
  discountAmount: number;
  packingFee: number;
  stockTaken: number;
  remark: string;
  children: PricedChild[];
}

export interface PricedCart {
  lines: PricedLine[];
  goodsAmount: number;
  packingFee: number;
  memberDiscount: number;
  /** Lines (not combo items) and their total quantity. */
  itemCount: number;
  /** What the order takes from stock, one entry per dish or SKU. */
  stock: StockDemand[];
}

const TYPE_NAMES: Record<OrderType, string> = { dine_in: '堂食', takeaway: '外带' };

/** Quantities are kept in thousandths (three decimals) so that amounts are integer arithmetic. */
const thousandths = (quantity: number): number => Math.round(quantity * 1000);

/** unit price × quantity, half-up to the fen. */
export const lineAmountOf = (unitPrice: number, quantity: number): number => Math.floor((unitPrice * thousandths(quantity) + 500) / 1000);

/** The level discount of a line amount at a rate 1–100 (what the rate takes off). */
export const levelDiscountOf = (amount: number, rate: number): number => (rate >= 100 ? 0 : amount - applyRate(amount, rate));

/** Whole portions a quantity takes from stock (a weighed line counts its started units). */
const portions = (quantity: number, weighed: boolean): number => (weighed ? Math.ceil(quantity - 1e-9) : quantity);

const addQuantities = (a: number, b: number): number => (thousandths(a) + thousandths(b)) / 1000;

function priceDish(catalogue: Catalogue, input: PricingInput, line: ParsedLine): PricedLine {
  const dish = catalogue.dishes.get(line.itemId);
  if (!dish) throw badRequest(`${input.offMenuNames?.get(`dish:${line.itemId}`) ?? '该菜品'}已下架`);
  if (!dish.orderTypes.includes(input.type)) throw badRequest(`${dish.name}不支持${TYPE_NAMES[input.type]}`);
  let sku: CatalogueDish['skus'][number] | undefined;
  if (dish.skus.length) {
    if (!line.skuId) throw badRequest(`请选择${dish.name}的规格`);
    sku = dish.skus.find((s) => s.id === line.skuId);
    if (!sku) throw badRequest(`${dish.name}的规格已变化，请重新选择`);
  } else if (line.skuId) {
    throw badRequest(`${dish.name}的规格已变化，请重新选择`);
  }
  const name = sku ? `${dish.name}（${sku.name}）` : dish.name;
  if (!(sku ? sku.available : dish.available)) throw badRequest(`${name}已售罄`);
  if (!dish.isWeighed && !Number.isInteger(line.quantity)) throw badRequest(`${name}的数量必须是整数`);

  const chosen = checkOptions(dish, line.optionIds ?? []);
  const delta = chosen.reduce((sum, o) => sum + o.priceDelta, 0);
  const base = sku ? sku.price : dish.price;
  const memberBase = sku ? sku.memberPrice : dish.memberPrice;
  const memberPriced = input.member !== null && memberBase !== null;
  const unitPrice = Math.max(0, (memberPriced ? memberBase : base) + delta);
  const lineAmount = lineAmountOf(unitPrice, line.quantity);
  const discountAmount = input.member && !memberPriced ? levelDiscountOf(lineAmount, input.member.levelRate) : 0;
  const counted = (sku ? sku.stock : dish.stock) !== null;
  return {
    kind: 'dish',
    dishId: dish.id,
    comboId: null,
    skuId: sku?.id ?? null,
    categoryId: dish.categoryId,
    name: dish.name,
    specText: [...(sku ? [sku.name] : []), ...chosen.map((o) => o.name)].join('/'),
    specJson: chosen,
    image: dish.image,
    unit: dish.unit,
    unitPrice,
    quantity: line.quantity,
    lineAmount,
    discountAmount,
    // 按件收取: the dish's own fee, or else the store's per item (priceCart keeps it only in that mode).
    packingFee: (dish.packingFee || catalogue.store.packingFee) * (dish.isWeighed ? 1 : line.quantity),
    stockTaken: counted ? portions(line.quantity, dish.isWeighed) : 0,
    remark: line.remark ?? '',
    children: [],
  };
}

/** The chosen options, checked against the dish's groups (each within its min and max). */
function checkOptions(dish: CatalogueDish, optionIds: readonly string[]): LineSpec[] {
  const ids = [...new Set(optionIds)];
  const chosen: LineSpec[] = [];
  const counts = new Map<string, number>();
  for (const id of ids) {
    const group = dish.specGroups.find((g) => g.options.some((o) => o.id === id));
    if (!group) throw badRequest(`${dish.name}的口味选项已变化，请重新选择`);
    const option = group.options.find((o) => o.id === id)!;
    chosen.push({ groupId: group.id, groupName: group.name, optionId: option.id, name: option.name, priceDelta: option.priceDelta });
    counts.set(group.id, (counts.get(group.id) ?? 0) + 1);
  }
  for (const group of dish.specGroups) {
    const n = counts.get(group.id) ?? 0;
    const max = group.selection === 'single' ? Math.min(1, group.maxSelect) : group.maxSelect;
    if (n < group.minSelect) throw badRequest(group.minSelect === 1 ? `${dish.name}：请选择${group.name}` : `${dish.name}：${group.name}至少选择${group.minSelect}项`);
    if (n > max) throw badRequest(`${dish.name}：${group.name}最多选择${max}项`);
  }
  // In the dish's order of groups and options, whatever order the cart sent.
  const rank = new Map(dish.specGroups.flatMap((g, gi) => g.options.map((o, oi) => [o.id, gi * 1000 + oi] as const)));
  return chosen.sort((a, b) => rank.get(a.optionId!)! - rank.get(b.optionId!)!);
}

function priceCombo(catalogue: Catalogue, input: PricingInput, line: ParsedLine): PricedLine {
  const combo = catalogue.combos.get(line.itemId);
  if (!combo) throw badRequest(`${input.offMenuNames?.get(`combo:${line.itemId}`) ?? '该套餐'}已下架`);
  if (!combo.available) throw badRequest(`${combo.name}已售罄`);
  if (!Number.isInteger(line.quantity)) throw badRequest(`${combo.name}的数量必须是整数`);
  if (line.skuId || line.optionIds?.length) throw badRequest(`${combo.name}的套餐选择已变化，请重新选择`);

  const optional = new Map<string, CatalogueComboItem>();
  for (const g of combo.groups) if (g.kind === 'optional') for (const i of g.items) optional.set(i.id, { ...i, groupId: g.id });
  const picks: Array<{ item: CatalogueComboItem; times: number }> = [];
  for (const choice of line.choices ?? []) {
    const item = optional.get(choice.comboItemId);
    if (!item) throw badRequest(`${combo.name}的套餐选择已变化，请重新选择`);
    const same = picks.find((p) => p.item.id === item.id);
    if (same) same.times += choice.quantity;
    else picks.push({ item, times: choice.quantity });
  }
  for (const g of combo.groups.filter((group) => group.kind === 'optional')) {
    const mine = picks.filter((p) => p.item.groupId === g.id);
    if (!g.allowRepeat && mine.some((p) => p.times > 1)) throw badRequest(`${combo.name}：${g.name}不能重复选择同一菜品`);
    const n = mine.reduce((sum, p) => sum + p.times, 0);
    if (n < g.minChoose) throw badRequest(`${combo.name}：${g.name}请选择${g.minChoose === g.maxChoose ? '' : '至少'}${g.minChoose}份`);
    if (n > g.maxChoose) throw badRequest(`${combo.name}：${g.name}最多选择${g.maxChoose}份`);
    for (const p of mine) if (!p.item.available) throw badRequest(`${combo.name}：${p.item.name}已售罄`);
  }

  const children: PricedChild[] = [];
  let packingPerCombo = 0;
  const addChild = (item: CatalogueComboItem, groupName: string, perCombo: number) => {
    const dish = catalogue.dishes.get(item.dishId);
    const sku = item.skuId ? dish?.skus.find((s) => s.id === item.skuId) : undefined;
    const counted = dish ? (item.skuId ? (sku?.stock ?? null) : dish.skus.length ? null : dish.stock) !== null : false;
    const quantity = perCombo * line.quantity;
    packingPerCombo += (dish?.packingFee ?? 0) * perCombo;
    children.push({
      dishId: item.dishId,
      skuId: item.skuId,
      categoryId: dish?.categoryId ?? null,
      name: item.name,
      specText: item.extraPrice ? `+${formatFen(item.extraPrice)}` : '',
      specJson: [{ groupId: item.groupId, groupName, optionId: item.id, name: item.name, priceDelta: item.extraPrice }],
      image: dish?.image ?? null,
      unit: dish?.unit ?? '份',
      quantity,
      stockTaken: counted ? quantity : 0,
    });
  };
  for (const g of combo.groups) {
    if (g.kind === 'fixed') for (const i of g.items) addChild({ ...i, groupId: g.id, extraPrice: 0 }, g.name, i.quantity);
    else for (const p of picks.filter((pick) => pick.item.groupId === g.id)) addChild(p.item, g.name, p.item.quantity * p.times);
  }
  const extras = picks.reduce((sum, p) => sum + p.item.extraPrice * p.times, 0);
  const memberPriced = input.member !== null && combo.memberPrice !== null;
  const unitPrice = Math.max(0, (memberPriced ? combo.memberPrice! : combo.price) + extras);
  const lineAmount = lineAmountOf(unitPrice, line.quantity);
  return {
    kind: 'combo',
    dishId: null,
    comboId: combo.id,
    skuId: null,
    categoryId: combo.categoryId,
    name: combo.name,
    specText: picks.map((p) => (p.times > 1 ? `${p.item.name}×${p.times}` : p.item.name)).join('/'),
    specJson: [],
    image: combo.image,
    unit: '份',
    unitPrice,
    quantity: line.quantity,
    lineAmount,
    discountAmount: input.member && !memberPriced ? levelDiscountOf(lineAmount, input.member.levelRate) : 0,
    packingFee: (packingPerCombo || catalogue.store.packingFee) * line.quantity,
    stockTaken: 0,
    remark: line.remark ?? '',
    children,
  };
}

/** Prices a cart against a store's catalogue; refusals are 400s naming the dish and the reason. */
export function priceCart(catalogue: Catalogue, input: PricingInput): PricedCart {
  const store = catalogue.store;
  if (!store.orderTypes.includes(input.type)) throw badRequest(`本店不支持${TYPE_NAMES[input.type]}`);
  const lines = input.lines.map((line) => (line.kind === 'dish' ? priceDish(catalogue, input, line) : priceCombo(catalogue, input, line)));
  const takeaway = input.type === 'takeaway';
  if (!takeaway || store.packingFeeMode !== 'per_item') for (const l of lines) l.packingFee = 0;
  const packingFee = !takeaway ? 0
    : store.packingFeeMode === 'per_order' ? store.packingFee
      : store.packingFeeMode === 'per_item' ? lines.reduce((sum, l) => sum + l.packingFee, 0) : 0;
  return {
    lines,
    goodsAmount: lines.reduce((sum, l) => sum + l.lineAmount, 0),
    packingFee,
    memberDiscount: lines.reduce((sum, l) => sum + l.discountAmount, 0),
    itemCount: lines.reduce((sum, l) => addQuantities(sum, l.quantity), 0),
    stock: stockDemands(catalogue, lines),
  };
}

/** What the lines take from stock, added up per dish or SKU (dishes first, then SKUs, each by id: the lock order). */
function stockDemands(catalogue: Catalogue, lines: readonly PricedLine[]): StockDemand[] {
  const demands = new Map<string, StockDemand>();
  const add = (dishId: string, skuId: string | null, quantity: number) => {
    if (quantity <= 0) return;
    const key = skuId ? `sku:${skuId}` : `dish:${dishId}`;
    const known = demands.get(key);
    if (known) {
      known.quantity += quantity;
      return;
    }
    const dish = catalogue.dishes.get(dishId);
    const sku = skuId ? dish?.skus.find((s) => s.id === skuId) : undefined;
    const name = dish ? (sku ? `${dish.name}（${sku.name}）` : dish.name) : '该菜品';
    demands.set(key, { dishId, skuId, name, unit: dish?.unit ?? '份', quantity });
  };
  for (const line of lines) {
    if (line.dishId) add(line.dishId, line.skuId, line.stockTaken);
    for (const child of line.children) add(child.dishId, child.skuId, child.stockTaken);
  }
  const byId = (a: string, b: string) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0);
  return [...demands.values()].sort((a, b) => (a.skuId ? 1 : 0) - (b.skuId ? 1 : 0) || byId(a.skuId ?? a.dishId, b.skuId ?? b.dishId));
}
