import { create } from 'zustand';
import type { PermissionCode } from '@canteen/contract';

/**
 * A number on a menu item, kept by a feature: the orders waiting at 订单列表, … Features declare
 * theirs in `features/<domain>/menu-badges.ts` (an exported array of these) and
 * `app/menu-badge-registry.ts` joins them, so the shell's menu imports no feature.
 */
export interface MenuBadgeSource {
  /** Unique across features, e.g. `order.todo`. */
  key: string;
  /** The menu `component` whose item shows the number, e.g. `views/order/list/index`. */
  component: string;
  /** Only users with this code get the badge (no code: everyone signed in); without it nothing runs. */
  permission?: PermissionCode;
  /**
   * Keeps the number current (a count read, live updates, catching up after a reconnect). The
   * shell calls it in a component mounted for the whole signed-in session while the user holds
   * `permission`, whatever page is shown; 0 or undefined shows no badge.
   */
  useCount(): number | undefined;
}

const sources: MenuBadgeSource[] = [];

export function registerMenuBadges(list: readonly MenuBadgeSource[]): void {
  for (const source of list) if (!sources.some((s) => s.key === source.key)) sources.push(source);
}

/** Every registered source. */
export const menuBadgeSources = (): readonly MenuBadgeSource[] => sources;

interface MenuBadgeCounts {
  /** The numbers by menu `component`. */
  counts: Record<string, number>;
  set: (component: string, count: number | undefined) => void;
}

/** What the mounted sources counted, by menu `component`, for the menu to show. */
export const useMenuBadgeCounts = create<MenuBadgeCounts>()((set) => ({
  counts: {},
  set: (component, count) =>
    set((state) => {
      const next = count && count > 0 ? count : 0;
      if ((state.counts[component] ?? 0) === next) return state;
      const { [component]: _old, ...rest } = state.counts;
      return { counts: next ? { ...rest, [component]: next } : rest };
    }),
}));
