import { orderEndpoints, type OrderRecord, type OrderRefundBody } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { ORDERS_KEY } from '../queryKeys';

/** 接单, 完成, 买单, 取消 and 退款 of one order; each refreshes the list, the counts and the drawer. */
export function useOrderActions() {
  const invalidates = [[ORDERS_KEY]] as const;
  const accept = useAction({
    run: (id: string) => call(orderEndpoints.accept, { params: { id } }),
    success: 'orderList.actions.accepted',
    invalidates,
  });
  const finish = useAction({
    run: (id: string) => call(orderEndpoints.finish, { params: { id } }),
    success: 'orderList.actions.finished',
    invalidates,
  });
  const bill = useAction({
    run: (id: string) => call(orderEndpoints.bill, { params: { id } }),
    success: 'orderList.actions.billed',
    invalidates,
  });
  const cancel = useAction<{ id: string; reason: string }, OrderRecord>({
    run: ({ id, reason }) => call(orderEndpoints.cancel, { params: { id }, body: { reason } }),
    success: 'orderList.actions.cancelled',
    invalidates,
  });
  const refund = useAction<{ id: string; body: OrderRefundBody }, OrderRecord>({
    run: ({ id, body }) => call(orderEndpoints.refund, { params: { id }, body }),
    success: 'orderList.actions.refundDone',
    invalidates,
  });
  return { accept, finish, bill, cancel, refund };
}
