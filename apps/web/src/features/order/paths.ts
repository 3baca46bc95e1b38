/** The 订单列表 page's path (the menu's /order/list, component views/order/list/index). */
export const ORDER_LIST_PATH = '/order/list';

/** The list with one order's drawer open (the page reads `orderId` from its tab's query). */
export const orderHref = (orderId: string) => `${ORDER_LIST_PATH}?${new URLSearchParams({ orderId }).toString()}`;

/** The 收银台 page's path (the menu's /order/cashier). */
export const CASHIER_PATH = '/order/cashier';

/** The counter with a table chosen (加菜 from the table map): the cashier reads `tableId` from its tab's query. */
export const cashierTableHref = (tableId: string) => `${CASHIER_PATH}?${new URLSearchParams({ tableId }).toString()}`;
