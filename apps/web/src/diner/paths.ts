/** The pages of this entry (the server serves diner.html at both: order/diner/page.ts). */
export const menuPagePath = (tableToken: string) => `/order/t/${tableToken}`;
export const orderPagePath = (tableToken: string, viewToken: string) => `/order/t/${tableToken}/order/${viewToken}`;
