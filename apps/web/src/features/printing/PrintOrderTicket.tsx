import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderPrintEndpoints, printerEndpoints, TICKET_KINDS, type TicketKind } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { useAction } from '../../shared/http/useAction';
import { JOBS_KEY, ORDER_PRINTS_KEY, storePrintersKey } from './keys';
import './messages';

/** Prints one of the order's tickets now on a printer of its store (a manual printer's way, or one more copy elsewhere). */
export function PrintOrderTicket({ orderId, storeId }: { orderId: string; storeId: string }) {
  const { t } = useTranslation();
  const [printerId, setPrinterId] = useState<string>();
  const [ticket, setTicket] = useState<TicketKind>('receipt');
  const printers = useQuery({
    queryKey: storePrintersKey(storeId),
    queryFn: () => call(printerEndpoints.page, { query: { storeId, current: 1, size: 100 } }),
  });
  const enabled = (printers.data?.records ?? []).filter((p) => p.enabled);
  const chosen = printerId ?? enabled[0]?.id;
  const print = useAction({
    run: () => call(orderPrintEndpoints.print, { params: { id: orderId }, body: { printerId: chosen!, ticket } }),
    success: 'printing.drawer.printed',
    invalidates: [[ORDER_PRINTS_KEY, orderId], [JOBS_KEY]],
  });
  return (
    <Space size={8} wrap data-testid="order-print-now">
      <Select
        size="small"
        style={{ minWidth: 140 }}
        value={chosen}
        onChange={setPrinterId}
        loading={printers.isPending}
        placeholder={t('printing.jobs.printer')}
        aria-label={t('printing.jobs.printer')}
        options={enabled.map((p) => ({ value: p.id, label: p.name }))}
      />
      <Select<TicketKind>
        size="small"
        style={{ minWidth: 96 }}
        value={ticket}
        onChange={setTicket}
        aria-label={t('printing.jobs.ticket')}
        options={TICKET_KINDS.map((kind) => ({ value: kind, label: t(`printing.ticketKinds.${kind}`) }))}
      />
      <Button size="small" type="primary" disabled={!chosen} loading={print.busy} onClick={() => void print.run()} data-testid="order-print-submit">
        {t('printing.drawer.print')}
      </Button>
    </Space>
  );
}
