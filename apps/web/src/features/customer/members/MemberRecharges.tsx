import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatFen, rechargeEndpoints, type RechargeRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { RECHARGES_KEY } from '../queryKeys';
import { PagedTable } from './Ledgers';
import '../messages-member';

/** 充值记录 of one member (in the stores the user works in). */
export function MemberRecharges({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const allowed = usePermission('customer:rechargecard:index');
  if (!allowed) return <Typography.Text type="secondary">{t('customerMember.drawer.noPermission')}</Typography.Text>;
  const columns: ColumnsType<RechargeRecord> = [
    { key: 'time', title: t('customerMember.drawer.rechargeTime'), render: (_: unknown, r) => formatDateTime(r.createTime) },
    { key: 'store', title: t('customerMember.drawer.store'), dataIndex: 'storeName' },
    { key: 'plan', title: t('customerMember.drawer.plan'), render: (_: unknown, r) => r.planName ?? t('customerMember.drawer.freeAmount') },
    { key: 'pay', title: t('customerMember.drawer.pay'), align: 'right', render: (_: unknown, r) => formatFen(r.payAmount) },
    { key: 'bonus', title: t('customerMember.drawer.bonusGot'), align: 'right', render: (_: unknown, r) => formatFen(r.bonusAmount) },
    { key: 'points', title: t('customerMember.drawer.bonusPoints'), align: 'right', dataIndex: 'bonusPoints' },
    { key: 'method', title: t('customerMember.drawer.payMethod'), render: (_: unknown, r) => t(`customerMember.payMethods.${r.payMethod}`) },
    {
      key: 'status',
      title: t('customerMember.drawer.rechargeStatus'),
      render: (_: unknown, r) => <Tag color={r.status === 'paid' ? 'green' : 'default'}>{t(`customerMember.drawer.rechargeStatuses.${r.status}`)}</Tag>,
    },
    { key: 'operator', title: t('customerMember.drawer.operator'), render: (_: unknown, r) => r.operatorName || '—' },
  ];
  return (
    <PagedTable<RechargeRecord>
      queryKey={[RECHARGES_KEY, 'member', memberId]}
      read={(current, size) => call(rechargeEndpoints.page, { query: { memberId, current, size } })}
      columns={columns}
      empty={t('customerMember.drawer.noRecharges')}
      testId="member-recharges"
    />
  );
}
