import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportName } from '@canteen/contract';
import { fetchReport, reportKey, type ReportFilter } from '../api';

/** One report's figures for the page's filter; the previous figures stay shown while the next load. */
export const useReport = <N extends ReportName>(name: N, filter: ReportFilter) =>
  useQuery({ queryKey: reportKey(name, filter), queryFn: () => fetchReport(name, filter), placeholderData: keepPreviousData });
