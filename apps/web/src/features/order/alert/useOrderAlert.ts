import { useRef } from 'react';
import { App } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFen, orderEndpoints, orderLiveEventSchema, storeOrdersDestination, type OrderLiveEvent } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useLiveConnected } from '../../../shared/live/useLiveConnected';
import { refreshAfterEvent } from '../../../shared/live/refreshAfterEvent';
import { useLiveSubscription } from '../../../shared/live/useLiveSubscription';
import { navigate } from '../../../shared/navigation/navigation';
import { useCurrentStore } from '../../../shared/store/current-store';
import { orderHref } from '../paths';
import { ORDERS_KEY, orderCountsKey } from '../queryKeys';
import { playNewOrderChime } from './chime';
import '../messages';

/** States of an incoming order that ask for staff: paid (to accept) or a table's pay-later order. */
const ALERTING = new Set<OrderLiveEvent['status']>(['paid', 'dining']);
/** The orders already announced, so a repeated event (a reconnect, another instance) rings once. */
const ANNOUNCED_MAX = 200;

/**
 * The new-order alert of the chosen store, for the whole signed-in session: listens on
 * `/store/orders{storeId}`; each event refreshes the order queries (list, counts, drawer), and a
 * newly paid order (or a table's pay-later order) plays a chime and shows a notification that
 * opens it in 订单列表. Answers the number of 待处理 orders (the menu badge), read again on each
 * event and after the live channel comes back.
 */
export function useOrderAlert(): number | undefined {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const { storeId } = useCurrentStore();
  const announced = useRef(new Set<string>());
  const counts = useQuery({
    queryKey: orderCountsKey(storeId),
    queryFn: () => call(orderEndpoints.counts, { query: { storeId: storeId! } }),
    enabled: storeId !== null,
  });

  const announce = (event: OrderLiveEvent) => {
    const key = `${event.id}:${event.status}`;
    if (announced.current.has(key)) return;
    announced.current.add(key);
    if (announced.current.size > ANNOUNCED_MAX) announced.current.delete(announced.current.values().next().value!);
    playNewOrderChime();
    const where = event.tableCode ? t('order.alert.table', { table: event.tableCode }) : event.pickupNo ? t('order.alert.pickup', { pickup: event.pickupNo }) : '';
    const amount = t('order.alert.amount', { type: t(`order.types.${event.type}`), source: t(`order.sources.${event.source}`), amount: formatFen(event.payableAmount) });
    const notice = `order-${event.id}`;
    notification.open({
      key: notice,
      title: t(event.status === 'paid' ? 'order.alert.paid' : 'order.alert.dining', { orderNo: event.orderNo }),
      description: [where, amount, t('order.alert.open')].filter(Boolean).join(' · '),
      className: 'order-alert',
      placement: 'bottomRight',
      duration: 15,
      role: 'alert',
      style: { cursor: 'pointer' },
      onClick: () => {
        notification.destroy(notice);
        navigate(orderHref(event.id));
      },
    });
  };

  useLiveSubscription(storeId ? storeOrdersDestination(storeId) : null, (body) => {
    void refreshAfterEvent(queryClient, [ORDERS_KEY]);
    const parsed = orderLiveEventSchema.safeParse(body);
    if (parsed.success && parsed.data.storeId === storeId && ALERTING.has(parsed.data.status)) announce(parsed.data);
  });
  // Back after the channel was lost: what came meanwhile is in the counts and the list.
  useLiveConnected(({ reconnect }) => {
    if (reconnect) void refreshAfterEvent(queryClient, [ORDERS_KEY]);
  }, storeId !== null);

  return counts.data?.todo;
}
