import type { OrderRow, OrderStatus, PermissionCode } from '@canteen/contract';

/** The colour of each state's tag. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  dining: 'purple', pending: 'gold', paid: 'blue', making: 'cyan', finished: 'green', cancelled: 'default', refunded: 'red', partially_refunded: 'green',
};

/**
 * The state a tag names: a partly refunded order shows as 已完成 with the 部分退款 badge beside
 * (it stays under the 已完成 tab).
 */
export const shownStatus = (status: OrderStatus): OrderStatus => (status === 'partially_refunded' ? 'finished' : status);

/** Some of what was paid went back, not all of it: the 部分退款 badge. */
export const isPartlyRefunded = (row: Pick<OrderRow, 'status' | 'refundedAmount' | 'paidAmount'>) =>
  row.status === 'partially_refunded' || (row.refundedAmount > 0 && row.refundedAmount < row.paidAmount && row.status !== 'refunded');

export type OrderAction = 'accept' | 'finish' | 'bill' | 'cancel' | 'refund';

/** The states each action starts from (STORE.md §6) and the code it needs. */
const ACTIONS: Record<OrderAction, { from: readonly OrderStatus[]; permission: PermissionCode }> = {
  accept: { from: ['paid'], permission: 'order:order:edit' },
  finish: { from: ['making'], permission: 'order:order:edit' },
  /** 买单: a pay-later table's tab asks for the bill (dining → pending). */
  bill: { from: ['dining'], permission: 'order:order:edit' },
  cancel: { from: ['dining', 'pending', 'paid'], permission: 'order:order:edit' },
  refund: { from: ['paid', 'making', 'finished', 'partially_refunded'], permission: 'order:order:refund' },
};

/** The actions an order offers to a user holding these codes. Refund: only while something paid is left. */
export function actionsFor(row: Pick<OrderRow, 'status' | 'paidAmount' | 'refundedAmount'>, allowed: (code: PermissionCode) => boolean): OrderAction[] {
  return (Object.keys(ACTIONS) as OrderAction[]).filter((action) => {
    const rule = ACTIONS[action];
    if (!rule.from.includes(row.status) || !allowed(rule.permission)) return false;
    return action !== 'refund' || row.paidAmount - row.refundedAmount > 0;
  });
}
