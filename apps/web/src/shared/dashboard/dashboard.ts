import type { ComponentType } from 'react';
import type { PermissionCode } from '@canteen/contract';

/**
 * A card on the home dashboard. Features declare theirs in `features/<domain>/dashboard.ts`
 * (an exported array of these) and `app/dashboard-registry.ts` joins them, so the home page
 * shows the figures of every module the user may use without importing any of them.
 */
export interface DashboardCard {
  /** Unique across features, e.g. `wxmp.unread`. */
  key: string;
  /** Lower comes first. */
  order: number;
  /** Shown only with this permission code. */
  permission?: PermissionCode;
  /** Columns out of 24 on a wide screen (default 6). */
  span?: number;
  /** The card's component (it renders its own antd `Card`), loaded when the card is first shown. */
  load: () => Promise<{ default: ComponentType }>;
}

const cards: DashboardCard[] = [];

export function registerDashboardCards(list: readonly DashboardCard[]): void {
  for (const card of list) if (!cards.some((c) => c.key === card.key)) cards.push(card);
  cards.sort((a, b) => a.order - b.order);
}

/** Every registered card, in order. */
export const dashboardCards = (): readonly DashboardCard[] => cards;
