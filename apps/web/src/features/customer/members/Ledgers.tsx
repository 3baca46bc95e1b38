import { useState, type ReactNode } from 'react';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFen, memberEndpoints, type BalanceLedgerRecord, type Page, type PointsLedgerRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { formatDateTime } from '../../../shared/resource';
import { MEMBERS_KEY } from '../queryKeys';
import '../messages-member';

/** A signed change: green `+¥1.00`, red `-¥1.00`, grey for zero. */
export function Change({ value, money = true }: { value: number; money?: boolean }) {
  const text = money ? formatFen(Math.abs(value)) : String(Math.abs(value));
  if (value === 0) return <Typography.Text type="secondary">{money ? formatFen(0) : '0'}</Typography.Text>;
  return <Typography.Text type={value > 0 ? 'success' : 'danger'}>{`${value > 0 ? '+' : '-'}${text}`}</Typography.Text>;
}

/** A small paged table read page by page from the server (newest first). */
export function PagedTable<T extends { id: string }>({ queryKey, read, columns, empty, testId }: {
  queryKey: QueryKey;
  read: (current: number, size: number) => Promise<Page<T>>;
  columns: ColumnsType<T>;
  empty: string;
  testId: string;
}) {
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const page = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: () => read(paging.current, paging.size),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<T>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={page.data?.records ?? []}
      loading={page.isFetching}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: page.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      onChange={(p) => setPaging({ current: p.current ?? 1, size: p.pageSize ?? 10 })}
      pagination={{ current: paging.current, pageSize: paging.size, total: page.data?.total ?? 0, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}

const note = (row: { reason: string; storeName: string | null }): ReactNode =>
  [row.storeName, row.reason].filter(Boolean).join(' · ') || '—';

/** 余额明细: every change of the two balance parts, with both parts after it. */
export function BalanceLedger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<BalanceLedgerRecord> = [
    { key: 'time', title: t('customerMember.drawer.time'), render: (_: unknown, r) => formatDateTime(r.createTime) },
    { key: 'kind', title: t('customerMember.drawer.kind'), render: (_: unknown, r) => t(`customerMember.drawer.balanceKinds.${r.kind}`) },
    { key: 'principal', title: t('customerMember.drawer.principalChange'), align: 'right', render: (_: unknown, r) => <Change value={r.principalChange} /> },
    { key: 'bonus', title: t('customerMember.drawer.bonusChange'), align: 'right', render: (_: unknown, r) => <Change value={r.bonusChange} /> },
    {
      key: 'after',
      title: t('customerMember.drawer.after'),
      render: (_: unknown, r) => t('customerMember.drawer.afterParts', { principal: formatFen(r.principalAfter), bonus: formatFen(r.bonusAfter) }),
    },
    { key: 'note', title: t('customerMember.drawer.reason'), render: (_: unknown, r) => note(r) },
    { key: 'operator', title: t('customerMember.drawer.operator'), render: (_: unknown, r) => r.operatorName || '—' },
  ];
  return (
    <PagedTable<BalanceLedgerRecord>
      queryKey={[MEMBERS_KEY, 'balance-ledger', memberId]}
      read={(current, size) => call(memberEndpoints.balanceLedger, { params: { id: memberId }, query: { current, size } })}
      columns={columns}
      empty={t('customerMember.drawer.noBalanceLedger')}
      testId="member-balance-ledger"
    />
  );
}

/** 积分明细: every change of the points, with the points after it. */
export function PointsLedger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<PointsLedgerRecord> = [
    { key: 'time', title: t('customerMember.drawer.time'), render: (_: unknown, r) => formatDateTime(r.createTime) },
    { key: 'kind', title: t('customerMember.drawer.kind'), render: (_: unknown, r) => t(`customerMember.drawer.pointsKinds.${r.kind}`) },
    { key: 'change', title: t('customerMember.drawer.change'), align: 'right', render: (_: unknown, r) => <Change value={r.change} money={false} /> },
    { key: 'after', title: t('customerMember.drawer.pointsAfter'), align: 'right', dataIndex: 'pointsAfter' },
    { key: 'note', title: t('customerMember.drawer.reason'), render: (_: unknown, r) => note(r) },
    { key: 'operator', title: t('customerMember.drawer.operator'), render: (_: unknown, r) => r.operatorName || '—' },
  ];
  return (
    <PagedTable<PointsLedgerRecord>
      queryKey={[MEMBERS_KEY, 'points-ledger', memberId]}
      read={(current, size) => call(memberEndpoints.pointsLedger, { params: { id: memberId }, query: { current, size } })}
      columns={columns}
      empty={t('customerMember.drawer.noPointsLedger')}
      testId="member-points-ledger"
    />
  );
}
