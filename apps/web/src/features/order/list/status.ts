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

export type OrderAction = 'accept' | 'finish' | 'bill' | 'pay' | 'cancel' | 'refund';

/**
 * The states each action starts from and the code it needs, as the server's state machine
 * (orders/transitions.ts, rounds.ts, payments and refunds) allows them:
 * 接单 paid → making; 完成 making → finished, and paid → finished for a pay-later tab (the row's payLater);
 * 买单 dining → pending; 收款 while dining or pending (a tab may be paid before 买单);
 * 取消 dining, pending or paid (paid money goes back); 退款 once paid, until all went back.
 */
const ACTIONS: Record<OrderAction, { from: readonly OrderStatus[]; permission: PermissionCode }> = {
  accept: { from: ['paid'], permission: 'order:order:edit' },
  finish: { from: ['making'], permission: 'order:order:edit' },
  bill: { from: ['dining'], permission: 'order:order:edit' },
  pay: { from: ['dining', 'pending'], permission: 'order:cashier:pay' },
  cancel: { from: ['dining', 'pending', 'paid'], permission: 'order:order:edit' },
  refund: { from: ['paid', 'making', 'finished', 'partially_refunded'], permission: 'order:order:refund' },
};

/**
 * The actions an order offers to a user holding these codes. 完成 of a paid order: only a
 * pay-later tab (先吃后付: paid after eating, nothing left to make; the server finishes only
 * those from paid). 收款: while something is left to pay. 退款: while something paid is left.
 */
export function actionsFor(
  row: Pick<OrderRow, 'status' | 'payLater' | 'paidAmount' | 'refundedAmount' | 'payableAmount'>, allowed: (code: PermissionCode) => boolean,
): OrderAction[] {
  return (Object.keys(ACTIONS) as OrderAction[]).filter((action) => {
    const rule = ACTIONS[action];
    const from = action === 'finish' && row.status === 'paid' && row.payLater;
    if (!(rule.from.includes(row.status) || from) || !allowed(rule.permission)) return false;
    if (action === 'pay') return row.payableAmount - row.paidAmount > 0;
    return action !== 'refund' || row.paidAmount - row.refundedAmount > 0;
  });
}
