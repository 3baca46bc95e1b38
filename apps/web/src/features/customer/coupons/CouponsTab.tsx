import { useMemo, useState } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUPON_STATUSES, couponPlanEndpoints, formatFen, type CouponRecord, type CouponStatus } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, formatDateTime, type Dict, type ResourceDef } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { COUPON_PLANS_KEY, COUPONS_KEY } from '../queryKeys';
import { MemberSelect } from '../recharge/MemberSelect';
import { conditionText, valueText } from './plan-form';
import { VoidDialog } from './VoidDialog';
import '../messages-coupon';

export const COUPON_STATUS_COLORS: Record<CouponStatus, string> = { unused: 'green', locked: 'blue', used: 'default', expired: 'orange', voided: 'red' };
const STATUSES: Dict = COUPON_STATUSES.map((s) => ({ value: s, label: `customerCoupon.statuses.${s}`, color: COUPON_STATUS_COLORS[s] }));
const day = (iso: string) => formatDateTime(iso, false);

/** 已发券: every coupon issued, by plan, status, member or code; 作废 for an unused one. */
export function CouponsTab() {
  const { t } = useTranslation();
  const [voiding, setVoiding] = useState<CouponRecord | undefined>();
  const canSearchMembers = usePermission('customer:member:index');
  const def = useMemo<ResourceDef<CouponRecord>>(
    () => ({
      base: COUPONS_KEY,
      pageSize: 20,
      columns: [
        { key: 'code', label: 'customerCoupon.coupon.code', render: (_v, c) => <Typography.Text code copyable={{ text: c.code }}>{c.code}</Typography.Text> },
        {
          key: 'planName',
          label: 'customerCoupon.coupon.plan',
          render: (_v, c) => (
            <Space orientation="vertical" size={0}>
              <span>{c.planName}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${valueText(t, c.kind, c.value)} · ${conditionText(t, c)}`}</Typography.Text>
            </Space>
          ),
        },
        {
          key: 'member',
          label: 'customerCoupon.coupon.member',
          render: (_v, c) => (
            <Space orientation="vertical" size={0}>
              <span>{c.memberName || c.memberNo}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.memberPhone}</Typography.Text>
            </Space>
          ),
        },
        {
          key: 'status',
          label: 'customerCoupon.coupon.status',
          render: (_v, c) => {
            const tag = <Tag color={COUPON_STATUS_COLORS[c.status]} data-testid={`coupon-status-${c.id}`}>{t(`customerCoupon.statuses.${c.status}`)}</Tag>;
            return c.status === 'voided' && c.voidReason ? <Tooltip title={t('customerCoupon.coupon.voidedInfo', { reason: c.voidReason })}>{tag}</Tooltip> : tag;
          },
        },
        { key: 'validTo', label: 'customerCoupon.coupon.validity', render: (_v, c) => `${day(c.validFrom)} ~ ${day(c.validTo)}` },
        { key: 'source', label: 'customerCoupon.coupon.source', render: (_v, c) => t(`customerCoupon.sources.${c.source}`) },
        { key: 'createTime', label: 'customerCoupon.coupon.issuedAt', type: 'datetime' },
        {
          key: 'usedAt',
          label: 'customerCoupon.coupon.usedAt',
          render: (_v, c) => {
            if (!c.usedAt && !c.orderId) return '—';
            return (
              <Space orientation="vertical" size={0}>
                <span>{c.usedAt ? formatDateTime(c.usedAt) : '—'}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[c.orderId ? `${t('customerCoupon.coupon.order')} ${c.orderId}` : null, c.storeName, c.discountAmount != null ? t('customerCoupon.coupon.discount', { amount: formatFen(c.discountAmount) }) : null].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            );
          },
        },
      ],
      search: [
        {
          name: 'planId',
          label: 'customerCoupon.coupon.filterPlan',
          type: 'select',
          options: {
            queryKey: [COUPON_PLANS_KEY, 'options'],
            load: async () => (await call(couponPlanEndpoints.page, { query: { current: 1, size: 1000 } })).records.map((p) => ({ value: p.id, label: p.name })),
          },
        },
        { name: 'status', label: 'customerCoupon.coupon.filterStatus', type: 'select', dict: STATUSES },
        ...(canSearchMembers
          ? [{
              name: 'memberId', label: 'customerCoupon.coupon.filterMember', type: 'custom' as const,
              render: ({ value, onChange, id }: { value: unknown; onChange: (v: unknown) => void; id?: string }) => (
                <MemberSelect id={id} value={value as string | undefined} onChange={onChange} testId="coupon-filter-member" />
              ),
            }]
          : []),
        { name: 'code', label: 'customerCoupon.coupon.filterCode', maxLength: 32, placeholder: 'customerCoupon.coupon.codePlaceholder' },
      ],
      rowActions: [
        { key: 'void', label: 'customerCoupon.coupon.void', permission: 'customer:coupon:void', danger: true, hidden: (c) => c.status !== 'unused', onClick: (c) => setVoiding(c) },
      ],
    }),
    [t, canSearchMembers],
  );
  return (
    <>
      <ResourcePage def={def} testId="coupon-list-page" />
      {voiding && <VoidDialog coupon={voiding} onClose={() => setVoiding(undefined)} />}
    </>
  );
}
