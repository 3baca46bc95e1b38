import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type MenuNode } from '../../shared/session/session';
import { menuEntries, visibleMenu, type MenuEntry } from '../menu';

/** A menu label in the current language (the server's labels are Chinese). */
export function useMenuLabel() {
  const { t } = useTranslation();
  return (node: Pick<MenuNode, 'path' | 'label' | 'name'>) => t(`menuLabel.${node.path.replace(/\//g, '_')}`, { defaultValue: node.label || node.name });
}

/** The signed-in user's visible menu tree and its navigable entries, labels translated. */
export function useShellMenu(): { tree: MenuNode[]; entries: MenuEntry[] } {
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const label = useMenuLabel();
  const { i18n } = useTranslation();
  return useMemo(() => {
    const translate = (nodes: MenuNode[]): MenuNode[] => nodes.map((n) => ({ ...n, label: label(n), children: n.children && translate(n.children) }));
    const tree = translate(visibleMenu(menu, roles));
    return { tree, entries: menuEntries(tree) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the label function changes with the language
  }, [menu, roles, i18n.language]);
}
