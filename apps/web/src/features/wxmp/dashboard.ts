import type { DashboardCard } from '../../shared/dashboard/dashboard';

const figures = () => import('./dashboard/MessageFigures');

/** The messaging module's cards on the home dashboard: today's unread messages and new followers. */
export const wxmpCards: DashboardCard[] = [
  { key: 'wxmp.unread', order: 100, permission: 'wxmp:wxmsg:index', load: () => figures().then((m) => ({ default: m.UnreadMessagesCard })) },
  { key: 'wxmp.followers', order: 110, permission: 'wxmp:wxmsg:index', load: () => figures().then((m) => ({ default: m.TodayFollowersCard })) },
];
