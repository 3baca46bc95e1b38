import type { ComponentType } from 'react';
import type { PermissionCode } from '@canteen/contract';

/** A lazily loaded page: one code-split chunk each. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One page a menu entry can name by its `component` string: how to load it, and the code the
 * user needs to see it. The shell checks that code once, before loading the page, and shows the
 * one shared 403 view without it; pages themselves do not check their view permission.
 */
export interface PageEntry {
  load: PageLoader;
  /** The view permission; `null`: every signed-in user (home, personal information). */
  permission: PermissionCode | null;
  /**
   * One tab for the page whatever its query: a new query shows in the open tab (the page reads it
   * with `usePaneSearch`) instead of opening another tab beside it, e.g. 用户消息 opened from the bell
   * for one follower after another. Default: the query is part of the tab (path plus query).
   */
  singleTab?: boolean;
}

/** A feature's pages (`features/<domain>/pages.ts`), by menu `component` name. */
export type PageMap = Record<string, PageEntry>;
