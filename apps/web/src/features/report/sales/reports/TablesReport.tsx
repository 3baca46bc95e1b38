import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { money } from '../../format';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

type DiningTable = EndpointData<typeof reportEndpoints.tables>[number];

function TableFigures({ rows }: { rows: DiningTable[] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 48, right: 24, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => r.tableCode) },
    yAxis: { type: 'value' },
    series: [{ name: t('report.columns.turnover'), type: 'bar', data: rows.map((r) => r.turnover) }],
  }), [rows, t]);
  return (
    <>
      <Chart option={option} height={260} testId="tables-chart" />
      <Table
        size="small"
        rowKey="tableId"
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        data-testid="tables-table"
        columns={[
          { title: t('report.columns.table'), dataIndex: 'tableCode' },
          { title: t('report.columns.area'), dataIndex: 'areaName' },
          { title: t('report.columns.uses'), dataIndex: 'uses', align: 'right', sorter: (a, b) => a.uses - b.uses },
          { title: t('report.columns.guests'), dataIndex: 'guests', align: 'right' },
          { title: t('report.columns.turnover'), dataIndex: 'turnover', align: 'right', render: (v: number) => v.toFixed(2), sorter: (a, b) => a.turnover - b.turnover },
          { title: t('report.columns.avgMinutes'), dataIndex: 'avgMinutes', align: 'right' },
          { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money, sorter: (a, b) => a.amount - b.amount },
        ]}
      />
    </>
  );
}

/** 桌台: each table's uses, guests, turnover (uses per day), average dining time and amount. */
export function TablesReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('tables', filter);
  return <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>{(rows) => <TableFigures rows={rows} />}</ReportBody>;
}
