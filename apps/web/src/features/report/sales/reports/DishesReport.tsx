import { useMemo } from 'react';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { money, percent, quantity, yuan, yuanTooltip } from '../../format';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

/** Bars in the chart; the table lists them all. */
const TOP = 15;

type Dish = EndpointData<typeof reportEndpoints.dishes>[number];

function topOption(rows: Dish[], amountName: string): ChartOption {
  // Biggest at the top of a horizontal bar chart: ECharts draws the first category at the bottom.
  const top = [...rows].sort((a, b) => b.amount - a.amount).slice(0, TOP).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 120, right: 32, top: 8, bottom: 24 },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: top.map((d) => d.name), axisLabel: { width: 110, overflow: 'truncate' } },
    series: [{ name: amountName, type: 'bar', tooltip: yuanTooltip, data: top.map((d) => yuan(d.amount)) }],
  };
}

function DishFigures({ rows }: { rows: Dish[] }) {
  const { t } = useTranslation();
  const option = useMemo(() => topOption(rows, t('report.columns.amount')), [rows, t]);
  return (
    <>
      <Chart option={option} height={Math.max(200, Math.min(rows.length, TOP) * 26 + 40)} testId="dishes-chart" />
      <Table
        size="small"
        rowKey={(d) => `${d.kind}-${d.itemId}`}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        data-testid="dishes-table"
        columns={[
          { title: t('report.columns.rank'), key: 'rank', width: 64, render: (_, __, index) => index + 1 },
          { title: t('report.columns.name'), dataIndex: 'name' },
          { title: t('report.columns.kind'), dataIndex: 'kind', render: (kind: Dish['kind']) => <Tag color={kind === 'combo' ? 'purple' : undefined}>{t(`report.kinds.${kind}`)}</Tag> },
          { title: t('report.columns.category'), dataIndex: 'categoryName' },
          { title: t('report.columns.quantity'), dataIndex: 'quantity', align: 'right', render: quantity, sorter: (a, b) => a.quantity - b.quantity },
          { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money, sorter: (a, b) => a.amount - b.amount },
          { title: t('report.columns.share'), dataIndex: 'share', align: 'right', render: percent },
          { title: t('report.columns.refundedQuantity'), dataIndex: 'refundedQuantity', align: 'right', render: quantity },
          { title: t('report.columns.refundAmount'), dataIndex: 'refundAmount', align: 'right', render: money },
        ]}
      />
    </>
  );
}

/** 菜品排行: dishes and combos by amount (quantity, share, refunds), the top ones charted. */
export function DishesReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('dishes', filter);
  return <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>{(rows) => <DishFigures rows={rows} />}</ReportBody>;
}
