import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { couponEndpoints, formatFen, type CouponRecord, type CouponStatus } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { COUPONS_KEY } from '../queryKeys';
import { PagedTable } from './Ledgers';
import '../messages-member';

type CouponRow = CouponRecord;

/** ¥20 for whole yuan, ¥12.50 otherwise. */
const money = (fen: number) => formatFen(fen).replace(/\.00$/, '');

/** What the coupon takes off: "满¥100减¥20", "¥10 · 无门槛", "8.8折 · 最多减¥50". */
export function couponValueText(c: Pick<CouponRecord, 'kind' | 'value' | 'minSpend' | 'maxDiscount'>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const k = 'customerMember.drawer.couponValue';
  if (c.kind === 'threshold') return t(`${k}.threshold`, { min: money(c.minSpend), value: money(c.value) });
  const rule = c.minSpend > 0 ? t(`${k}.minSpend`, { min: money(c.minSpend) }) : t(`${k}.noThreshold`);
  if (c.kind === 'cash') return `${t(`${k}.cash`, { value: money(c.value) })} · ${rule}`;
  const cap = c.maxDiscount != null ? ` · ${t(`${k}.cap`, { max: money(c.maxDiscount) })}` : '';
  return `${t(`${k}.discount`, { rate: String(c.value / 10) , percent: c.value })} · ${rule}${cap}`;
}

const STATUS_COLORS: Record<CouponStatus, string> = { unused: 'green', locked: 'blue', used: 'default', expired: 'orange', voided: 'red' };

/** 优惠券 the member holds (every status), newest first. */
export function MemberCoupons({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const allowed = usePermission('customer:coupon:index');
  if (!allowed) return <Typography.Text type="secondary">{t('customerMember.drawer.noPermission')}</Typography.Text>;
  const columns: ColumnsType<CouponRow> = [
    { key: 'name', title: t('customerMember.drawer.couponName'), dataIndex: 'planName' },
    { key: 'value', title: t('customerMember.drawer.couponValueTitle'), render: (_: unknown, c) => couponValueText(c, t) },
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
    { key: 'source', title: t('customerMember.source'), render: (_: unknown, c) => t(`customerMember.drawer.couponSources.${c.source}`) },
  ];
  return (
    <PagedTable<CouponRow>
      queryKey={[COUPONS_KEY, 'member', memberId]}
      read={(current, size) => call(couponEndpoints.page, { query: { memberId, current, size } })}
      columns={columns}
      empty={t('customerMember.drawer.noCoupons')}
      testId="member-coupons"
    />
  );
}
