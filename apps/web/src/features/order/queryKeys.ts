/**
 * Query key prefixes of 订单管理, each the resource's base path: the list, its counts and the
 * drawer read under ORDERS_KEY, so an action on one order, a new order at the counter (收银台) or
 * a live event refreshes them all.
 */
export const ORDERS_KEY = '/order/order';

/** The per-tab counts of one store (the tabs and the 待处理 badge on the menu). */
export const orderCountsKey = (storeId: string | null) => [ORDERS_KEY, 'counts', storeId] as const;
