import { fenToYuan, yuanToFen, type ComboBody, type ComboRecord } from '@canteen/contract';

/** The combo editor's values: money in yuan, converted to fen once, in `toComboBody`. */
export interface ComboItemValues {
  dishId: string | undefined;
  skuId: string | null | undefined;
  quantity: number | null;
  /** Yuan. */
  extraPrice: number | null;
  isDefault: boolean;
}

export interface ComboGroupValues {
  name: string;
  kind: 'fixed' | 'optional';
  minChoose: number | null;
  maxChoose: number | null;
  allowRepeat: boolean;
  items: ComboItemValues[];
}

export interface ComboFormValues {
  name: string;
  categoryId: string | undefined;
  images: string[];
  description: string;
  price: number | null;
  memberPrice: number | null;
  onShelf: boolean;
  soldOut: boolean;
  sort: number;
  groups: ComboGroupValues[];
}

export const GROUPS_MAX = 10;
export const ITEMS_MAX = 50;

const yuan = (fen: number | null | undefined): number | null => (fen == null ? null : Number(fenToYuan(fen)));
const fen = (value: number | null | undefined): number | null => (value == null ? null : yuanToFen(value));

export const newItem = (): ComboItemValues => ({ dishId: undefined, skuId: null, quantity: 1, extraPrice: 0, isDefault: false });

export const newGroup = (kind: ComboGroupValues['kind'], name: string): ComboGroupValues => ({
  name, kind, minChoose: 1, maxChoose: 1, allowRepeat: false, items: [newItem()],
});

export const newComboForm = (categoryId?: string): ComboFormValues => ({
  name: '', categoryId, images: [], description: '', price: null, memberPrice: null, onShelf: true, soldOut: false, sort: 0, groups: [],
});

export const toComboForm = (c: ComboRecord): ComboFormValues => ({
  name: c.name,
  categoryId: c.categoryId,
  images: [...c.images],
  description: c.description,
  price: yuan(c.price),
  memberPrice: yuan(c.memberPrice),
  onShelf: c.onShelf,
  soldOut: c.soldOut,
  sort: c.sort,
  groups: [...c.groups]
    .sort((a, b) => a.sort - b.sort)
    .map((g) => ({
      name: g.name,
      kind: g.kind,
      minChoose: g.minChoose,
      maxChoose: g.maxChoose,
      allowRepeat: g.allowRepeat,
      items: [...g.items].sort((a, b) => a.sort - b.sort).map((i) => ({
        dishId: i.dishId, skuId: i.skuId, quantity: i.quantity, extraPrice: yuan(i.extraPrice), isDefault: i.isDefault,
      })),
    })),
});

/** The editor's values as the contract's body: a fixed group takes all its items (no extras, no defaults). */
export function toComboBody(storeId: string, v: ComboFormValues, id?: string): ComboBody {
  return {
    ...(id ? { id } : {}),
    storeId,
    categoryId: v.categoryId ?? '',
    name: v.name.trim(),
    images: v.images,
    description: v.description.trim(),
    price: fen(v.price) ?? 0,
    memberPrice: fen(v.memberPrice),
    onShelf: v.onShelf,
    soldOut: v.soldOut,
    sort: v.sort ?? 0,
    groups: v.groups.map((g, sort) => {
      const fixed = g.kind === 'fixed';
      return {
        name: g.name.trim(),
        kind: g.kind,
        minChoose: fixed ? g.items.length : (g.minChoose ?? 0),
        maxChoose: fixed ? g.items.length : (g.maxChoose ?? 1),
        allowRepeat: fixed ? false : g.allowRepeat,
        sort,
        items: g.items.map((i, index) => ({
          dishId: i.dishId ?? '',
          skuId: i.skuId ?? null,
          quantity: i.quantity ?? 1,
          extraPrice: fixed ? 0 : (fen(i.extraPrice) ?? 0),
          isDefault: fixed ? false : i.isDefault,
          sort: index,
        })),
      };
    }),
  };
}

/** What is wrong with a group's items as a whole (a key under `storeCombo.v`), or null. */
export function itemsProblem(group: Partial<Pick<ComboGroupValues, 'kind' | 'maxChoose'>> & { items?: Array<Partial<ComboItemValues> | undefined> }): string | null {
  const items = (group.items ?? []).filter((i): i is Partial<ComboItemValues> => i !== undefined);
  if (items.length === 0) return 'items';
  if (items.length > ITEMS_MAX) return 'itemsMax';
  const keys = items.filter((i) => i.dishId).map((i) => `${i.dishId}:${i.skuId ?? ''}`);
  if (new Set(keys).size !== keys.length) return 'duplicate';
  if (group.kind === 'optional' && items.filter((i) => i.isDefault).length > (group.maxChoose ?? 1)) return 'tooManyDefaults';
  return null;
}

/** 选 2 / 选 1–2 / 选 0–3: the rule of an optional group, for the list and the preview. */
export function ruleOf(g: { minChoose: number; maxChoose: number }): { key: 'Exactly' | 'Range' | 'UpTo'; values: Record<string, number> } {
  if (g.minChoose === g.maxChoose) return { key: 'Exactly', values: { n: g.maxChoose } };
  if (g.minChoose === 0) return { key: 'UpTo', values: { max: g.maxChoose } };
  return { key: 'Range', values: { min: g.minChoose, max: g.maxChoose } };
}
