import { useMemo, useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, rechargePlanEndpoints, type RechargePlanRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, formatDateTime, type Dict, type ResourceDef } from '../../../shared/resource';
import { useMyStores } from '../../../shared/store/current-store';
import { RECHARGE_PLANS_KEY } from '../queryKeys';
import { useCouponPlanOptions } from './api';
import { PlanEditor } from './PlanEditor';
import { offerText, toPlanBody, toPlanForm } from './plan-form';
import '../messages-recharge';

const ENABLED: Dict = [
  { value: 'true', label: 'customerRecharge.plan.enabledYes', color: 'green' },
  { value: 'false', label: 'customerRecharge.plan.enabledNo' },
];

const minute = (iso: string) => formatDateTime(iso).slice(0, 16);

/** 充值方案: the brand's recharge plans, each shown as the counter offers it, and their editor. */
export function PlansTab() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ plan?: RechargePlanRecord } | undefined>();
  const stores = useMyStores();
  const couponPlans = useCouponPlanOptions();
  const storeName = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const couponName = useMemo(() => new Map((couponPlans.data ?? []).map((c) => [c.id, c.name])), [couponPlans.data]);

  const def = useMemo<ResourceDef<RechargePlanRecord>>(
    () => ({
      base: RECHARGE_PLANS_KEY,
      defaultSort: { key: 'sort', order: 'ascend' },
      columns: [
        { key: 'name', label: 'customerRecharge.plan.name', sortable: true, render: (_v, row) => <Typography.Text strong>{row.name}</Typography.Text> },
        {
          key: 'offer',
          label: 'customerRecharge.plan.offer',
          render: (_v, row) => {
            const offer = offerText(row.payAmount, row.bonusAmount);
            return <span data-testid={`plan-offer-${row.id}`}>{t(offer.key, offer.values)}</span>;
          },
        },
        { key: 'payAmount', label: 'customerRecharge.plan.payAmount', sortable: true, render: (_v, row) => formatFen(row.payAmount) },
        { key: 'bonusPoints', label: 'customerRecharge.plan.bonusPoints' },
        {
          key: 'giftCouponPlanIds',
          label: 'customerRecharge.plan.gifts',
          render: (_v, row) =>
            row.giftCouponPlanIds.length === 0
              ? '—'
              : row.giftCouponPlanIds.map((id) => <Tag key={id}>{couponName.get(id) ?? `#${id}`}</Tag>),
        },
        {
          key: 'storeIds',
          label: 'customerRecharge.plan.stores',
          render: (_v, row) =>
            row.storeIds.length === 0 ? t('customerRecharge.plan.allStores') : row.storeIds.map((id) => storeName.get(id) ?? `#${id}`).join('、'),
        },
        {
          key: 'validity',
          label: 'customerRecharge.plan.validity',
          render: (_v, row) => {
            if (row.startsAt && row.endsAt) return t('customerRecharge.plan.range', { from: minute(row.startsAt), to: minute(row.endsAt) });
            if (row.startsAt) return t('customerRecharge.plan.from', { time: minute(row.startsAt) });
            if (row.endsAt) return t('customerRecharge.plan.until', { time: minute(row.endsAt) });
            return t('customerRecharge.plan.always');
          },
        },
        {
          key: 'perMemberLimit',
          label: 'customerRecharge.plan.perMemberLimit',
          render: (_v, row) => (row.perMemberLimit == null ? t('customerRecharge.plan.unlimited') : t('customerRecharge.plan.times', { n: row.perMemberLimit })),
        },
        { key: 'usedCount', label: 'customerRecharge.plan.usedCount' },
        {
          key: 'enabled',
          label: 'customerRecharge.plan.enabled',
          type: 'switch',
          switch: {
            permission: 'customer:rechargecard:edit',
            update: (row, value) => call(rechargePlanEndpoints.update, { body: { ...toPlanBody(toPlanForm(row), row.id), enabled: value === true } }),
          },
        },
        { key: 'sort', label: 'customerRecharge.plan.sort', sortable: true },
      ],
      search: [
        { name: 'name', label: 'customerRecharge.plan.name', maxLength: 32 },
        { name: 'enabled', label: 'customerRecharge.plan.enabled', type: 'select', dict: ENABLED },
      ],
      toolbar: [
        {
          key: 'add', label: 'customerRecharge.plan.add', icon: <PlusOutlined />, primary: true, permission: 'customer:rechargecard:add', testId: 'plan-add',
          onClick: () => setEditing({}),
        },
      ],
      rowActions: [
        { key: 'edit', label: 'customerRecharge.plan.edit', permission: 'customer:rechargecard:edit', onClick: (row) => setEditing({ plan: row }) },
        {
          key: 'delete', label: 'resource.delete', permission: 'customer:rechargecard:del', danger: true,
          confirm: (row) => t('customerRecharge.plan.confirmDelete', { name: row.name }), success: 'customerRecharge.plan.deleted',
          onClick: (row) => call(rechargePlanEndpoints.remove, { params: { id: row.id } }),
        },
      ],
    }),
    [t, couponName, storeName],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourcePage def={def} testId="recharge-plan-page" />
      {editing && <PlanEditor plan={editing.plan} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}
