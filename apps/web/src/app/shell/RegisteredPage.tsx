import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RequirePermission } from '../../shared/session/Forbidden';
import { resolvePage, type PageEntry } from '../page-registry';
import { withChunkTimeout } from '../lazy';
import { NotAvailablePage } from '../pages/NotAvailablePage';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per page name, so a page's chunk loads once (with the 120 s limit). */
function lazyPage(component: string, entry: PageEntry): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(component);
  if (!page) {
    page = lazy(() => withChunkTimeout(entry.load));
    lazyPages.set(component, page);
  }
  return page;
}

/**
 * The page the registry holds under a menu `component` name, behind its declared view
 * permission: the one place a page's view permission is checked. Without it the shared 403 view
 * shows and the page's chunk is not loaded. Render it inside a `Suspense`.
 */
export function RegisteredPage({ component, label }: { component: string; label?: string }) {
  const entry = resolvePage(component);
  if (!entry) return <NotAvailablePage name={label ?? ''} component={component} />;
  const Page = lazyPage(component, entry);
  return (
    <RequirePermission code={entry.permission}>
      {/* eslint-disable-next-line react-hooks/static-components -- one lazy component per page name, cached above: stable across renders */}
      <Page />
    </RequirePermission>
  );
}
