import { validateUrl } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import { menuParentOptions, nullIfEmpty, roleCodeOptions, type MenuRecord } from '../api';
import { IconPicker, MenuIcon } from './IconPicker';
import { formatMenuQuery, parseMenuQuery } from './query';
import '../messages';

const typeDict = [
  { value: '0', label: 'system.menu.typeMenu', color: 'blue' },
  { value: '1', label: 'system.menu.typeButton', color: 'orange' },
];
const keepAliveDict = [
  { value: '0', label: 'system.menu.keepAliveOn', color: 'green' },
  { value: '1', label: 'system.menu.keepAliveOff' },
];
const isMenu = (v: Record<string, unknown>) => v.type !== '1';
const permissionPattern = /^[a-z][a-z0-9]*(:[a-z0-9]+)+$/;
const queryProblem = (value: unknown) => {
  const parsed = parseMenuQuery(value as string);
  return 'problem' in parsed ? i18n.t(`system.menu.${parsed.problem}`) : null;
};

const def: ResourceDef<MenuRecord> = {
  base: '/upms/menu',
  mode: 'tree',
  endpoints: { list: '/upms/menu/all/tree' },
  // Buttons have no children.
  // Collapsed at first: with every menu and button row mounted, the page took 150–250 ms to show
  // again in a kept-alive tab (each row's effects run again when a hidden page is shown).
  tree: { parentField: 'parentId', addChild: (row) => row.type !== '1', collapsed: true },
  permissions: { add: 'sys:menu:add', edit: 'sys:menu:edit', del: 'sys:menu:del' },
  columns: [
    { key: 'name', label: 'system.menu.name' },
    { key: 'icon', label: 'system.menu.icon', render: (v) => <MenuIcon name={v as string | null} /> },
    { key: 'type', label: 'system.menu.type', type: 'tag', dict: typeDict },
    { key: 'permission', label: 'system.menu.permission' },
    { key: 'path', label: 'system.menu.path' },
    { key: 'component', label: 'system.menu.component' },
    { key: 'sort', label: 'system.menu.sort' },
    { key: 'keepAlive', label: 'system.menu.keepAlive', type: 'tag', dict: keepAliveDict },
  ],
  form: [
    { name: 'parentId', label: 'system.menu.parent', type: 'treeSelect', options: menuParentOptions, required: true, defaultValue: '-1' },
    { name: 'type', label: 'system.menu.type', type: 'radio', dict: typeDict, defaultValue: '0' },
    { name: 'name', label: 'system.menu.name', required: true, maxLength: 64 },
    {
      name: 'permission',
      label: 'system.menu.permission',
      maxLength: 128,
      placeholder: 'sys:user:add',
      rules: [{ pattern: permissionPattern, message: 'system.menu.permissionRule' }],
    },
    { name: 'icon', label: 'system.menu.icon', type: 'custom', visible: isMenu, render: ({ value, onChange }) => <IconPicker value={value as string | null} onChange={onChange} /> },
    { name: 'path', label: 'system.menu.path', visible: isMenu, maxLength: 255, placeholder: '/admin/user' },
    { name: 'component', label: 'system.menu.component', visible: isMenu, maxLength: 255, placeholder: 'views/admin/user/index' },
    { name: 'sort', label: 'system.menu.sort', type: 'number', min: 0, max: 100000, defaultValue: 0 },
    { name: 'keepAlive', label: 'system.menu.keepAlive', type: 'radio', dict: keepAliveDict, visible: isMenu, defaultValue: '0' },
    // The specification's URL rule: an external page starts with http or https.
    { name: 'src', label: 'system.menu.src', visible: isMenu, maxLength: 500, placeholder: 'https://', help: 'system.menu.srcHelp', validate: (v) => validateUrl(String(v).trim()) },
    { name: 'query', label: 'system.menu.query', type: 'textarea', visible: isMenu, maxLength: 2000, placeholder: 'tab=daily&store=1', help: 'system.menu.queryHelp', validate: queryProblem },
    { name: 'roles', label: 'system.menu.roles', type: 'multiSelect', options: roleCodeOptions, visible: isMenu, help: 'system.menu.rolesHelp' },
  ],
  toForm: (row) => ({ ...row, children: undefined, meta: undefined, query: formatMenuQuery(row.query), roles: row.meta?.roles ?? [] }),
  toBody: (v) => {
    // A button opens nothing: no external page, query or visible roles.
    const menu = isMenu(v);
    const query = parseMenuQuery(v.query as string | undefined);
    return {
      parentId: v.parentId ?? '-1',
      type: v.type ?? '0',
      name: v.name,
      permission: nullIfEmpty(v.permission),
      icon: nullIfEmpty(v.icon),
      path: nullIfEmpty(v.path),
      component: nullIfEmpty(v.component),
      sort: v.sort ?? 0,
      keepAlive: v.keepAlive ?? '0',
      src: menu ? nullIfEmpty(typeof v.src === 'string' ? v.src.trim() : v.src) : null,
      query: menu && 'query' in query ? query.query : null,
      meta: { roles: menu ? ((v.roles as string[] | undefined) ?? []) : [] },
    };
  },
};

/** 菜单管理: the menu-and-button tree with its editor. */
export default function MenusPage() {
  return <ResourcePage def={def} />;
}
