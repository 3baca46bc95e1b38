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
}

/** A feature's pages (`features/<domain>/pages.ts`), by menu `component` name. */
export type PageMap = Record<string, PageEntry>;
