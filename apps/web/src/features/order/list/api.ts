import { useQuery } from '@tanstack/react-query';
import { orderEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ORDERS_KEY } from '../queryKeys';

/** One order with its lines, payments, refunds and log (the drawer). */
export const useOrder = (id: string) =>
  useQuery({ queryKey: [ORDERS_KEY, 'detail', id], queryFn: () => call(orderEndpoints.get, { params: { id } }) });
