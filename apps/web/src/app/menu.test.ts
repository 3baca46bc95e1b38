import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../shared/session/session';
import { hrefOf, menuEntries, searchMenu, visibleMenu } from './menu';

const node = (path: string, label: string, extra: Partial<MenuNode> = {}): MenuNode => ({ id: path, name: label, label, path, ...extra });

const tree: MenuNode[] = [
  node('/admin', '系统管理', { children: [node('/admin/user', '用户管理', { component: 'views/admin/user/index' }), node('/admin/role', 'Role admin', { keepAlive: '1' })] }),
  node('/store', '门店管理', { meta: { roles: ['ROLE_STORE'] }, children: [node('dish', '菜品')] }),
  node('/report', 'Reports', { component: 'views/report/index' }),
  node('/docs', 'Docs', { src: 'https://example.com/docs', query: { a: '1' } }),
];

describe('menu routes', () => {
  it('hides entries whose meta.roles do not match and joins relative child paths', () => {
    expect(visibleMenu(tree, ['ROLE_ADMIN']).map((n) => n.path)).toEqual(['/admin', '/report', '/docs']);
    const withStore = visibleMenu(tree, ['ROLE_STORE']);
    expect(withStore[1]!.children![0]!.path).toBe('/store/dish');
  });

  it('flattens leaves with their trail, keepAlive and an index child for top-level entries', () => {
    const entries = menuEntries(visibleMenu(tree, ['ROLE_ADMIN']));
    expect(entries.map((e) => e.path)).toEqual(['/admin/user', '/admin/role', '/report/index', '/docs']);
    expect(entries[0]!.trail.map((n) => n.label)).toEqual(['系统管理']);
    expect(entries[0]!.keepAlive).toBe(true);
    expect(entries[1]!.keepAlive).toBe(false);
    expect(entries[3]!.external).toBe('https://example.com/docs');
  });

  it('opens external entries through /myiframe with their query', () => {
    const [, , , docs] = menuEntries(visibleMenu(tree, []));
    const url = new URL(hrefOf(docs!), 'http://x');
    expect(url.pathname).toBe('/myiframe/urlPath');
    expect(Object.fromEntries(url.searchParams)).toEqual({ a: '1', src: 'https://example.com/docs', name: 'Docs' });
  });
});

describe('menu search', () => {
  const entries = [{ label: '用户管理' }, { label: 'User tags' }, { label: 'users' }, { label: 'Role admin' }];
  it('matches a case-insensitive prefix of the label', () => {
    expect(searchMenu(entries, 'USER').map((e) => e.label)).toEqual(['User tags', 'users']);
    expect(searchMenu(entries, '用户').map((e) => e.label)).toEqual(['用户管理']);
    expect(searchMenu(entries, 'admin')).toEqual([]);
    expect(searchMenu(entries, '  ')).toEqual([]);
  });
});
