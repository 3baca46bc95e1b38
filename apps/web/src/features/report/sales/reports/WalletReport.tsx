import { useMemo } from 'react';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import { Chart } from '../../charts/Chart';
import type { ChartOption } from '../../charts/echarts';
import type { ReportFilter } from '../../api';
import { datesOf } from '../../dates';
import { money, yuan, yuanTooltip } from '../../format';
import { ReportBody } from '../ReportBody';
import { useReport } from '../useReport';

type Wallet = EndpointData<typeof reportEndpoints.wallet>;
type Daily = Wallet['daily'][number];
const FIGURES = [
  'principalIn', 'bonusIn', 'principalUsed', 'bonusUsed', 'rechargeRefunds', 'orderRefundsToBalance', 'outstandingPrincipal', 'outstandingBonus',
] as const;
const SERIES = ['principalIn', 'bonusIn', 'principalUsed', 'bonusUsed'] as const;

function dailyOption(wallet: Wallet, filter: ReportFilter, name: (key: (typeof SERIES)[number]) => string): ChartOption {
  const byDate = new Map(wallet.daily.map((d) => [d.date, d]));
  const dates = datesOf(filter);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: dates.map((d) => d.slice(5)) },
    yAxis: { type: 'value', name: '¥' },
    series: SERIES.map((key) => ({ name: name(key), type: 'line', tooltip: yuanTooltip, data: dates.map((d) => yuan(byDate.get(d)?.[key] ?? 0)) })),
  };
}

function WalletFigures({ wallet, filter }: { wallet: Wallet; filter: ReportFilter }) {
  const { t } = useTranslation();
  const option = useMemo(() => dailyOption(wallet, filter, (key) => t(`report.wallet.${key}`)), [wallet, filter, t]);
  return (
    <>
      <Alert type="info" showIcon title={t('report.wallet.brandWide')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6} xl={4}>
          <Card size="small"><Statistic title={t('report.wallet.rechargeCount')} value={wallet.rechargeCount} data-testid="wallet-rechargeCount" /></Card>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Card size="small"><Statistic title={t('report.wallet.newMembers')} value={wallet.newMembers} data-testid="wallet-newMembers" /></Card>
        </Col>
        {FIGURES.map((key) => (
          <Col key={key} xs={12} md={6} xl={4}>
            <Card size="small"><Statistic title={t(`report.wallet.${key}`)} value={money(wallet[key])} data-testid={`wallet-${key}`} /></Card>
          </Col>
        ))}
      </Row>
      {filter.dateFrom !== filter.dateTo ? <Chart option={option} testId="wallet-chart" /> : null}
      <Table<Daily>
        size="small"
        rowKey="date"
        style={{ marginTop: 16 }}
        dataSource={wallet.daily}
        pagination={wallet.daily.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
        data-testid="wallet-table"
        columns={[
          { title: t('report.columns.date'), dataIndex: 'date' },
          ...SERIES.map((key) => ({ title: t(`report.columns.${key}`), dataIndex: key, align: 'right' as const, render: money })),
        ]}
      />
    </>
  );
}

/** 储值: recharges and bonus in, balance used, refunds, the members' balances at the end of the range. */
export function WalletReport({ filter }: { filter: ReportFilter }) {
  const query = useReport('wallet', filter);
  return <ReportBody query={query}>{(wallet) => <WalletFigures wallet={wallet} filter={filter} />}</ReportBody>;
}
