import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type MenuNode } from '../../shared/session/session';

export interface Shortcut {
  group: MenuNode;
  pages: MenuNode[];
}

/** Top-level groups the user may see, each with its pages (menu items whose meta.roles do not match are hidden). */
export function useShortcuts(): Shortcut[] {
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  const { t } = useTranslation();
  return useMemo(() => {
    const visible = (n: MenuNode) => (!n.meta?.roles?.length || n.meta.roles.some((r) => roles.includes(r))) && (n.type === undefined || n.type === '0');
    const label = (n: MenuNode) => t(`menuLabel.${n.path.replace(/\//g, '_')}`, { defaultValue: n.label || n.name });
    return menu.filter(visible).map((group) => ({
      group: { ...group, label: label(group) },
      pages: (group.children ?? []).filter(visible).filter((p) => !(p.src && /^https?:/i.test(p.src))).map((p) => ({ ...p, label: label(p) })),
    }));
  }, [menu, roles, t]);
}
