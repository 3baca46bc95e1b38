import { useQuery } from '@tanstack/react-query';
import { memberEndpoints, orderEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { MEMBERS_KEY } from '../cashier/api';
import { ORDERS_KEY } from '../queryKeys';

/** One order with its lines, payments, refunds and log (the drawer). */
export const useOrder = (id: string) =>
  useQuery({ queryKey: [ORDERS_KEY, 'detail', id], queryFn: () => call(orderEndpoints.get, { params: { id } }) });

/** The order's member as 收款 needs it (balance, frozen or not): read only with the code to see members. */
export const useOrderMember = (memberId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [MEMBERS_KEY, 'order', memberId],
    queryFn: () => call(memberEndpoints.get, { params: { id: memberId! } }, { silent: true }),
    enabled: enabled && memberId !== null,
  });
