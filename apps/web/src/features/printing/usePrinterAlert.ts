import { useRef } from 'react';
import { App } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { printerEndpoints, printerStatusEventSchema, storePrintersDestination, type PrinterStatusEvent } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { useLiveConnected } from '../../shared/live/useLiveConnected';
import { refreshAfterEvent } from '../../shared/live/refreshAfterEvent';
import { useLiveSubscription } from '../../shared/live/useLiveSubscription';
import { navigate } from '../../shared/navigation/navigation';
import { useCurrentStore } from '../../shared/store/current-store';
import { PRINTERS_KEY, storePrintersKey } from './keys';
import './messages';

/** Where 打印机 lives in the menu (the notification opens it). */
const PRINTERS_PATH = '/store/printer';
/** Events already shown, so one repeated (a reconnect, another instance) alerts once. */
const SHOWN_MAX = 100;

/**
 * The printer alert of the chosen store, for the whole signed-in session: listens on
 * `/store/printers{storeId}`; a printer going offline or out of paper shows a warning that stays
 * until dismissed (a kitchen ticket may be waiting), one coming back a short notice; each event
 * refreshes the printer queries. Answers the number of enabled printers not online (the menu badge).
 */
export function usePrinterAlert(): number | undefined {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const { storeId } = useCurrentStore();
  const shown = useRef(new Set<string>());
  const printers = useQuery({
    queryKey: storePrintersKey(storeId),
    queryFn: () => call(printerEndpoints.page, { query: { storeId: storeId!, current: 1, size: 100 } }),
    enabled: storeId !== null,
  });

  const alert = (event: PrinterStatusEvent) => {
    const key = `${event.printerId}:${event.status}:${event.at}`;
    if (shown.current.has(key)) return;
    shown.current.add(key);
    if (shown.current.size > SHOWN_MAX) shown.current.delete(shown.current.values().next().value!);
    const notice = `printer-${event.printerId}`;
    const down = event.status === 'offline' || event.status === 'no_paper';
    if (!down && event.status !== 'online') return;
    notification.open({
      key: notice,
      type: down ? 'warning' : 'success',
      title: t(`printing.alert.${event.status}`, { name: event.name }),
      description: [event.message, t('printing.alert.open')].filter(Boolean).join(' · '),
      className: 'printer-alert',
      placement: 'bottomRight',
      duration: down ? 0 : 6,
      role: 'alert',
      style: { cursor: 'pointer' },
      onClick: () => {
        notification.destroy(notice);
        navigate(PRINTERS_PATH);
      },
    });
  };

  const refresh = () => refreshAfterEvent(queryClient, [PRINTERS_KEY]);

  useLiveSubscription(storeId ? storePrintersDestination(storeId) : null, (body) => {
    void refresh();
    const parsed = printerStatusEventSchema.safeParse(body);
    if (parsed.success && parsed.data.storeId === storeId && parsed.data.status !== parsed.data.previous) alert(parsed.data);
  });
  // Back after the channel was lost: the statuses meanwhile are in the list.
  useLiveConnected(({ reconnect }) => {
    if (reconnect) void refresh();
  }, storeId !== null);

  return printers.data?.records.filter((p) => p.enabled && (p.status === 'offline' || p.status === 'no_paper')).length;
}
