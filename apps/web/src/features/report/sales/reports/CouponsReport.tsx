import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { money, percent } from '../../format';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

type Coupon = EndpointData<typeof reportEndpoints.coupons>[number];
const COUNTS = ['issued', 'used', 'expired'] as const;

/** Used of issued in percent; a plan whose coupons were issued before the range may use more than it issued in it. */
const usedShare = (c: Coupon) => (c.issued === 0 ? null : Math.round((c.used / c.issued) * 1000) / 10);

function CouponFigures({ rows }: { rows: Coupon[] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 48 },
    xAxis: { type: 'category', data: rows.map((c) => c.name), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value' },
    series: COUNTS.map((key) => ({ name: t(`report.columns.${key}`), type: 'bar', data: rows.map((c) => c[key]) })),
  }), [rows, t]);
  return (
    <>
      <Chart option={option} testId="coupons-chart" />
      <Table
        size="small"
        rowKey="planId"
        dataSource={rows}
        pagination={false}
        data-testid="coupons-table"
        columns={[
          { title: t('report.columns.plan'), dataIndex: 'name' },
          ...COUNTS.map((key) => ({ title: t(`report.columns.${key}`), dataIndex: key, align: 'right' as const })),
          { title: t('report.columns.useRate'), key: 'usedShare', align: 'right', render: (_, c) => { const rate = usedShare(c); return rate === null ? t('report.compare.none') : percent(rate); } },
          { title: t('report.columns.discount'), dataIndex: 'discount', align: 'right', render: money },
          { title: t('report.columns.ordersAmount'), dataIndex: 'ordersAmount', align: 'right', render: money },
        ]}
      />
    </>
  );
}

/** 优惠券: per coupon plan, issued, used and expired in the range, the discount given and the orders it drove. */
export function CouponsReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('coupons', filter);
  return <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>{(rows) => <CouponFigures rows={rows} />}</ReportBody>;
}
