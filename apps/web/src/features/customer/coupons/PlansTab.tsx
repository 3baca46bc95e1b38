import { useMemo, useState } from 'react';
import { Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COUPON_KINDS, COUPON_PLAN_STATUSES, couponPlanEndpoints, type CouponPlanRecord, type CouponPlanStatus } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type Dict, type ResourceDef } from '../../../shared/resource';
import { COUPON_PLANS_KEY } from '../queryKeys';
import { CouponPlanEditor } from './CouponPlanEditor';
import { IssueDialog } from './IssueDialog';
import { conditionText, scopeText, validityText, valueText } from './plan-form';
import '../messages-coupon';

export const PLAN_STATUS_COLORS: Record<CouponPlanStatus, string> = { active: 'green', paused: 'orange', ended: 'default' };
const KINDS: Dict = COUPON_KINDS.map((k) => ({ value: k, label: `customerCoupon.kinds.${k}`, color: k === 'cash' ? 'red' : k === 'discount' ? 'purple' : 'volcano' }));
const STATUSES: Dict = COUPON_PLAN_STATUSES.map((s) => ({ value: s, label: `customerCoupon.planStatuses.${s}`, color: PLAN_STATUS_COLORS[s] }));

const setStatus = (row: CouponPlanRecord, status: CouponPlanStatus) => call(couponPlanEndpoints.status, { params: { id: row.id }, body: { status } });

/** 券模板: the brand's coupon plans at a glance (value, condition, scope, validity, issued / used), their editor, 发放, 暂停 / 恢复 / 结束. */
export function PlansTab() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ plan?: CouponPlanRecord } | undefined>();
  const [issuing, setIssuing] = useState<CouponPlanRecord | undefined>();
  const def = useMemo<ResourceDef<CouponPlanRecord>>(
    () => ({
      base: COUPON_PLANS_KEY,
      columns: [
        { key: 'name', label: 'customerCoupon.plan.name', sortable: true, render: (_v, r) => <Typography.Text strong>{r.name}</Typography.Text> },
        { key: 'kind', label: 'customerCoupon.plan.kind', type: 'tag', dict: KINDS },
        { key: 'value', label: 'customerCoupon.plan.value', render: (_v, r) => <Typography.Text strong data-testid={`coupon-plan-value-${r.id}`}>{valueText(t, r.kind, r.value)}</Typography.Text> },
        { key: 'minSpend', label: 'customerCoupon.plan.condition', render: (_v, r) => conditionText(t, r) },
        { key: 'scope', label: 'customerCoupon.plan.scope', ellipsis: true, render: (_v, r) => scopeText(t, r.scope, r.scopeItems.map((i) => i.name)) },
        { key: 'validity', label: 'customerCoupon.plan.validity', render: (_v, r) => validityText(t, r) },
        {
          key: 'quantity',
          label: 'customerCoupon.plan.quantity',
          render: (_v, r) =>
            r.quantity === -1 ? t('customerCoupon.plan.unlimited') : (
              <Space orientation="vertical" size={0}>
                <span>{r.quantity}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('customerCoupon.plan.remaining', { n: r.remaining ?? 0 })}</Typography.Text>
              </Space>
            ),
        },
        { key: 'issuedCount', label: 'customerCoupon.plan.issued', render: (_v, r) => <span data-testid={`coupon-plan-issued-${r.id}`}>{`${r.issuedCount} / ${r.usedCount}`}</span> },
        { key: 'perMemberLimit', label: 'customerCoupon.plan.perMemberLimit', render: (_v, r) => (r.perMemberLimit === -1 ? t('customerCoupon.plan.unlimited') : r.perMemberLimit) },
        { key: 'status', label: 'customerCoupon.plan.status', type: 'tag', dict: STATUSES },
      ],
      search: [
        { name: 'name', label: 'customerCoupon.plan.name', maxLength: 32 },
        { name: 'kind', label: 'customerCoupon.plan.kind', type: 'select', dict: KINDS },
        { name: 'status', label: 'customerCoupon.plan.status', type: 'select', dict: STATUSES },
      ],
      toolbar: [
        { key: 'add', label: 'customerCoupon.plan.add', icon: <PlusOutlined />, primary: true, permission: 'customer:coupon:add', testId: 'coupon-plan-add', onClick: () => setEditing({}) },
      ],
      rowActions: [
        { key: 'issue', label: 'customerCoupon.plan.issue', permission: 'customer:coupon:issue', hidden: (r) => r.status !== 'active', onClick: (r) => setIssuing(r) },
        { key: 'edit', label: 'customerCoupon.plan.edit', permission: 'customer:coupon:edit', onClick: (r) => setEditing({ plan: r }) },
        {
          key: 'pause', label: 'customerCoupon.plan.pause', permission: 'customer:coupon:edit', hidden: (r) => r.status !== 'active',
          confirm: (r) => t('customerCoupon.plan.confirmPause', { name: r.name }), success: 'customerCoupon.plan.paused', onClick: (r) => setStatus(r, 'paused'),
        },
        {
          key: 'resume', label: 'customerCoupon.plan.resume', permission: 'customer:coupon:edit', hidden: (r) => r.status !== 'paused',
          confirm: (r) => t('customerCoupon.plan.confirmResume', { name: r.name }), success: 'customerCoupon.plan.resumed', onClick: (r) => setStatus(r, 'active'),
        },
        {
          key: 'end', label: 'customerCoupon.plan.end', permission: 'customer:coupon:edit', danger: true, hidden: (r) => r.status === 'ended',
          confirm: (r) => t('customerCoupon.plan.confirmEnd', { name: r.name }), success: 'customerCoupon.plan.ended', onClick: (r) => setStatus(r, 'ended'),
        },
        {
          key: 'delete', label: 'resource.delete', permission: 'customer:coupon:del', danger: true, hidden: (r) => r.issuedCount > 0,
          confirm: (r) => t('customerCoupon.plan.confirmDelete', { name: r.name }), success: 'customerCoupon.plan.deleted',
          onClick: (r) => call(couponPlanEndpoints.remove, { params: { id: r.id } }),
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <ResourcePage def={def} testId="coupon-plan-page" />
      {editing && <CouponPlanEditor plan={editing.plan} onClose={() => setEditing(undefined)} />}
      {issuing && <IssueDialog plan={issuing} onClose={() => setIssuing(undefined)} />}
    </>
  );
}
