import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  cashierEndpoints, IDEMPOTENCY_HEADER, memberEndpoints, orderingMenuEndpoints, tableEndpoints, type MemberRow, type OrderCart,
  type OrderPayBody, type TableState,
} from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { HttpError } from '../../../shared/http/client';
import { useFloor } from '../floor/api';

/** Query key prefixes the counter reads (the ordering menu, tables, members, orders: their base paths). */
export const MENU_KEY = '/store/menu';
export const TABLES_KEY = '/store/table';
export const MEMBERS_KEY = '/customer/member';
export const ORDERS_KEY = '/order/order';
const QUOTE_KEY = '/order/quote';

/** The store's whole ordering menu (categories, dishes with SKUs and options, combos), cached until a menu edit. */
export const useOrderingMenu = (storeId: string) =>
  useQuery({ queryKey: [MENU_KEY, storeId], queryFn: () => call(orderingMenuEndpoints.ordering, { query: { storeId } }), staleTime: 30_000 });

/** A table of the dine-in picker: with its real state and what its seating ordered when the floor is readable (order:floor:index). */
export interface CashierTable {
  id: string;
  code: string;
  areaName: string;
  state: TableState | undefined;
  /** What the open seating ordered so far (fen), 0 without one. */
  amount: number;
}

// A01, A02 … A10, then B01: by area, then code in numeric order.
const byAreaAndCode = (a: CashierTable, b: CashierTable) => a.areaName.localeCompare(b.areaName, 'zh-CN') || a.code.localeCompare(b.code, undefined, { numeric: true });

/**
 * The store's enabled tables for the picker: from the floor (the same query as 桌台图, kept live by
 * its events) with each table's state; without order:floor:index, the table list without states.
 */
export function useCashierTables(storeId: string, enabled: boolean, withStates: boolean): CashierTable[] {
  const floor = useFloor(storeId, enabled && withStates);
  const plain = useQuery({
    queryKey: [TABLES_KEY, 'cashier', storeId],
    queryFn: async () => (await call(tableEndpoints.page, { query: { storeId, current: 1, size: 1000 } })).records.filter((t) => t.enabled),
    enabled: enabled && !withStates,
    staleTime: 30_000,
  });
  return useMemo(() => {
    if (withStates) {
      const areas = new Map(floor.data?.areas.map((a) => [a.id, a.name]));
      return (floor.data?.tables ?? []).filter((t) => t.enabled)
        .map((t) => ({ id: t.id, code: t.code, areaName: areas.get(t.areaId) ?? '', state: t.state, amount: t.session?.amount ?? 0 })).sort(byAreaAndCode);
    }
    return (plain.data ?? []).map((t) => ({ id: t.id, code: t.code, areaName: t.areaName, state: undefined, amount: 0 })).sort(byAreaAndCode);
  }, [withStates, floor.data, plain.data]);
}

/** The chosen table's open order (its tab), read when a table is chosen: the cart is that tab's next round. */
export const useOpenTab = (tableId: string | undefined) =>
  useQuery({
    queryKey: [ORDERS_KEY, 'open-tab', tableId],
    queryFn: () => fetchOpenTab(tableId!),
    enabled: tableId !== undefined,
  });

/** Members whose phone or member number starts with the digits typed (at most 10). */
export const useMemberLookup = (keyword: string) =>
  useQuery({
    queryKey: [MEMBERS_KEY, 'cashier', keyword],
    queryFn: async (): Promise<MemberRow[]> => (await call(memberEndpoints.page, { query: { keyword, current: 1, size: 10 } })).records,
    enabled: keyword.trim().length > 0,
    staleTime: 5_000,
  });

/** A value that follows `value` once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface QuoteState {
  quote: Awaited<ReturnType<typeof quoteCart>> | undefined;
  /** The server's refusal of this cart ("辣子鸡（大份）已售罄"), shown on the cart instead of a red toast. */
  refusal: string | undefined;
  /** The quote on screen is for the cart as it is now (nothing typed since, nothing on its way). */
  fresh: boolean;
  pricing: boolean;
}

const quoteCart = (cart: OrderCart) => call(cashierEndpoints.quote, { body: cart }, { silent: true });

/** The server's price of the cart, asked 300 ms after the last change; the previous answer stays shown meanwhile. */
export function useQuote(cart: OrderCart | undefined): QuoteState {
  const json = cart ? JSON.stringify(cart) : '';
  const settled = useDebounced(json, 300);
  const query = useQuery({
    queryKey: [QUOTE_KEY, settled],
    queryFn: () => quoteCart(JSON.parse(settled) as OrderCart),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
  const error = query.error instanceof HttpError ? query.error.message : query.error ? String(query.error) : undefined;
  const asked = json !== '' && settled === json;
  const upToDate = asked && !query.isPlaceholderData && !query.isFetching;
  return {
    quote: json === '' ? undefined : query.data,
    refusal: asked && query.isError ? error : undefined,
    fresh: upToDate && query.isSuccess,
    pricing: json !== '' && !upToDate && !(asked && query.isError),
  };
}

/** Creates the order; `key` is the attempt's idempotency key (a retry of the same cart sends the same one). */
export const createOrder = (cart: OrderCart, key: string) =>
  call(cashierEndpoints.create, { body: cart }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });

/** A table's open pay-later order (dining, or pending after 买单), or null. */
export const fetchOpenTab = (tableId: string) => call(cashierEndpoints.openTab, { params: { id: tableId } }, { silent: true });

/** 加菜: the cart's lines as the next round of the table's open order; `key` as for createOrder. */
export const addRound = (orderId: string, cart: OrderCart, key: string) =>
  call(cashierEndpoints.addLines, { params: { id: orderId }, body: { lines: cart.lines, remark: cart.remark ?? '' } }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });

/** One payment towards the order (a split payment is several). */
export const payOrder = (orderId: string, body: OrderPayBody, key: string) =>
  call(cashierEndpoints.pay, { params: { id: orderId }, body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });

/** One payment and its order as they are now (a WeChat Pay QR waits for the platform's notification): the counter's own read, order:cashier:index. */
export const fetchPayment = (orderId: string, paymentId: string) => call(cashierEndpoints.payment, { params: { id: orderId, paymentId } }, { silent: true });
