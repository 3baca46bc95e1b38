import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type KitchenState, type OrderLineRecord, type OrderRecord, type PanelLineKitchen } from '@canteen/contract';
import './messages';

/** The kitchen states' tag colours: waiting grey, making blue, ready green, served plain. */
const KITCHEN_COLOURS: Record<KitchenState, string> = { waiting: 'default', making: 'processing', ready: 'success', served: '' };

/** An order's dishes and combos (not combo items), by round (第N轮), each with what is left of it and a 退菜 button where allowed. */
export function OrderRounds({ order, kitchen, canVoid, onVoid }: {
  order: OrderRecord; kitchen: ReadonlyMap<string, PanelLineKitchen>; canVoid: boolean; onVoid: (order: OrderRecord, line: OrderLineRecord) => void;
}) {
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
            const k = kitchen.get(l.id);
            const left = Math.round((l.quantity - l.refundedQuantity - (k?.voidedQuantity ?? 0)) * 1000) / 1000;
            return (
              <div key={l.id} data-testid="floor-line" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', minHeight: 44, gap: 8 }}>
                <span style={{ minWidth: 0 }}>
                  {l.name}{l.specText && <Typography.Text type="secondary">（{l.specText}）</Typography.Text>} ×{left}
                  {l.remark && <Typography.Text type="secondary" style={{ marginLeft: 6 }}>{l.remark}</Typography.Text>}
                </span>
                <Space size={4}>
                  {k && <Tag color={KITCHEN_COLOURS[k.state]} data-testid="floor-line-kitchen">{t(`orderFloor.kitchen.${k.state}`)}</Tag>}
                  {k?.rushedAt && (k.state === 'waiting' || k.state === 'making') && <Tag color="red">{t('orderFloor.panel.rushedMark')}</Tag>}
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
