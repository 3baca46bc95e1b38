import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@canteen/contract';
import { isPartlyRefunded, shownStatus, STATUS_COLORS } from './status';
import '../messages-list';

/** An order's state as a coloured tag, with the 部分退款 badge when part of the money went back. */
export function StatusTag({ order, testId }: { order: Pick<OrderRow, 'status' | 'paidAmount' | 'refundedAmount'>; testId?: string }) {
  const { t } = useTranslation();
  const status = shownStatus(order.status);
  return (
    <Space size={4} wrap data-testid={testId}>
      <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>{t(`order.statuses.${status}`)}</Tag>
      {isPartlyRefunded(order) && (
        <Tag color="orange" variant="filled" style={{ marginInlineEnd: 0 }} data-testid="order-part-refund">{t('orderList.partRefund')}</Tag>
      )}
    </Space>
  );
}
