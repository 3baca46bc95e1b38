import { pathOf, reportEndpoints, type EndpointData, type ReportName } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { api } from '../../shared/http/client';
import type { DateRange } from './dates';

/** Query key prefix of every report (the home page's figures included). */
export const REPORTS_KEY = '/report';

/** What one report is asked for: a store (none: all the user's stores) and a range. */
export interface ReportFilter extends DateRange {
  storeId?: string;
}

const queryOf = (filter: ReportFilter) => ({ dateFrom: filter.dateFrom, dateTo: filter.dateTo, ...(filter.storeId ? { storeId: filter.storeId } : {}) });

export const reportKey = (name: ReportName, filter: ReportFilter) => [REPORTS_KEY, name, queryOf(filter)] as const;

/** One report's figures (the tabs of 营业报表). */
export const fetchReport = <N extends ReportName>(name: N, filter: ReportFilter) =>
  // Every report takes the same query; the cast only picks one of them for the input's type.
  call(reportEndpoints[name] as typeof reportEndpoints.overview, { query: queryOf(filter) }) as Promise<EndpointData<(typeof reportEndpoints)[N]>>;

/** A report as an .xlsx workbook, fetched with the bearer token through the HTTP client. */
export const exportBlob = (name: ReportName, filter: ReportFilter) =>
  api.blob(pathOf(reportEndpoints.export.path, { report: name }), { params: queryOf(filter) });

export const todayKey = (storeId: string | undefined) => [REPORTS_KEY, 'today', storeId ?? 'all'] as const;

/** The home page's figures: today against yesterday, 7 days, top dishes. */
export const fetchToday = (storeId: string | undefined) => call(reportEndpoints.today, { query: storeId ? { storeId } : {} });
