/**
 * The live channel's destinations (DESIGN.md §5), shared by the server that declares them and
 * the web app that subscribes. `{name}` is a parameter.
 */
export const LIVE_DESTINATIONS = {
  /** The bell: every new follower message that is not an event. */
  wxmpBell: '/weixin/wx_msg',
  /** One follower's conversation: their messages and the account's replies. */
  wxmpConversation: '/weixin/wx_msg{wxUserId}',
  /** One store's new orders (paid, or a pay-later tab opened): the new-order alert. */
  storeOrders: '/store/orders{storeId}',
  /** One store's printers: a printer went offline, ran out of paper, or came back (PrinterStatusEvent). */
  storePrinters: '/store/printers{storeId}',
  /** One store's floor: a table's seating or an order's kitchen lines changed (FloorLiveEvent): the map, the kitchen display, the pickup board. */
  storeFloor: '/store/floor{storeId}',
} as const;

/** The destination of one follower's conversation. */
export const wxmpConversationDestination = (wxUserId: string | number): string => `${LIVE_DESTINATIONS.wxmpBell}${wxUserId}`;

/** The destination of one store's new orders. */
export const storeOrdersDestination = (storeId: string | number): string => `/store/orders${storeId}`;

/** The destination of one store's printer alerts. */
export const storePrintersDestination = (storeId: string | number): string => `/store/printers${storeId}`;

/** The destination of one store's floor (tables, kitchen, pickup). */
export const storeFloorDestination = (storeId: string | number): string => `/store/floor${storeId}`;
