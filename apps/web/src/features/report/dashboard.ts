import type { DashboardCard } from '../../shared/dashboard/dashboard';

const figures = () => import('./home/TodayFigures');

/**
 * The business cards on the home page (report:sales:index): today's 实收, orders, guests and 客单价
 * against yesterday, then the 7-day trend and today's best sellers, ahead of the other modules'
 * cards (business first: what owners open the back-office for). They draw without ECharts, so
 * the home page never loads the report pages' chart library.
 */
export const reportCards: DashboardCard[] = [
  { key: 'report.net', order: -40, permission: 'report:sales:index', load: () => figures().then((m) => ({ default: m.TodayNetCard })) },
  { key: 'report.orders', order: -39, permission: 'report:sales:index', load: () => figures().then((m) => ({ default: m.TodayOrdersCard })) },
  { key: 'report.guests', order: -38, permission: 'report:sales:index', load: () => figures().then((m) => ({ default: m.TodayGuestsCard })) },
  { key: 'report.avgTicket', order: -37, permission: 'report:sales:index', load: () => figures().then((m) => ({ default: m.TodayAvgTicketCard })) },
  { key: 'report.trend', order: -30, permission: 'report:sales:index', span: 12, load: () => figures().then((m) => ({ default: m.TrendCard })) },
  { key: 'report.topDishes', order: -29, permission: 'report:sales:index', span: 12, load: () => figures().then((m) => ({ default: m.TopDishesCard })) },
];
