import { fenToYuan, yuanToFen, type DishBody, type DishRecord, type OrderType, type StockMode } from '@canteen/contract';

/**
 * The dish editor's values: money in yuan (numbers with two decimals, as the inputs hold them),
 * converted to fen once, in `toDishBody`; everything else as the contract has it.
 */
export interface SkuValues {
  id?: string;
  name: string;
  price: number | null;
  memberPrice: number | null;
  stock: number | null;
  dailyStock: number | null;
  soldOut: boolean;
}

export interface DishFormValues {
  name: string;
  categoryId: string | undefined;
  images: string[];
  description: string;
  unit: string;
  price: number | null;
  memberPrice: number | null;
  isWeighed: boolean;
  stockMode: StockMode;
  stock: number | null;
  dailyStock: number | null;
  soldOut: boolean;
  onShelf: boolean;
  tags: string[];
  sort: number;
  packingFee: number | null;
  orderTypes: OrderType[];
  skus: SkuValues[];
  specGroupIds: string[];
}

export const SKUS_MAX = 10;
export const TAGS_MAX = 6;
export const SPEC_GROUPS_MAX = 10;

const yuan = (fen: number | null | undefined): number | null => (fen == null ? null : Number(fenToYuan(fen)));
const fen = (value: number | null | undefined): number | null => (value == null ? null : yuanToFen(value));

export const newSku = (): SkuValues => ({ name: '', price: null, memberPrice: null, stock: null, dailyStock: null, soldOut: false });

export const newDishForm = (categoryId?: string): DishFormValues => ({
  name: '',
  categoryId,
  images: [],
  description: '',
  unit: '份',
  price: null,
  memberPrice: null,
  isWeighed: false,
  stockMode: 'unlimited',
  stock: null,
  dailyStock: null,
  soldOut: false,
  onShelf: true,
  tags: [],
  sort: 0,
  packingFee: 0,
  orderTypes: ['dine_in', 'takeaway'],
  skus: [],
  specGroupIds: [],
});

export const toDishForm = (d: DishRecord): DishFormValues => ({
  name: d.name,
  categoryId: d.categoryId,
  images: [...d.images],
  description: d.description,
  unit: d.unit,
  price: yuan(d.price),
  memberPrice: yuan(d.memberPrice),
  isWeighed: d.isWeighed,
  stockMode: d.stockMode,
  stock: d.stock,
  dailyStock: d.dailyStock,
  soldOut: d.soldOut,
  onShelf: d.onShelf,
  tags: [...d.tags],
  sort: d.sort,
  packingFee: yuan(d.packingFee),
  orderTypes: [...d.orderTypes],
  skus: d.skus.map((s) => ({
    id: s.id, name: s.name, price: yuan(s.price), memberPrice: yuan(s.memberPrice), stock: s.stock, dailyStock: s.dailyStock, soldOut: s.soldOut ?? false,
  })),
  specGroupIds: [...d.specGroupIds],
});

/**
 * The price a dish with SKUs is listed at: its cheapest SKU's price, with that SKU's member
 * price (so the member price is never above the price).
 */
export function cheapestSku(skus: ReadonlyArray<{ price: number; memberPrice: number | null }>): { price: number; memberPrice: number | null } | undefined {
  let best: { price: number; memberPrice: number | null } | undefined;
  for (const s of skus) if (!best || s.price < best.price) best = s;
  return best && { price: best.price, memberPrice: best.memberPrice };
}

/** The editor's values as the contract's body (fen, trimmed text, the stock fields the mode uses). */
export function toDishBody(storeId: string, v: DishFormValues, id?: string): DishBody {
  const skus = v.skus.map((s, index) => ({
    ...(s.id ? { id: s.id } : {}),
    name: s.name.trim(),
    price: fen(s.price) ?? 0,
    memberPrice: fen(s.memberPrice),
    stock: v.stockMode === 'total' ? s.stock : null,
    dailyStock: v.stockMode === 'daily' ? s.dailyStock : null,
    soldOut: s.soldOut,
    sort: index,
  }));
  const listed = cheapestSku(skus) ?? { price: fen(v.price) ?? 0, memberPrice: fen(v.memberPrice) };
  const counted = v.stockMode !== 'unlimited' && skus.length === 0;
  return {
    ...(id ? { id } : {}),
    storeId,
    categoryId: v.categoryId ?? '',
    name: v.name.trim(),
    images: v.images,
    description: v.description.trim(),
    unit: v.unit.trim() || '份',
    price: listed.price,
    memberPrice: listed.memberPrice,
    isWeighed: v.isWeighed,
    stockMode: v.stockMode,
    stock: counted ? v.stock : null,
    dailyStock: counted && v.stockMode === 'daily' ? v.dailyStock : null,
    soldOut: v.soldOut,
    onShelf: v.onShelf,
    tags: v.tags.map((tag) => tag.trim()).filter(Boolean),
    sort: v.sort ?? 0,
    packingFee: fen(v.packingFee) ?? 0,
    orderTypes: v.orderTypes,
    skus,
    specGroupIds: v.specGroupIds,
  };
}

/** What is wrong with the SKUs as a whole (a key under `storeDish.v`), or null. */
export function skusProblem(skus: ReadonlyArray<Partial<SkuValues> | undefined>): string | null {
  const list = skus.filter((s): s is Partial<SkuValues> => s !== undefined);
  if (list.length > SKUS_MAX) return 'skusMax';
  const names = list.map((s) => (s.name ?? '').trim()).filter(Boolean);
  if (new Set(names).size !== names.length) return 'skuDuplicate';
  return null;
}

/** Where a dish's stock stands, for the list: null when unlimited. */
export function stockText(d: Pick<DishRecord, 'stockMode' | 'stock' | 'dailyStock' | 'skus'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (d.stockMode === 'unlimited') return t('storeDish.unlimited');
  if (d.skus.length) return t('storeDish.skuStock', { n: d.skus.reduce((sum, s) => sum + (s.stock ?? 0), 0) });
  if (d.stockMode === 'total') return t('storeDish.totalStock', { n: d.stock ?? 0 });
  return t('storeDish.dailyStock', { daily: d.dailyStock ?? 0, n: d.stock ?? 0 });
}
