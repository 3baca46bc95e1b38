import { useQuery } from '@tanstack/react-query';
import { memberEndpoints, orderEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { MEMBERS_KEY } from '../cashier/api';
import { ORDERS_KEY } from '../queryKeys';
import { wasTab } from './status';

/** One order with its lines, payments, refunds and log (the drawer). */
export const useOrder = (id: string) =>
  useQuery({ queryKey: [ORDERS_KEY, 'detail', id], queryFn: () => call(orderEndpoints.get, { params: { id } }) });

/**
 * Whether a row's order was a pay-later tab, read from its log once (`enabled` for the rows that
 * may be one). Kept outside ORDERS_KEY and never stale: an order that was dining stays one that
 * was, so the list's refreshes do not ask again for every row.
 */
export const useWasTab = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['order-was-tab', id],
    queryFn: async () => wasTab((await call(orderEndpoints.get, { params: { id } }, { silent: true })).logs),
    enabled,
    staleTime: Infinity,
  });

/** The order's member as 收款 needs it (balance, frozen or not): read only with the code to see members. */
export const useOrderMember = (memberId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [MEMBERS_KEY, 'order', memberId],
    queryFn: () => call(memberEndpoints.get, { params: { id: memberId! } }, { silent: true }),
    enabled: enabled && memberId !== null,
  });
