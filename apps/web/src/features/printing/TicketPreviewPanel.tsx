import { useState } from 'react';
import { Alert, Empty, Form, Segmented, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { printerEndpoints, type KitchenSplit, type PaperWidth, type TicketKind } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { PRINTERS_KEY } from './keys';
import { TicketPaper } from './TicketPaper';
import './messages';

/** One ticket on the server's sample order, laid out as the options say. */
export function TicketPreviewOf({ ticket, paper, kitchenSplit }: { ticket: TicketKind; paper: PaperWidth; kitchenSplit: KitchenSplit }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: [PRINTERS_KEY, 'preview', ticket, paper, kitchenSplit],
    queryFn: () => call(printerEndpoints.preview, { query: { ticket, paper, kitchenSplit } }, { silent: true }),
    staleTime: 60_000,
  });
  if (preview.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (preview.isError) return <Alert type="warning" showIcon title={t('printing.preview.failed', { message: preview.error.message })} />;
  return <TicketPaper ticket={preview.data} />;
}

/**
 * The printer form's preview: the tickets chosen, one at a time, on the chosen paper, following
 * the form as the user changes it.
 */
export function TicketPreviewField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const tickets = (Form.useWatch('tickets', form) as TicketKind[] | undefined) ?? [];
  const paper = Form.useWatch('paper', form) as string | number | undefined;
  const kitchenSplit = (Form.useWatch('kitchenSplit', form) as KitchenSplit | undefined) ?? 'order';
  const [chosen, setShown] = useState<TicketKind | undefined>();
  // The ticket picked, while it is still one the printer prints; else its first.
  const shown = chosen && tickets.includes(chosen) ? chosen : tickets[0];
  if (!shown) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('printing.preview.empty')} />;
  return (
    <Space direction="vertical" data-testid="ticket-preview">
      {tickets.length > 1 && (
        <Segmented<TicketKind>
          value={shown}
          onChange={setShown}
          options={tickets.map((kind) => ({ value: kind, label: t(`printing.ticketKinds.${kind}`) }))}
        />
      )}
      <TicketPreviewOf ticket={shown} paper={String(paper) === '80' ? 80 : 58} kitchenSplit={kitchenSplit} />
    </Space>
  );
}
