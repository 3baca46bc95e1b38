import type { MenuBadgeSource } from '../../shared/navigation/menu-badges';
import { usePrinterAlert } from './usePrinterAlert';

/**
 * 打印机's badge: the chosen store's enabled printers offline or out of paper. Its hook is also
 * the live printer alert, which must run on every page of the session (the shell mounts badge
 * sources for the whole session); only this small module is part of the shell.
 */
const printersDown: MenuBadgeSource = {
  key: 'printing.down',
  component: 'views/store/printer/index',
  permission: 'store:printer:index',
  useCount: usePrinterAlert,
};

/** The printing feature's menu badges (joined by `app/menu-badge-registry.ts`). */
export const printingMenuBadges: MenuBadgeSource[] = [printersDown];
