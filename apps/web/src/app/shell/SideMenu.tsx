import { memo, useMemo, useState } from 'react';
import { Badge, Breadcrumb, Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenuBadgeCounts } from '../../shared/navigation/menu-badges';
import { navigate } from '../../shared/navigation/navigation';
import type { MenuNode } from '../../shared/session/session';
import { HOME_PATH } from '../guards';
import { hrefOf, type MenuEntry } from '../menu';
import { MenuIcon } from './icons';
import type { Target } from './targets';

type Item = Required<MenuProps>['items'][number];

const keyOf = (entry: MenuEntry) => (entry.external ? `ext:${entry.external}` : entry.path);

export function SiderLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} className="shell-logo" title={t('app.title')}>
      <span className="shell-logo-mark">C</span>
      {collapsed ? null : <span className="shell-logo-text">Canteen</span>}
    </Link>
  );
}

/** The key of the menu item that matches what is shown. */
export const selectedKey = (target: Target, entries: MenuEntry[]) => {
  if (target.kind === 'iframe') {
    const entry = entries.find((e) => e.external === target.src);
    return entry ? keyOf(entry) : '';
  }
  return target.kind === 'page' ? target.path : '';
};

/** The sidebar's menu tree (collapsible; a drawer on small screens). */
export const SideMenu = memo(function SideMenu({ tree, entries, target, collapsed, dark }: { tree: MenuNode[]; entries: MenuEntry[]; target: Target; collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(entries.map((e) => [e.node.id, e])), [entries]);
  const trailKeys = target.kind === 'page' || target.kind === 'iframe' ? target.trail.map((n) => `group:${n.path}`) : [];
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);
  const trailId = trailKeys.join('|');
  const [lastTrail, setLastTrail] = useState(trailId);
  if (trailId !== lastTrail) {
    setLastTrail(trailId);
    setOpenKeys((keys) => [...new Set([...keys, ...trailKeys])]);
  }
  const badges = useMenuBadgeCounts((s) => s.counts);
  const items = useMemo(() => {
    const open = new Set(openKeys);
    const countOf = (node: MenuNode) => (node.component ? (badges[node.component.replace(/^\//, '')] ?? 0) : 0);
    const anyCount = (nodes: MenuNode[]): boolean => nodes.some((n) => countOf(n) > 0 || anyCount(n.children ?? []));
    const build = (nodes: MenuNode[]): Item[] =>
      nodes.map((node): Item => {
        if (node.children?.length) {
          // A dot on a closed group, so a badge inside it is seen.
          const key = `group:${node.path}`;
          const label = !open.has(key) && anyCount(node.children) ? <span><span>{node.label}</span> <Badge dot /></span> : node.label;
          return { key, icon: <MenuIcon name={node.icon} />, label, children: build(node.children) };
        }
        const entry = byId.get(node.id);
        const count = countOf(node);
        const label = count > 0 ? (
          <span className="shell-menu-badged">
            <span>{node.label}</span> <Badge count={count} overflowCount={99} size="small" data-testid={`menu-badge-${node.path}`} />
          </span>
        ) : node.label;
        return { key: entry ? keyOf(entry) : node.path, icon: <MenuIcon name={node.icon} external={Boolean(entry?.external)} />, label };
      });
    return [{ key: HOME_PATH, icon: <HomeOutlined />, label: t('shell.nav.home') }, ...build(tree)];
  }, [tree, byId, t, badges, openKeys]);
  const selected = selectedKey(target, entries);
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={[selected]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      inlineCollapsed={collapsed}
      className="shell-menu"
      data-testid="side-menu"
      onClick={({ key }) => {
        if (key === HOME_PATH) return navigate(HOME_PATH);
        const entry = entries.find((e) => keyOf(e) === key);
        if (entry) navigate(hrefOf(entry));
      }}
    />
  );
});

/** Home › group › page. */
export function Breadcrumbs({ target }: { target: Target }) {
  const { t } = useTranslation();
  if (target.kind !== 'page' && target.kind !== 'iframe') return null;
  const home = target.kind === 'page' && target.component === 'views/wel/index';
  const items = [
    { title: home ? <span><HomeOutlined /> {t('shell.nav.breadcrumbHome')}</span> : <Link to={HOME_PATH}><HomeOutlined /> {t('shell.nav.breadcrumbHome')}</Link> },
    ...target.trail.map((node) => ({ title: node.label })),
    ...(home ? [] : [{ title: target.label }]),
  ];
  return <Breadcrumb className="shell-breadcrumb" items={items} data-testid="breadcrumb" />;
}
