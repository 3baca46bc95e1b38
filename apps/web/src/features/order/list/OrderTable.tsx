import { Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderRow } from '@canteen/contract';
import { atLeast } from './counts';
import { formatDateTime } from '../../../shared/resource';
import { usePermissionCheck } from '../../../shared/session/session';
import { actionsFor } from './status';
import { StatusTag } from './StatusTag';
import { useOrderActions } from './useOrderActions';
import '../messages-list';

export interface OrderTableProps {
  rows: OrderRow[];
  total: number;
  paging: { current: number; size: number };
  onPaging: (paging: { current: number; size: number }) => void;
  loading: boolean;
  pending: boolean;
  filtered: boolean;
  onOpen: (id: string) => void;
}

/** The orders of a tab, page by page: number, time, where, member, amounts, methods, state; 接单 and 完成 at hand. */
export function OrderTable({ rows, total, paging, onPaging, loading, pending, filtered, onOpen }: OrderTableProps) {
  const { t } = useTranslation();
  const actions = useOrderActions();
  const none = t('orderList.none');
  const columns: ColumnsType<OrderRow> = [
    {
      key: 'orderNo',
      title: t('orderList.columns.orderNo'),
      render: (_: unknown, row) => <Typography.Link onClick={() => onOpen(row.id)} data-testid={`order-open-${row.id}`}>{row.orderNo}</Typography.Link>,
    },
    { key: 'createTime', title: t('orderList.columns.createTime'), render: (_: unknown, row) => formatDateTime(row.createTime) },
    {
      key: 'type',
      title: t('orderList.columns.type'),
      render: (_: unknown, row) => (
        <Space size={4}>
          <Tag>{t(`order.types.${row.type}`)}</Tag>
          <Typography.Text type="secondary">{t(`order.sources.${row.source}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'where',
      title: t('orderList.columns.where'),
      render: (_: unknown, row) =>
        [row.tableCode && t('orderList.table', { table: row.tableCode }), row.pickupNo && t('orderList.pickup', { pickup: row.pickupNo })].filter(Boolean).join(' · ') || none,
    },
    {
      key: 'member',
      title: t('orderList.columns.member'),
      render: (_: unknown, row) => (row.memberId ? [row.memberName, row.memberPhone].filter(Boolean).join(' ') : none),
    },
    { key: 'items', title: t('orderList.columns.items'), align: 'right', render: (_: unknown, row) => t('orderList.itemCount', { count: row.itemCount }) },
    { key: 'payable', title: t('orderList.columns.payable'), align: 'right', render: (_: unknown, row) => <span data-testid={`order-payable-${row.id}`}>{formatFen(row.payableAmount)}</span> },
    {
      key: 'paid',
      title: t('orderList.columns.paid'),
      align: 'right',
      render: (_: unknown, row) => (
        <span>
          {formatFen(row.paidAmount)}
          {row.refundedAmount > 0 && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{t('orderList.refundedAmount', { amount: formatFen(row.refundedAmount) })}</Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'payMethods',
      title: t('orderList.columns.payMethods'),
      render: (_: unknown, row) => (row.payMethods.length ? row.payMethods.map((m) => t(`order.payMethods.${m}`)).join(' + ') : none),
    },
    { key: 'status', title: t('orderList.columns.status'), render: (_: unknown, row) => <StatusTag order={row} testId={`order-status-${row.id}`} /> },
    {
      key: 'actions',
      title: t('orderList.columns.actions'),
      fixed: 'right',
      render: (_: unknown, row) => <RowActions row={row} actions={actions} onOpen={onOpen} />,
    },
  ];
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'orderList.emptyFiltered' : 'orderList.empty')} data-testid="order-empty" />;
  return (
    <Table<OrderRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: pending ? ' ' : empty }}
      onRow={(row) => ({ 'data-testid': `order-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      onChange={(pagination: TablePaginationConfig) => onPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? 20 })}
      pagination={{
        current: paging.current,
        pageSize: paging.size,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (n) => t('orderList.total', { total: atLeast(n) }),
      }}
    />
  );
}

/**
 * 详情, and 接单 and 完成 when the order's state allows them. A paid order offers 完成 when it
 * is a pay-later tab (its row's payLater: the server finishes only those from paid).
 */
function RowActions({ row, actions: { accept, finish }, onOpen }: { row: OrderRow; actions: ReturnType<typeof useOrderActions>; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const allowed = usePermissionCheck();
  const actions = actionsFor(row, allowed);
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onOpen(row.id)} data-testid={`order-detail-${row.id}`}>{t('orderList.detail')}</Button>
      {actions.includes('finish') && (
        <Popconfirm title={t('orderList.actions.confirmFinish', { orderNo: row.orderNo })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => finish.run(row.id)}>
          <Button type="link" size="small" loading={finish.running === row.id} data-testid={`order-finish-${row.id}`}>{t('orderList.actions.finish')}</Button>
        </Popconfirm>
      )}
      {actions.includes('accept') && (
        <Popconfirm title={t('orderList.actions.confirmAccept', { orderNo: row.orderNo })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => accept.run(row.id)}>
          <Button type="link" size="small" loading={accept.running === row.id} data-testid={`order-accept-${row.id}`}>{t('orderList.actions.accept')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
}
