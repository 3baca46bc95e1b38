import { useMemo } from 'react';
import dayjs from 'dayjs';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewReport as Overview, SalesFigures } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { datesOf } from '../../dates';
import { money, yuan, yuanTooltip } from '../../format';
import { Change } from '../Change';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

type FigureKey = keyof SalesFigures | 'discounts';
const discounts = (f: SalesFigures) => f.memberDiscount + f.couponDiscount + f.manualDiscount;
const valueOf = (f: SalesFigures, key: FigureKey) => (key === 'discounts' ? discounts(f) : f[key]);
const COUNTS: ReadonlySet<FigureKey> = new Set(['orders', 'guests', 'refundCount', 'cancelledCount']);
const show = (key: FigureKey, value: number) => (COUNTS.has(key) ? String(value) : money(value));

/** The headline figures, each with its change from the previous period. */
const HEADLINE: FigureKey[] = ['netAmount', 'orders', 'guests', 'avgTicket', 'perGuest', 'refundAmount'];
/** Every figure, in the table under the chart (本期 / 上期 / 变化). */
const ALL: FigureKey[] = [
  'netAmount', 'paidAmount', 'refundAmount', 'refundCount', 'orders', 'guests', 'avgTicket', 'perGuest', 'goodsAmount', 'packingFee',
  'discounts', 'memberDiscount', 'couponDiscount', 'manualDiscount', 'cancelledCount',
];

function dailyOption(report: Overview, filter: ReportFilter, names: { net: string; orders: string; refunds: string }): ChartOption {
  const byDate = new Map(report.daily.map((d) => [d.date, d]));
  const dates = datesOf(filter);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: dates.map((d) => d.slice(5)) },
    yAxis: [{ type: 'value', name: '¥' }, { type: 'value', name: names.orders, splitLine: { show: false } }],
    series: [
      { name: names.net, type: 'bar', tooltip: yuanTooltip, data: dates.map((d) => yuan(byDate.get(d)?.netAmount ?? 0)) },
      { name: names.refunds, type: 'bar', tooltip: yuanTooltip, data: dates.map((d) => yuan(byDate.get(d)?.refundAmount ?? 0)) },
      { name: names.orders, type: 'line', yAxisIndex: 1, data: dates.map((d) => byDate.get(d)?.orders ?? 0) },
    ],
  };
}

function OverviewFigures({ report, filter }: { report: Overview; filter: ReportFilter }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => dailyOption(report, filter, { net: t('report.figures.netAmount'), orders: t('report.figures.orders'), refunds: t('report.figures.refundAmount') }),
    [report, filter, t],
  );
  const rows = ALL.map((key) => ({ key, current: valueOf(report.current, key), previous: valueOf(report.previous, key) }));
  return (
    <>
      <Row gutter={[16, 16]}>
        {HEADLINE.map((key) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card size="small" data-testid={`overview-${key}`}>
              <Statistic title={t(`report.figures.${key}`)} value={show(key, valueOf(report.current, key))} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('report.compare.vsPrevious')} </Typography.Text>
              <Change current={valueOf(report.current, key)} previous={valueOf(report.previous, key)} testId={`overview-${key}-change`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0' }}>
        {report.previousUntil
          ? t('report.compare.previousUntil', { from: report.previousFrom, to: report.previousTo, until: dayjs(report.previousUntil).format('MM-DD HH:mm') })
          : t('report.compare.previous', { from: report.previousFrom, to: report.previousTo })}
      </Typography.Text>
      {filter.dateFrom !== filter.dateTo ? <Chart option={option} testId="overview-chart" /> : null}
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        data-testid="overview-table"
        columns={[
          { title: t('report.columns.figure'), dataIndex: 'key', render: (key: FigureKey) => t(`report.figures.${key}`) },
          { title: t('report.compare.current'), dataIndex: 'current', align: 'right', render: (v: number, row) => show(row.key, v) },
          { title: t('report.compare.previousShort'), dataIndex: 'previous', align: 'right', render: (v: number, row) => show(row.key, v) },
          { title: t('report.compare.change'), key: 'change', align: 'right', render: (_, row) => <Change current={row.current} previous={row.previous} /> },
        ]}
      />
      {report.daily.length > 1 ? (
        <Table
          size="small"
          rowKey="date"
          style={{ marginTop: 16 }}
          pagination={report.daily.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
          dataSource={report.daily}
          data-testid="overview-daily"
          columns={[
            { title: t('report.columns.date'), dataIndex: 'date' },
            { title: t('report.columns.orders'), dataIndex: 'orders', align: 'right' },
            { title: t('report.columns.guests'), dataIndex: 'guests', align: 'right' },
            { title: t('report.columns.netAmount'), dataIndex: 'netAmount', align: 'right', render: money },
            { title: t('report.columns.refundAmount'), dataIndex: 'refundAmount', align: 'right', render: money },
          ]}
        />
      ) : null}
    </>
  );
}

/** 营业概况: the headline figures against the previous period of the same length, the daily chart, every figure in a table. */
export function OverviewReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('overview', filter);
  return <ReportBody query={query}>{(report) => <OverviewFigures report={report} filter={filter} />}</ReportBody>;
}
