import type { PageEntry } from '../shared/navigation/pages';
import { exportsOf } from './feature-exports';

export type { PageEntry, PageLoader } from '../shared/navigation/pages';

/**
 * Every page a menu entry can name by its `component` string, with its loader and view
 * permission. Each feature exports its own map (`features/<domain>/pages.ts`); the app joins
 * them here, so a feature never imports another.
 */
export const pageRegistry: Record<string, PageEntry> = {};

export const resolvePage = (component: string | undefined): PageEntry | undefined =>
  component ? pageRegistry[component.replace(/^\//, '')] : undefined;

const isEntry = (value: unknown): value is PageEntry =>
  typeof value === 'object' && value !== null && typeof (value as PageEntry).load === 'function' && 'permission' in value;

// Each feature's `pages.ts` map (named or default export), joined without naming the features here.
const featurePages = import.meta.glob<Record<string, unknown>>('../features/*/pages.ts', { eager: true });
for (const map of exportsOf(featurePages)) {
  if (map && typeof map === 'object') for (const [name, entry] of Object.entries(map)) if (isEntry(entry)) pageRegistry[name] = entry;
}
