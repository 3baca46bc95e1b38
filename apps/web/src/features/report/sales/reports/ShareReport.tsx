import { useMemo } from 'react';
import { Col, Row, Table, type TableColumnsType } from 'antd';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import { yuan } from '../../format';

interface ShareReportProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  /** The slice's name (a category, a payment method). */
  label: (row: T) => string;
  /** The slice's amount in fen. */
  amount: (row: T) => number;
  columns: TableColumnsType<T>;
  testId: string;
}

/** A report of shares of the amount: a ring chart beside its table (分类, 支付方式, 订单类型与来源). */
export function ShareReport<T extends object>({ rows, rowKey, label, amount, columns, testId }: ShareReportProps<T>) {
  const option = useMemo<ChartOption>(() => ({
    tooltip: { trigger: 'item', formatter: '{b}: ¥{c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0, itemGap: 20 },
    // Name and share beside each slice, the ring small enough to leave them room (long 类型·来源
    // names were cut off at the edge); slivers go without a label, their names are in the legend.
    series: [{
      type: 'pie', radius: ['35%', '58%'], center: ['50%', '45%'], minShowLabelAngle: 5, percentPrecision: 1, label: { formatter: '{b}\n{d}%' }, data: rows.map((row) => ({ name: label(row), value: yuan(amount(row)) })),
    }],
  }), [rows, label, amount]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}><Chart option={option} testId={`${testId}-chart`} /></Col>
      <Col xs={24} lg={14}>
        <Table size="small" rowKey={rowKey} dataSource={rows} pagination={false} columns={columns} data-testid={`${testId}-table`} />
      </Col>
    </Row>
  );
}
