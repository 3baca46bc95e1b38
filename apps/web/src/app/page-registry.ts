import type { ComponentType } from 'react';

/** A lazily loaded page: one code-split chunk each. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Every page a menu entry can name by its `component` string. Each feature exports its own map
 * (`features/<domain>/pages.ts`); the app joins them here, so a feature never imports another.
 */
export const pageRegistry: Record<string, PageLoader> = {};

export const resolvePage = (component: string | undefined): PageLoader | undefined =>
  component ? pageRegistry[component.replace(/^\//, '')] : undefined;

// Each feature's `pages.ts` map (named or default export), joined without naming the features here.
const featurePages = import.meta.glob<Record<string, unknown>>('../features/*/pages.ts', { eager: true });
for (const module of Object.values(featurePages)) {
  for (const map of Object.values(module)) if (map && typeof map === 'object') Object.assign(pageRegistry, map);
}
