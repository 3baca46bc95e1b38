import type { ComponentType } from 'react';
import type { ReportName } from '@canteen/contract';
import type { ReportFilter } from '../../api';
import { CategoriesReport } from './CategoriesReport';
import { ChannelsReport } from './ChannelsReport';
import { CouponsReport } from './CouponsReport';
import { DishesReport } from './DishesReport';
import { HoursReport } from './HoursReport';
import { OverviewReport } from './OverviewReport';
import { PaymentsReport } from './PaymentsReport';
import { TablesReport } from './TablesReport';
import { WalletReport } from './WalletReport';

/** The view of each report, one tab each in the contract's order. */
export const reportViews: Record<ReportName, ComponentType<{ filter: ReportFilter }>> = {
  overview: OverviewReport,
  dishes: DishesReport,
  categories: CategoriesReport,
  payments: PaymentsReport,
  hours: HoursReport,
  channels: ChannelsReport,
  wallet: WalletReport,
  coupons: CouponsReport,
  tables: TablesReport,
};
