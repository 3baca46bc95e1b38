import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiServerForFile, okReply, type Received } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { setNavigator } from '../../../shared/navigation/navigation';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import { reportCards } from '../dashboard';
import { todayAnswer } from '../report-fixtures';
import { TodayAvgTicketCard, TodayGuestsCard, TodayNetCard, TodayOrdersCard, TopDishesCard, TrendCard } from './TodayFigures';

function route({ method, path }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/report/today') return okReply(todayAnswer('2026-11-25'));
  return undefined;
}

const server = apiServerForFile(route);

beforeEach(() => {
  useCurrentStoreState.setState({ storeId: null });
});

// The cards as the home page lays them out (the home page's own test covers the registry and the permission filter).
const renderCards = () =>
  renderWithApp(
    <>
      <TodayNetCard />
      <TodayOrdersCard />
      <TodayGuestsCard />
      <TodayAvgTicketCard />
      <TrendCard />
      <TopDishesCard />
    </>,
  );

describe('home business figures', () => {
  it('shows today’s 实收, orders, guests and 客单价 against yesterday, the 7-day trend and top dishes from one call', async () => {
    signInWith(['report:sales:index']);
    renderCards();
    expect(await screen.findByTestId('home-net', undefined, { timeout: 30_000 })).toHaveTextContent('今日实收¥1234.00');
    expect(screen.getByTestId('home-net-yesterday')).toHaveTextContent('昨日同时段 ¥980.00');
    await waitFor(() => expect(screen.getByTestId('home-orders')).toHaveTextContent('今日订单12'));
    expect(screen.getByTestId('home-orders-yesterday')).toHaveTextContent('昨日同时段 10');
    expect(screen.getByTestId('home-guests')).toHaveTextContent('今日客流30');
    expect(screen.getByTestId('home-avg-ticket')).toHaveTextContent('今日客单价¥102.83');
    expect(await screen.findByTestId('home-trend-bars')).toBeInTheDocument();
    expect(screen.getByTestId('home-trend-bars').querySelectorAll('.home-trend-bar')).toHaveLength(7);
    expect(screen.getByTestId('home-top-dishes')).toHaveTextContent('宫保鸡丁×8¥304.00');
    // One question for all six, for the header's store.
    expect(server.calls('GET', '/report/today')).toHaveLength(1);
    expect(server.calls('GET', '/report/today')[0]!.query).toEqual({ storeId: '1' });
    // A business card opens 营业报表.
    const visited: string[] = [];
    setNavigator((to) => void visited.push(String(to)));
    fireEvent.click(screen.getByTestId('home-net'));
    fireEvent.click(screen.getByTestId('home-trend'));
    expect(visited).toEqual(['/report/sales', '/report/sales']);
  });

  it('declares the cards for report:sales:index only, ahead of the other modules\u2019 cards', () => {
    expect(reportCards.map((card) => card.key)).toEqual(['report.net', 'report.orders', 'report.guests', 'report.avgTicket', 'report.trend', 'report.topDishes']);
    expect(reportCards.every((card) => card.permission === 'report:sales:index' && card.order < 0)).toBe(true);
    // Four figures fill a row; the trend and the top dishes share the next one.
    expect(reportCards.map((card) => card.span ?? 6)).toEqual([6, 6, 6, 6, 12, 12]);
  });
});
