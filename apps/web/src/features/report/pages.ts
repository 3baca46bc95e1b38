import type { PageMap } from '../../shared/navigation/pages';

/** 营业报表 under the menu's component name (/report/sales): its own chunk, with ECharts, loaded on first open. */
export const reportPages: PageMap = {
  'views/report/sales/index': { load: () => import('./sales/ReportCentrePage'), permission: 'report:sales:index' },
};
