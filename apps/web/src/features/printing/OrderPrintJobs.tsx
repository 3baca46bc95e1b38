import { Button, Empty, Flex, Popconfirm, Table, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderPrintEndpoints, type PrintJobRecord } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { useAction } from '../../shared/http/useAction';
import type { OrderDrawerSectionProps } from '../../shared/order-drawer/sections';
import { formatDateTime } from '../../shared/resource';
import { usePermissionCheck } from '../../shared/session/session';
import { JobStatus, JobTicket } from './JobTicket';
import { JOBS_KEY, ORDER_PRINTS_KEY } from './keys';
import { PrintOrderTicket } from './PrintOrderTicket';
import './messages';

/** The order drawer's 打印记录: every ticket printed for the order, each with 重打, and 打印 of a ticket on a chosen printer. */
export default function OrderPrintJobs({ orderId, storeId, revision }: OrderDrawerSectionProps) {
  const { t } = useTranslation();
  const can = usePermissionCheck();
  const jobs = useQuery({
    queryKey: [ORDER_PRINTS_KEY, orderId],
    queryFn: () => call(orderPrintEndpoints.jobs, { params: { id: orderId } }),
    // A job just written is sent within moments: follow it until nothing waits.
    refetchInterval: (query) => (query.state.data?.some((j) => j.status === 'pending' || j.status === 'sending') ? 2000 : false),
  });
  // The order changed (a refund prints its tickets in the same transaction): read them again.
  const { refetch } = jobs;
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void refetch();
  }, [revision, refetch]);
  const reprint = useAction({
    run: (job: PrintJobRecord) => call(orderPrintEndpoints.reprint, { params: { id: orderId, jobId: job.id } }),
    success: 'printing.jobs.reprinted',
    invalidates: [[ORDER_PRINTS_KEY, orderId], [JOBS_KEY]],
  });
  const none = t('printing.jobs.none');
  return (
    <Table<PrintJobRecord>
      rowKey="id"
      size="small"
      loading={jobs.isPending}
      dataSource={jobs.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      style={{ marginBottom: 16 }}
      data-testid="order-prints"
      title={() => (
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>{t('printing.drawer.title')}</Typography.Text>
          {/* Choosing a printer reads the store's printers: 打印机's own code. */}
          {can('order:order:edit') && can('store:printer:index') && <PrintOrderTicket orderId={orderId} storeId={storeId} />}
        </Flex>
      )}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('printing.drawer.empty')} /> }}
      onRow={(job) => ({ 'data-testid': 'order-print-job', 'data-job': job.id }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'printer', title: t('printing.jobs.printer'), dataIndex: 'printerName' },
        { key: 'ticket', title: t('printing.jobs.ticket'), render: (_: unknown, job) => <JobTicket job={job} /> },
        { key: 'copies', title: t('printing.jobs.copies'), dataIndex: 'copies', align: 'right' },
        { key: 'status', title: t('printing.jobs.status'), render: (_: unknown, job) => <JobStatus job={job} /> },
        { key: 'time', title: t('printing.jobs.sentAt'), render: (_: unknown, job) => (job.sentAt ? formatDateTime(job.sentAt) : none) },
        {
          key: 'actions', title: '', align: 'right',
          render: (_: unknown, job) =>
            can('order:order:edit') && (
              <Popconfirm title={t('printing.jobs.confirmReprint')} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => reprint.run(job)}>
                <Button size="small" loading={reprint.busy && reprint.running?.id === job.id} data-testid="order-print-reprint">{t('printing.jobs.reprint')}</Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
