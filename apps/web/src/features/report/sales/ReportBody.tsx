import type { ReactNode } from 'react';
import { Alert, Empty, Skeleton, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface ReportBodyProps<T> {
  query: UseQueryResult<T>;
  /** Nothing to chart (no rows in the range). */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** A report's loading skeleton, its error, its empty state, or its charts and tables (dimmed while the next range loads). */
export function ReportBody<T>({ query, isEmpty, children }: ReportBodyProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} data-testid="report-error" />;
  return (
    <Spin spinning={query.isFetching && query.isPlaceholderData}>
      {isEmpty?.(query.data) ? <Empty description={t('report.empty')} data-testid="report-empty" /> : children(query.data)}
    </Spin>
  );
}
