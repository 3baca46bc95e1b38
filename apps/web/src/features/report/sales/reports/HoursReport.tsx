import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { money, yuan, yuanTooltip } from '../../format';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

type Hour = EndpointData<typeof reportEndpoints.hours>[number];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function hoursOption(rows: Hour[], names: { orders: string; amount: string; hour: (h: number) => string }): ChartOption {
  const byHour = new Map(rows.map((r) => [r.hour, r]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: HOURS.map(names.hour) },
    yAxis: [{ type: 'value', name: '¥' }, { type: 'value', name: names.orders, splitLine: { show: false } }],
    series: [
      { name: names.amount, type: 'bar', tooltip: yuanTooltip, data: HOURS.map((h) => yuan(byHour.get(h)?.amount ?? 0)) },
      { name: names.orders, type: 'line', yAxisIndex: 1, data: HOURS.map((h) => byHour.get(h)?.orders ?? 0) },
    ],
  };
}

function HourFigures({ rows }: { rows: Hour[] }) {
  const { t } = useTranslation();
  const hour = (h: number) => t('report.hourLabel', { hour: String(h).padStart(2, '0') });
  const option = useMemo(
    () => hoursOption(rows, { orders: t('report.columns.orders'), amount: t('report.columns.amount'), hour: (h) => t('report.hourLabel', { hour: String(h).padStart(2, '0') }) }),
    [rows, t],
  );
  return (
    <>
      <Chart option={option} testId="hours-chart" />
      <Table
        size="small"
        rowKey="hour"
        dataSource={[...rows].sort((a, b) => a.hour - b.hour)}
        pagination={false}
        data-testid="hours-table"
        columns={[
          { title: t('report.columns.hour'), dataIndex: 'hour', render: (h: number) => `${hour(h)} – ${hour((h + 1) % 24)}` },
          { title: t('report.columns.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
        ]}
      />
    </>
  );
}

/** 时段: orders and amount per hour of the day (the hour the order was paid), lunch and dinner peaks at a glance. */
export function HoursReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('hours', filter);
  return <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>{(rows) => <HourFigures rows={rows} />}</ReportBody>;
}
