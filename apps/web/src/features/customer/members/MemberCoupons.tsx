import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { Page } from '@canteen/contract';
import { api } from '../../../shared/http/client';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { COUPONS_KEY } from '../queryKeys';
import { PagedTable } from './Ledgers';
import '../messages-member';

type CouponStatus = 'unused' | 'locked' | 'used' | 'expired' | 'voided';
interface CouponRow {
  id: string;
  planName: string;
  code: string;
  status: CouponStatus;
  validFrom: string;
  validTo: string;
}

const STATUS_COLORS: Record<CouponStatus, string> = { unused: 'green', locked: 'blue', used: 'default', expired: 'orange', voided: 'red' };

/** 优惠券 the member holds (every status), newest first. */
export function MemberCoupons({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const allowed = usePermission('customer:coupon:index');
  if (!allowed) return <Typography.Text type="secondary">{t('customerMember.drawer.noPermission')}</Typography.Text>;
  const columns: ColumnsType<CouponRow> = [
    { key: 'name', title: t('customerMember.drawer.couponName'), dataIndex: 'planName' },
    { key: 'code', title: t('customerMember.drawer.couponCode'), render: (_: unknown, c) => <Typography.Text code>{c.code}</Typography.Text> },
    {
      key: 'status',
      title: t('customerMember.drawer.couponStatus'),
      render: (_: unknown, c) => <Tag color={STATUS_COLORS[c.status]}>{t(`customerMember.drawer.couponStatuses.${c.status}`)}</Tag>,
    },
    {
      key: 'valid',
      title: t('customerMember.drawer.validTo'),
      render: (_: unknown, c) => t('customerMember.drawer.validRange', { from: formatDateTime(c.validFrom, false), to: formatDateTime(c.validTo, false) }),
    },
  ];
  return (
    <PagedTable<CouponRow>
      queryKey={[COUPONS_KEY, 'member', memberId]}
      read={(current, size) => api.get<Page<CouponRow>>('/customer/coupon/page', { params: { memberId, current, size } })}
      columns={columns}
      empty={t('customerMember.drawer.noCoupons')}
      testId="member-coupons"
    />
  );
}
