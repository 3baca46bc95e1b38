import type { PageMap } from '../../shared/navigation/pages';

/** The order pages (订单管理) by menu `component` name, each its own lazily loaded chunk, with the code needed to see it. */
export const orderPages: PageMap = {
  // One tab whatever its query: the new-order alert opens an order with ?orderId= in the open list.
  'views/order/list/index': { load: () => import('./list/OrdersPage'), permission: 'order:order:index', singleTab: true },
  'views/order/cashier/index': { load: () => import('./cashier/CashierPage'), permission: 'order:cashier:index' },
  'views/order/floor/index': { load: () => import('./floor/TableMapPage'), permission: 'order:floor:index' },
  'views/order/kitchen/index': { load: () => import('./kitchen/KitchenPage'), permission: 'order:kitchen:index' },
  'views/order/pickup/index': { load: () => import('./pickup/PickupPage'), permission: 'order:pickup:index' },
};
