import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderLineRecord, type OrderRecord } from '@canteen/contract';
import './messages';

/** An order's dishes and combos (not combo items), by round (第N轮), each with what is left of it and a 退菜 button where allowed. */
export function OrderRounds({ order, canVoid, onVoid }: { order: OrderRecord; canVoid: boolean; onVoid: (order: OrderRecord, line: OrderLineRecord) => void }) {
  const { t } = useTranslation();
  const unpaid = order.status === 'dining' || order.status === 'pending';
  const lines = order.lines.filter((l) => l.parentId === null);
  const rounds = [...new Set(lines.map((l) => l.round))].sort((a, b) => a - b);
  return (
    <div data-testid={`floor-order-${order.orderNo}`} style={{ marginBottom: 12 }}>
      <Typography.Text strong>
        {t('orderFloor.panel.orderAmount', { no: order.orderNo, status: t(`order.statuses.${order.status}`), amount: formatFen(order.payableAmount) })}
      </Typography.Text>
      {rounds.map((round) => (
        <div key={round} style={{ marginTop: 6 }}>
          <Tag color="blue">{t('orderFloor.panel.round', { n: round })}</Tag>
          {lines.filter((l) => l.round === round).map((l) => {
            const left = l.quantity - l.refundedQuantity;
            return (
              <div key={l.id} data-testid="floor-line" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', minHeight: 44, gap: 8 }}>
                <span style={{ minWidth: 0 }}>
                  {l.name}{l.specText && <Typography.Text type="secondary">（{l.specText}）</Typography.Text>} ×{left}
                  {l.remark && <Typography.Text type="secondary" style={{ marginLeft: 6 }}>{l.remark}</Typography.Text>}
                </span>
                <Space size={4}>
                  <span>{formatFen(l.lineAmount)}</span>
                  {canVoid && (
                    <Button danger size="large" disabled={!unpaid || left <= 0} title={unpaid ? undefined : t('orderFloor.actions.why.notUnpaid')}
                      onClick={() => onVoid(order, l)} data-testid="floor-line-void">{t('orderFloor.actions.void')}</Button>
                  )}
                </Space>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
