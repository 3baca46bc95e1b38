/** The 订单列表 page's path (the menu's /order/list, component views/order/list/index). */
export const ORDER_LIST_PATH = '/order/list';

/** The list with one order's drawer open (the page reads `orderId` from its tab's query). */
export const orderHref = (orderId: string) => `${ORDER_LIST_PATH}?${new URLSearchParams({ orderId }).toString()}`;
