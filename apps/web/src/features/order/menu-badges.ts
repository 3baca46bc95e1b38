import type { MenuBadgeSource } from '../../shared/navigation/menu-badges';
import { useOrderAlert } from './alert/useOrderAlert';

/**
 * 订单列表's badge: the chosen store's 待处理 orders. Its hook is also the new-order alert (the
 * live subscription, the chime, the notification), which must run on every page of the session:
 * the shell mounts badge sources for the whole session. Only this small module (not the list
 * page's chunk) is part of the shell.
 */
const todoOrders: MenuBadgeSource = {
  key: 'order.todo',
  component: 'views/order/list/index',
  permission: 'order:order:index',
  useCount: useOrderAlert,
};

/** The order feature's menu badges (joined by `app/menu-badge-registry.ts`). */
export const orderMenuBadges: MenuBadgeSource[] = [todoOrders];
