import { createContext, useContext } from 'react';

/**
 * The path and query of the kept-alive tab a page lives in. A hidden tab's page keeps its own
 * location while another tab is shown, and reading it subscribes to nothing that changes on
 * other tabs' navigations.
 */
export const PaneLocation = createContext<string | null>(null);

/** The query string (`?a=1`) of this page's own tab; the window's when not inside a tab. */
export function usePaneSearch(): string {
  const key = useContext(PaneLocation);
  if (key === null) return window.location.search;
  const at = key.indexOf('?');
  return at < 0 ? '' : key.slice(at);
}
