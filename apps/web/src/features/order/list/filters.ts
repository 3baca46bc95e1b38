import type { Dayjs } from 'dayjs';
import type { OrderQuery } from '@canteen/contract';

/** The filter form of 订单列表. */
export interface OrderFilterValues {
  dates?: [Dayjs | null, Dayjs | null] | null;
  orderNo?: string;
  phone?: string;
  tableCode?: string;
  type?: OrderQuery['type'];
  source?: OrderQuery['source'];
  payMethod?: OrderQuery['payMethod'];
}

export type OrderFilterQuery = Pick<OrderQuery, 'dateFrom' | 'dateTo' | 'orderNo' | 'phone' | 'tableCode' | 'type' | 'source' | 'payMethod'>;

/** The phone filter's rule (the contract's): the whole number or its last digits, 4 to 11. */
export const PHONE_FILTER = /^\d{4,11}$/;

/** Filter values → the list's query: blanks left out, texts trimmed, business dates as YYYY-MM-DD. */
export function orderFilterQuery(values: OrderFilterValues): OrderFilterQuery {
  const out: OrderFilterQuery = {};
  const [from, to] = values.dates ?? [];
  if (from) out.dateFrom = from.format('YYYY-MM-DD');
  if (to) out.dateTo = to.format('YYYY-MM-DD');
  const orderNo = values.orderNo?.trim();
  if (orderNo) out.orderNo = orderNo;
  const phone = values.phone?.trim();
  if (phone) out.phone = phone;
  const tableCode = values.tableCode?.trim();
  if (tableCode) out.tableCode = tableCode;
  if (values.type) out.type = values.type;
  if (values.source) out.source = values.source;
  if (values.payMethod) out.payMethod = values.payMethod;
  return out;
}
