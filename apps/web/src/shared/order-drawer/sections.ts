import type { ComponentType } from 'react';
import type { PermissionCode } from '@canteen/contract';

/** What a section of the order drawer is told about the order it shows. */
export interface OrderDrawerSectionProps {
  orderId: string;
  orderNo: string;
  storeId: string;
  /**
   * Changes whenever the order does (paid, refunded, moved on): a section showing what follows
   * from it (the refund's tickets, …) reads again.
   */
  revision: string;
}

/**
 * A section another feature adds to 订单列表's order drawer (打印记录, …). Features declare theirs
 * in `features/<domain>/order-drawer.ts` (an exported array of these) and
 * `app/order-drawer-registry.ts` joins them, so the order feature imports no other feature.
 */
export interface OrderDrawerSection {
  /** Unique across features, e.g. `printing.jobs`. */
  key: string;
  /** Lower comes first, under the order's own sections. */
  order: number;
  /** Only users with this code see the section (no code: everyone who sees the drawer). */
  permission?: PermissionCode;
  /** The section's component, loaded with the first drawer that shows it (its own chunk). */
  load: () => Promise<{ default: ComponentType<OrderDrawerSectionProps> }>;
}

const sections: OrderDrawerSection[] = [];

export function registerOrderDrawerSections(list: readonly OrderDrawerSection[]): void {
  for (const section of list) if (!sections.some((s) => s.key === section.key)) sections.push(section);
  sections.sort((a, b) => a.order - b.order);
}

/** Every registered section, in order. */
export const orderDrawerSections = (): readonly OrderDrawerSection[] => sections;
