import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RECHARGE_PAY_METHODS, RECHARGE_STATUSES, formatFen, type RechargeRecord, type RechargeStatus } from '@canteen/contract';
import { ResourcePage, formatDateTime, type ResourceDef, type Values } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { useMyStores } from '../../../shared/store/current-store';
import { RECHARGES_KEY } from '../queryKeys';
import { MemberSelect } from './MemberSelect';
import { RefundDialog } from './RefundDialog';
import '../messages-recharge';

export const RECHARGE_STATUS_COLORS: Record<RechargeStatus, string> = { paid: 'green', refunded: 'default' };

interface FilterValues {
  dates?: [Dayjs | null, Dayjs | null] | null;
  storeId?: string;
  payMethod?: string;
  status?: string;
  memberId?: string;
}

/** The filter form's values as the page's query (business dates as YYYY-MM-DD). */
export function rechargeFilterQuery(v: FilterValues): Values {
  const out: Values = {};
  if (v.dates?.[0]) out.dateFrom = v.dates[0].format('YYYY-MM-DD');
  if (v.dates?.[1]) out.dateTo = v.dates[1].format('YYYY-MM-DD');
  if (v.storeId) out.storeId = v.storeId;
  if (v.payMethod) out.payMethod = v.payMethod;
  if (v.status) out.status = v.status;
  if (v.memberId) out.memberId = v.memberId;
  return out;
}

/** 充值记录: the recharges of the user's stores, filtered by business date, store, method, status and member; 退款. */
export function RechargesTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<Values>({});
  const [refunding, setRefunding] = useState<RechargeRecord | undefined>();
  const stores = useMyStores();
  const canSearchMembers = usePermission('customer:member:index');

  const def = useMemo<ResourceDef<RechargeRecord>>(
    () => ({
      base: RECHARGES_KEY,
      pageSize: 20,
      columns: [
        { key: 'createTime', label: 'customerRecharge.record.time', render: (_v, r) => formatDateTime(r.createTime) },
        { key: 'businessDate', label: 'customerRecharge.record.businessDate' },
        {
          key: 'member',
          label: 'customerRecharge.record.member',
          render: (_v, r) => (
            <Space orientation="vertical" size={0}>
              <span>{r.memberName || r.memberNo}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.memberPhone}</Typography.Text>
            </Space>
          ),
        },
        { key: 'storeName', label: 'customerRecharge.record.store' },
        { key: 'planName', label: 'customerRecharge.record.plan', render: (_v, r) => r.planName ?? t('customerRecharge.record.freeAmount') },
        { key: 'payAmount', label: 'customerRecharge.record.pay', render: (_v, r) => formatFen(r.payAmount) },
        { key: 'bonusAmount', label: 'customerRecharge.record.bonus', render: (_v, r) => formatFen(r.bonusAmount) },
        { key: 'bonusPoints', label: 'customerRecharge.record.bonusPoints' },
        { key: 'payMethod', label: 'customerRecharge.record.method', render: (_v, r) => t(`customerRecharge.record.methods.${r.payMethod}`) },
        { key: 'paymentRef', label: 'customerRecharge.record.reference', ellipsis: true, render: (_v, r) => <Typography.Text copyable={{ text: r.paymentRef }} style={{ maxWidth: 160 }} ellipsis>{r.paymentRef}</Typography.Text> },
        { key: 'operatorName', label: 'customerRecharge.record.operator', render: (_v, r) => r.operatorName || '—' },
        {
          key: 'status',
          label: 'customerRecharge.record.status',
          render: (_v, r) => {
            const tag = <Tag color={RECHARGE_STATUS_COLORS[r.status]} data-testid={`recharge-status-${r.id}`}>{t(`customerRecharge.record.statuses.${r.status}`)}</Tag>;
            if (r.status !== 'refunded') return tag;
            return (
              <Tooltip
                title={
                  <>
                    <div>{t('customerRecharge.record.refunded', { principal: formatFen(r.refundPrincipal ?? 0), bonus: formatFen(r.refundBonus ?? 0) })}</div>
                    {r.refundReason && <div>{t('customerRecharge.record.refundReason', { reason: r.refundReason })}</div>}
                    {r.refundedAt && <div>{t('customerRecharge.record.refundedAt', { time: formatDateTime(r.refundedAt) })}</div>}
                  </>
                }
              >
                {tag}
              </Tooltip>
            );
          },
        },
      ],
      rowActions: [
        {
          key: 'refund', label: 'customerRecharge.record.refund', permission: 'customer:rechargecard:refund', danger: true,
          hidden: (r) => r.status !== 'paid',
          onClick: (r) => setRefunding(r),
        },
      ],
    }),
    [t],
  );

  const apply = (values: FilterValues) => setQuery(rechargeFilterQuery(values));
  const all = t('customerRecharge.filter.all');
  return (
    <>
      <Form<FilterValues> form={form} layout="inline" onFinish={apply} style={{ marginBottom: 12, rowGap: 8 }} data-testid="recharge-filters">
        <Form.Item name="dates" label={t('customerRecharge.filter.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="recharge-filter-dates" />
        </Form.Item>
        <Form.Item name="storeId" label={t('customerRecharge.filter.store')}>
          <Select
            allowClear
            placeholder={all}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            style={{ minWidth: 140 }}
            aria-label={t('customerRecharge.filter.store')}
          />
        </Form.Item>
        <Form.Item name="payMethod" label={t('customerRecharge.filter.method')}>
          <Select
            allowClear
            placeholder={all}
            options={RECHARGE_PAY_METHODS.map((m) => ({ value: m, label: t(`customerRecharge.record.methods.${m}`) }))}
            style={{ minWidth: 120 }}
            aria-label={t('customerRecharge.filter.method')}
          />
        </Form.Item>
        <Form.Item name="status" label={t('customerRecharge.filter.status')}>
          <Select
            allowClear
            placeholder={all}
            options={RECHARGE_STATUSES.map((s) => ({ value: s, label: t(`customerRecharge.record.statuses.${s}`) }))}
            style={{ minWidth: 110 }}
            aria-label={t('customerRecharge.filter.status')}
          />
        </Form.Item>
        {canSearchMembers && (
          <Form.Item name="memberId" label={t('customerRecharge.filter.member')}>
            <MemberSelect testId="recharge-filter-member" />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="recharge-search">{t('customerRecharge.filter.search')}</Button>
            <Button
              icon={<ClearOutlined />}
              onClick={() => {
                form.resetFields();
                setQuery({});
              }}
            >
              {t('customerRecharge.filter.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {/* A new filter starts again at page 1. */}
      <ResourcePage key={JSON.stringify(query)} def={def} query={query} testId="recharge-record-page" />
      {refunding && <RefundDialog recharge={refunding} onClose={() => setRefunding(undefined)} />}
    </>
  );
}
