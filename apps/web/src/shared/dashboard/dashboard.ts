import type { ComponentType } from 'react';

/**
 * A card on the home dashboard. Features declare theirs in `features/<domain>/dashboard.ts`
 * (an array of these) and `app/dashboard-registry.ts` joins them, so the home page shows the
 * figures of every module the user may use without importing any of them.
 */
export interface DashboardCard {
  key: string;
  /** Lower comes first. */
  order: number;
  /** Shown only with this permission code. */
  permission?: string;
  /** Columns out of 24 on a wide screen (default 6). */
  span?: number;
  load: () => Promise<{ default: ComponentType }>;
}

const cards: DashboardCard[] = [];

export function registerDashboardCards(list: DashboardCard[]): void {
  for (const card of list) if (!cards.some((c) => c.key === card.key)) cards.push(card);
  cards.sort((a, b) => a.order - b.order);
}

export const dashboardCards = (): readonly DashboardCard[] => cards;
