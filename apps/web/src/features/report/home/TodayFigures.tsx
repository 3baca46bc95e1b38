import type { ReactNode } from 'react';
import { Card, Empty, Statistic, Typography } from 'antd';
import { FireOutlined, LineChartOutlined, PayCircleOutlined, ProfileOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SalesFigures } from '@canteen/contract';
import { navigate } from '../../../shared/navigation/navigation';
import { useCurrentStore } from '../../../shared/store/current-store';
import { fetchToday, todayKey } from '../api';
import { money, quantity } from '../format';
import { TrendBars } from './TrendBars';
import '../messages';

/** 营业报表's menu path: each business card opens it (same permission as the cards). */
const REPORT_PATH = '/report/sales';
const openReports = () => navigate(REPORT_PATH);

/** Today's figures of the header's store (one call shared by every card), asked again every minute while the home page is open. */
function useToday() {
  const { storeId, storeName, loading } = useCurrentStore();
  const scope = storeId ?? undefined;
  const query = useQuery({ queryKey: todayKey(scope), queryFn: () => fetchToday(scope), enabled: !loading, refetchInterval: 60_000 });
  return { ...query, storeName };
}

interface FigureCardProps {
  figure: 'netAmount' | 'orders' | 'guests' | 'avgTicket';
  title: string;
  icon: ReactNode;
  testId: string;
}

const isMoney = (figure: FigureCardProps['figure']) => figure === 'netAmount' || figure === 'avgTicket';
const shown = (figure: FigureCardProps['figure'], f: SalesFigures) => (isMoney(figure) ? money(f[figure]) : f[figure]);

function FigureCard({ figure, title, icon, testId }: FigureCardProps) {
  const { t } = useTranslation();
  const { data, isPending } = useToday();
  return (
    <Card loading={isPending} hoverable onClick={openReports}>
      <Statistic title={title} value={data ? shown(figure, data.today) : 0} prefix={icon} data-testid={testId} />
      {data ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-yesterday`}>
          {t('report.home.yesterday', { value: shown(figure, data.yesterday) })}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

export function TodayNetCard() {
  const { t } = useTranslation();
  return <FigureCard figure="netAmount" title={t('report.home.net')} icon={<PayCircleOutlined />} testId="home-net" />;
}

export function TodayOrdersCard() {
  const { t } = useTranslation();
  return <FigureCard figure="orders" title={t('report.home.orders')} icon={<ProfileOutlined />} testId="home-orders" />;
}

export function TodayGuestsCard() {
  const { t } = useTranslation();
  return <FigureCard figure="guests" title={t('report.home.guests')} icon={<TeamOutlined />} testId="home-guests" />;
}

export function TodayAvgTicketCard() {
  const { t } = useTranslation();
  return <FigureCard figure="avgTicket" title={t('report.home.avgTicket')} icon={<WalletOutlined />} testId="home-avg-ticket" />;
}

/** 实收 of the last 7 days, today included. */
export function TrendCard() {
  const { t } = useTranslation();
  const { data, isPending, storeName } = useToday();
  return (
    <Card size="small" loading={isPending} hoverable onClick={openReports} title={<><LineChartOutlined /> {t('report.home.trend')}</>} extra={storeName} data-testid="home-trend">
      {data ? <TrendBars days={data.trend} today={data.date} /> : null}
    </Card>
  );
}

/** Today's best-selling dishes by quantity. */
export function TopDishesCard() {
  const { t } = useTranslation();
  const { data, isPending } = useToday();
  const dishes = data?.topDishes ?? [];
  return (
    <Card size="small" loading={isPending} title={<><FireOutlined /> {t('report.home.topDishes')}</>} data-testid="home-top-dishes">
      {dishes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.home.noDishes')} />
      ) : (
        <ol className="home-top-dishes" style={{ margin: 0, paddingLeft: 20 }}>
          {dishes.slice(0, 5).map((d) => (
            <li key={d.name} style={{ display: 'flex', alignItems: 'baseline', gap: 8, lineHeight: '26px' }}>
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{d.name}</span>
              <Typography.Text type="secondary">×{quantity(d.quantity)}</Typography.Text>
              <span style={{ minWidth: 72, textAlign: 'right' }}>{money(d.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
