import { Descriptions, Empty, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderLineRecord, type OrderRecord, type PaymentRecord } from '@canteen/contract';
import { formatDateTime } from '../../../shared/resource';
import { StatusTag } from './StatusTag';
import '../messages-list';

/** The order's facts: number, state, store, type and source, table or pickup, member, coupon, times, remark. */
export function OrderInfo({ order: o }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const none = t('orderList.none');
  const items = [
    { key: 'orderNo', label: t('orderList.columns.orderNo'), children: <span data-testid="order-drawer-no">{o.orderNo}</span> },
    { key: 'status', label: t('orderList.columns.status'), children: <span data-testid="order-drawer-status"><StatusTag order={o} /></span> },
    { key: 'store', label: t('orderList.drawer.store'), children: o.storeName },
    { key: 'type', label: t('orderList.columns.type'), children: `${t(`order.types.${o.type}`)} · ${t(`order.sources.${o.source}`)}` },
    {
      key: 'where',
      label: t('orderList.columns.where'),
      children: [o.tableCode && t('orderList.table', { table: o.tableCode }), o.pickupNo && t('orderList.pickup', { pickup: o.pickupNo })].filter(Boolean).join(' · ') || none,
    },
    ...(o.guests ? [{ key: 'guests', label: t('orderList.drawer.guests'), children: o.guests }] : []),
    { key: 'member', label: t('orderList.drawer.member'), children: o.memberId ? [o.memberName, o.memberPhone].filter(Boolean).join(' ') : none },
    ...(o.coupon ? [{ key: 'coupon', label: t('orderList.drawer.coupon'), children: `${o.coupon.name} (${o.coupon.code})` }] : []),
    { key: 'businessDate', label: t('orderList.drawer.businessDate'), children: o.businessDate },
    { key: 'createTime', label: t('orderList.drawer.createTime'), children: formatDateTime(o.createTime) },
    { key: 'paidTime', label: t('orderList.drawer.paidTime'), children: o.paidTime ? formatDateTime(o.paidTime) : none },
    { key: 'operator', label: t('orderList.drawer.operator'), children: o.operatorName || none },
    ...(o.expireTime && o.status === 'pending' ? [{ key: 'expire', label: t('orderList.drawer.expireTime'), children: formatDateTime(o.expireTime) }] : []),
    ...(o.cancelReason ? [{ key: 'cancelReason', label: t('orderList.drawer.cancelReason'), children: o.cancelReason }] : []),
    { key: 'remark', label: t('orderList.drawer.remark'), children: o.remark || none },
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} title={t('orderList.drawer.info')} style={{ marginBottom: 16 }} items={items} data-testid="order-info" />;
}

/** A line as the table shows it: combo items right under their combo, indented. */
interface ShownLine {
  line: OrderLineRecord;
  child: boolean;
}

/** Lines in order, each combo followed by its items. */
export function shownLines(lines: OrderLineRecord[]): ShownLine[] {
  const children = new Map<string, OrderLineRecord[]>();
  for (const line of lines) if (line.parentId) children.set(line.parentId, [...(children.get(line.parentId) ?? []), line]);
  const known = new Set(lines.map((l) => l.id));
  return lines
    .filter((line) => !line.parentId || !known.has(line.parentId))
    .flatMap((line) => [{ line, child: false }, ...(children.get(line.id) ?? []).map((c) => ({ line: c, child: true }))]);
}

const quantityText = (q: number) => String(Math.round(q * 1000) / 1000);

/** The lines: name with specs (combo items indented under their combo), unit price, quantity, amount, member discount, refunded quantity. */
export function OrderLines({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const rounds = new Set(order.lines.map((l) => l.round)).size > 1;
  const columns: ColumnsType<ShownLine> = [
    {
      key: 'name',
      title: t('orderList.drawer.name'),
      render: (_: unknown, { line, child }) => (
        <div style={{ paddingInlineStart: child ? 24 : 0 }} data-testid={`order-line-${line.id}`} data-kind={line.kind}>
          <span>{child ? '└ ' : ''}{line.name}</span>
          {rounds && !child && <Tag style={{ marginInlineStart: 6 }}>{t('orderList.drawer.round', { round: line.round })}</Tag>}
          {line.specText && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{line.specText}</Typography.Text>}
          {line.remark && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{t('orderList.drawer.lineRemark', { remark: line.remark })}</Typography.Text>}
        </div>
      ),
    },
    { key: 'unitPrice', title: t('orderList.drawer.unitPrice'), align: 'right', render: (_: unknown, { line, child }) => (child && line.unitPrice === 0 ? '' : formatFen(line.unitPrice)) },
    {
      key: 'quantity',
      title: t('orderList.drawer.quantity'),
      align: 'right',
      render: (_: unknown, { line }) => (
        <span>
          ×{quantityText(line.quantity)}{line.unit && line.unit !== '份' ? ` ${line.unit}` : ''}
          {line.refundedQuantity > 0 && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid={`order-line-refunded-${line.id}`}>
              {t('orderList.drawer.refundedQty', { quantity: quantityText(line.refundedQuantity) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'lineAmount', title: t('orderList.drawer.lineAmount'), align: 'right', render: (_: unknown, { line, child }) => (child ? '' : formatFen(line.lineAmount)) },
    { key: 'discount', title: t('orderList.drawer.discount'), align: 'right', render: (_: unknown, { line }) => (line.discountAmount ? `-${formatFen(line.discountAmount)}` : '') },
  ];
  return (
    <Table<ShownLine>
      rowKey={(s) => s.line.id}
      size="small"
      columns={columns}
      dataSource={shownLines(order.lines)}
      pagination={false}
      style={{ marginBottom: 16 }}
      title={() => <Typography.Text strong>{t('orderList.drawer.lines')}</Typography.Text>}
      data-testid="order-lines"
    />
  );
}

/** Goods, packing, member discount, coupon, payable, paid, refunded (all of them, ¥0.00 too, so nothing looks missing). */
export function OrderAmounts({ order: o }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const rows: Array<{ key: string; value: string; strong?: boolean }> = [
    { key: 'goods', value: formatFen(o.goodsAmount) },
    { key: 'packing', value: formatFen(o.packingFee) },
    { key: 'memberDiscount', value: o.memberDiscount ? `-${formatFen(o.memberDiscount)}` : formatFen(0) },
    { key: 'couponDiscount', value: o.couponDiscount ? `-${formatFen(o.couponDiscount)}` : formatFen(0) },
    { key: 'payable', value: formatFen(o.payableAmount), strong: true },
    { key: 'paid', value: formatFen(o.paidAmount) },
    { key: 'refunded', value: formatFen(o.refundedAmount) },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 4 }}
      title={t('orderList.drawer.amounts')}
      style={{ marginBottom: 16 }}
      data-testid="order-amounts"
      items={rows.map((r) => ({
        key: r.key,
        label: t(`orderList.drawer.${r.key}`),
        children: <span data-testid={`order-amount-${r.key}`} style={r.strong ? { fontWeight: 600 } : undefined}>{r.value}</span>,
      }))}
    />
  );
}

/** Payments: method, amount, state, cash tendered and change, the platform's transaction number, what went back. */
export function OrderPayments({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const none = t('orderList.none');
  const columns: ColumnsType<PaymentRecord> = [
    { key: 'method', title: t('orderList.drawer.method'), render: (_: unknown, p) => t(`order.payMethods.${p.method}`) },
    {
      key: 'amount',
      title: t('orderList.drawer.amount'),
      align: 'right',
      render: (_: unknown, p) => (
        <span>
          {formatFen(p.amount)}
          {p.balancePrincipal !== null && p.balanceBonus !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('orderList.drawer.balanceParts', { principal: formatFen(p.balancePrincipal), bonus: formatFen(p.balanceBonus) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'status', title: t('orderList.drawer.payStatus'), render: (_: unknown, p) => <Tag color={p.status === 'success' ? 'green' : p.status === 'pending' ? 'gold' : 'default'}>{t(`orderList.drawer.paymentStatuses.${p.status}`)}</Tag> },
    { key: 'tendered', title: t('orderList.drawer.tendered'), align: 'right', render: (_: unknown, p) => (p.tendered === null ? none : formatFen(p.tendered)) },
    { key: 'change', title: t('orderList.drawer.change'), align: 'right', render: (_: unknown, p) => (p.change === null ? none : formatFen(p.change)) },
    { key: 'tradeNo', title: t('orderList.drawer.tradeNo'), render: (_: unknown, p) => p.tradeNo ?? none },
    { key: 'refunded', title: t('orderList.drawer.refundedPart'), align: 'right', render: (_: unknown, p) => (p.refundedAmount ? formatFen(p.refundedAmount) : none) },
    { key: 'time', title: t('orderList.drawer.paidTime'), render: (_: unknown, p) => formatDateTime(p.paidTime ?? p.createTime) },
  ];
  return (
    <Table<PaymentRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.payments}
      pagination={false}
      scroll={{ x: 'max-content' }}
      style={{ marginBottom: 16 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderList.drawer.noPayments')} /> }}
      title={() => <Typography.Text strong>{t('orderList.drawer.payments')}</Typography.Text>}
      data-testid="order-payments"
    />
  );
}

/** Refunds: amount, reason, the lines and quantities, where the money went, stock returned, who and when. */
export function OrderRefunds({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  if (!order.refunds.length) return null;
  return (
    <div style={{ marginBottom: 16 }} data-testid="order-refunds">
      <Typography.Text strong>{t('orderList.drawer.refunds')}</Typography.Text>
      {order.refunds.map((r) => (
        <div key={r.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }} data-testid={`order-refund-${r.id}`}>
          <Typography.Text strong type="danger">{formatFen(r.amount)}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDateTime(r.createTime)} · {t('orderList.drawer.refundOperator', { name: r.operatorName })}</Typography.Text>
          {/* Its own word, not run on after the operator's name (it read "admin已退回库存"). */}
          {r.restock && <>{' '}<Tag color="blue" style={{ marginInlineStart: 8 }} data-testid={`order-refund-restocked-${r.id}`}>{t('orderList.drawer.restocked')}</Tag></>}
          <div>{t('orderList.drawer.refundReason', { reason: r.reason })}</div>
          {r.lines.length > 0 && <div>{r.lines.map((l) => `${l.name} ×${quantityText(l.quantity)}`).join('，')}</div>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('orderList.drawer.refundTo')} {r.parts.map((p) => `${t(`order.payMethods.${p.method}`)} ${formatFen(p.amount)}`).join(' + ')}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** The order's log as a timeline: action, state change, remark, who and when. */
export function OrderTimeline({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  return (
    <div data-testid="order-logs">
      <Typography.Text strong style={{ display: 'block', marginBottom: 12 }}>{t('orderList.drawer.logs')}</Typography.Text>
      {order.logs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderList.drawer.noLogs')} />
      ) : (
        <Timeline
          items={order.logs.map((log) => ({
            key: log.id,
            color: log.toStatus === 'cancelled' || log.toStatus === 'refunded' ? 'red' : log.toStatus === 'finished' ? 'green' : 'blue',
            title: formatDateTime(log.createTime),
            content: (
              <div data-testid="order-log" data-action={log.action}>
                <Typography.Text strong>{t(`orderList.drawer.logActions.${log.action}`, { defaultValue: log.action })}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {log.fromStatus ? `${t(`order.statuses.${log.fromStatus}`)} → ` : ''}
                  {t(`order.statuses.${log.toStatus}`)}
                  {log.operatorName ? ` · ${log.operatorName}` : ''}
                </Typography.Text>
                {log.remark && <div>{log.remark}</div>}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
