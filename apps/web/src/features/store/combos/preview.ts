/**
 * The diner's side of a combo, as the editor previews it: fixed groups are included as they are;
 * in an optional group the diner picks between `minChoose` and `maxChoose` items (an item may be
 * picked more than once when the group allows repeats); the price is the combo's plus the extra
 * price of every pick. Money in fen.
 */
export interface PreviewItem {
  /** Unique within its group (dish and SKU). */
  key: string;
  name: string;
  quantity: number;
  extraPrice: number;
  isDefault: boolean;
  available: boolean;
}

export interface PreviewGroup {
  name: string;
  kind: 'fixed' | 'optional';
  minChoose: number;
  maxChoose: number;
  allowRepeat: boolean;
  items: PreviewItem[];
}

/** Per group: item key → times picked (fixed groups need none). */
export type Picks = Array<Record<string, number>>;

export const chosenCount = (picks: Record<string, number> | undefined): number => Object.values(picks ?? {}).reduce((sum, n) => sum + n, 0);

/** A radio-like group: one pick, no repeats; picking another item replaces the pick. */
export const isSingle = (g: PreviewGroup): boolean => g.maxChoose === 1 && !g.allowRepeat;

/** What a diner starts with: the default items of each optional group that can be ordered, as many as the group allows. */
export function defaultPicks(groups: readonly PreviewGroup[]): Picks {
  return groups.map((g) => {
    if (g.kind === 'fixed') return {};
    const picks: Record<string, number> = {};
    for (const item of g.items.filter((i) => i.isDefault && i.available).slice(0, g.maxChoose)) picks[item.key] = 1;
    return picks;
  });
}

/**
 * Picks kept valid while the combo is being edited: items that left a group are dropped, a group
 * over its most is cut back, a group not seen before starts with its defaults.
 */
export function keepValid(groups: readonly PreviewGroup[], picks: Picks, seen: readonly string[]): Picks {
  const defaults = defaultPicks(groups);
  return groups.map((g, index) => {
    if (g.kind === 'fixed') return {};
    const before = seen[index] === signature(g) ? picks[index] : undefined;
    if (!before) return defaults[index]!;
    const kept: Record<string, number> = {};
    let total = 0;
    for (const item of g.items) {
      const n = Math.min(before[item.key] ?? 0, g.allowRepeat ? g.maxChoose : 1, g.maxChoose - total);
      if (n > 0 && item.available) {
        kept[item.key] = n;
        total += n;
      }
    }
    return kept;
  });
}

/** A group's identity for the preview: its kind and items (a new group or a changed kind starts over). */
export const signature = (g: PreviewGroup): string => `${g.kind}|${g.items.map((i) => i.key).join(',')}`;

/** Picks an item (radio-like groups swap their pick) or unpicks it; a full group takes no more. */
export function toggle(g: PreviewGroup, picks: Record<string, number>, key: string): Record<string, number> {
  if (picks[key]) {
    const { [key]: _gone, ...rest } = picks;
    return rest;
  }
  if (isSingle(g)) return { [key]: 1 };
  if (chosenCount(picks) >= g.maxChoose) return picks;
  return { ...picks, [key]: 1 };
}

/** One more or one less of an item in a group that allows repeats, within the group's most. */
export function step(g: PreviewGroup, picks: Record<string, number>, key: string, delta: 1 | -1): Record<string, number> {
  const now = picks[key] ?? 0;
  if (delta > 0 && chosenCount(picks) >= g.maxChoose) return picks;
  const next = Math.max(0, now + delta);
  if (next === 0) {
    const { [key]: _gone, ...rest } = picks;
    return rest;
  }
  return { ...picks, [key]: next };
}

/** Whether each group is satisfied: fixed ones always, optional ones with at least their least. */
export const groupReady = (g: PreviewGroup, picks: Record<string, number> | undefined): boolean =>
  g.kind === 'fixed' || (chosenCount(picks) >= g.minChoose && chosenCount(picks) <= g.maxChoose);

/** The combo's price plus the extra price of every pick. */
export function totalPrice(price: number, groups: readonly PreviewGroup[], picks: Picks): number {
  let total = price;
  groups.forEach((g, index) => {
    if (g.kind === 'fixed') return;
    for (const item of g.items) total += (picks[index]?.[item.key] ?? 0) * item.extraPrice;
  });
  return total;
}
