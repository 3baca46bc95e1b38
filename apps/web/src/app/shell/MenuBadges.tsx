import { useEffect } from 'react';
import { menuBadgeSources, useMenuBadgeCounts, type MenuBadgeSource } from '../../shared/navigation/menu-badges';
import { usePermissionCheck } from '../../shared/session/session';
import '../menu-badge-registry';

/** Runs one source while mounted and hands its number to the menu. */
function BadgeSource({ source }: { source: MenuBadgeSource }) {
  const count = source.useCount();
  useEffect(() => useMenuBadgeCounts.getState().set(source.component, count), [source.component, count]);
  useEffect(() => () => useMenuBadgeCounts.getState().set(source.component, undefined), [source.component]);
  return null;
}

/**
 * The features' menu badges (`app/menu-badge-registry.ts`) the user may see, running for the
 * whole session in the shell (not in the menu, which a small screen mounts only in its drawer).
 */
export function MenuBadges() {
  const allowed = usePermissionCheck();
  return menuBadgeSources()
    .filter((source) => allowed(source.permission))
    .map((source) => <BadgeSource key={source.key} source={source} />);
}
