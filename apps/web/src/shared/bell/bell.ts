import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { PermissionCode } from '@canteen/contract';

/** How the header bell shows one row of a source. */
export interface BellItem {
  /** Unique within its source. */
  key: string;
  avatar?: string | null;
  /** A count on the avatar (e.g. that follower's unread messages). */
  count?: number;
  title: ReactNode;
  /** A tag beside the title (e.g. the account). */
  tag?: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** ISO time shown at the right. */
  time?: string;
  /** `data-*` attributes of the row, for tests and browser tests. */
  data?: Record<`data-${string}`, string>;
}

/** What a source's feed holds: the number on the bell and the rows to list, newest first. */
export interface BellFeed<Row> {
  /** Everything the source counts (the bell shows 99+ above 99), not only the rows listed. */
  count: number;
  rows: readonly Row[];
  /** Further rows, a page at a time (the bell's 加载更多 under the rows while `available`). */
  more?: { available: boolean; loading: boolean; load: () => void };
}

/**
 * Something the header bell counts and lists: a feature's unread messages, new orders… Features
 * declare theirs in `features/<domain>/bell.ts` (an exported array of these) and
 * `app/bell-registry.ts` joins them, so the bell imports no feature.
 */
export interface BellSource<Row> {
  /** Unique across features, e.g. `wxmp.unread`. */
  key: string;
  /** Lower comes first in the list. */
  order: number;
  /** Only users with this code get the source (no code: everyone signed in); without it nothing is asked. */
  permission?: PermissionCode;
  /** The i18n key of the source's heading, shown when the bell lists more than one source. */
  title?: string;
  /**
   * Keeps the count and rows current (the paged load, live updates, catching up after a reconnect).
   * The shell calls it in a component mounted while the user holds `permission`; unmounting ends
   * the feed and forgets its rows.
   */
  useFeed(): BellFeed<Row>;
  /** How a row shows. */
  item(row: Row, t: TFunction): BellItem;
  /** A click on a row (the shell closes the bell first), e.g. open the conversation. */
  open(row: Row): void;
  /** The page with everything of the source (the bell's 查看全部). */
  viewAll?: string;
}

const sources: BellSource<unknown>[] = [];

export function registerBellSources(list: readonly BellSource<unknown>[]): void {
  for (const source of list) if (!sources.some((s) => s.key === source.key)) sources.push(source);
  sources.sort((a, b) => a.order - b.order);
}

/** Every registered source, in order. */
export const bellSources = (): readonly BellSource<unknown>[] => sources;
