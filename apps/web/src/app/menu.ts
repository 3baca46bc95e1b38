import type { MenuNode } from '../shared/session/session';

/** A navigable entry of the menu: a page route built from a menu node. */
export interface MenuEntry {
  /** The route path (a top-level entry without children gets an `/index` child). */
  path: string;
  label: string;
  icon?: string;
  component?: string;
  keepAlive: boolean;
  /** An external address (src beginning with http): opens through /myiframe. */
  external?: string;
  query?: Record<string, string>;
  node: MenuNode;
  /** The labels of the groups above it, outermost first (for the breadcrumb). */
  trail: MenuNode[];
}

const joinPath = (parent: string, path: string) => {
  if (!path) return parent;
  if (path.startsWith('/') || /^https?:/i.test(path)) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
};

export const externalOf = (node: Pick<MenuNode, 'src' | 'path'>): string | undefined => {
  if (node.src && /^https?:\/\//i.test(node.src)) return node.src;
  if (/^https?:\/\//i.test(node.path)) return node.path;
  return undefined;
};

/** Menu items with `meta.roles` are hidden when none of the user's roles match. */
export const visibleTo = (node: MenuNode, roles: string[]) => !node.meta?.roles?.length || node.meta.roles.some((r) => roles.includes(r));

/** Hides what the roles may not see and gives children absolute paths. */
export function visibleMenu(tree: MenuNode[], roles: string[], parent = ''): MenuNode[] {
  return tree
    .filter((node) => visibleTo(node, roles) && (node.type === undefined || node.type === '0'))
    .map((node) => {
      const path = externalOf(node) ? node.path : joinPath(parent, node.path);
      const children = node.children?.length ? visibleMenu(node.children, roles, path) : undefined;
      return { ...node, path, children };
    });
}

/** The URL a menu entry opens: its route, or /myiframe for an external page. */
export function hrefOf(entry: Pick<MenuEntry, 'path' | 'external' | 'label' | 'query'>): string {
  if (entry.external) {
    const search = new URLSearchParams({ ...entry.query, src: entry.external, name: entry.label });
    return `/myiframe/urlPath?${search.toString()}`;
  }
  const query = entry.query && Object.keys(entry.query).length ? `?${new URLSearchParams(entry.query).toString()}` : '';
  return `${entry.path}${query}`;
}

/** Flattens the (visible) tree into its navigable leaves. */
export function menuEntries(tree: MenuNode[], trail: MenuNode[] = []): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const node of tree) {
    if (node.children?.length) {
      out.push(...menuEntries(node.children, [...trail, node]));
      continue;
    }
    const external = externalOf(node);
    const topLevel = trail.length === 0 && !external && !node.path.endsWith('/index');
    out.push({
      path: topLevel ? `${node.path.replace(/\/$/, '')}/index` : node.path,
      label: node.label || node.name,
      icon: node.icon ?? undefined,
      component: node.component ?? undefined,
      keepAlive: node.keepAlive !== '1',
      external,
      query: node.query && typeof node.query === 'object' ? node.query : undefined,
      node,
      trail,
    });
  }
  return out;
}

/** The specification's menu search: case-insensitive prefix match on the label. */
export function searchMenu<T extends { label: string }>(entries: T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return entries.filter((entry) => entry.label.toLowerCase().startsWith(q));
}

/** The first page under a group path (for the group's own path and the top menu). */
export function firstEntryUnder(entries: MenuEntry[], groupPath: string): MenuEntry | undefined {
  return entries.find((entry) => entry.trail.some((node) => node.path === groupPath) || entry.node.path === groupPath);
}
