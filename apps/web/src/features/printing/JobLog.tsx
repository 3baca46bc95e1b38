import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { printerEndpoints, type PrintJobRecord } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { ResourcePage, type ResourceDef } from '../../shared/resource';
import { JOB_STATUSES, JOB_TICKETS } from './dicts';
import { JobStatus, JobTicket } from './JobTicket';
import { JOBS_KEY, PRINTERS_KEY } from './keys';
import './messages';

/** 打印记录: the store's print jobs, newest first, by printer, order number, status and ticket, with 重打. */
export function JobLog({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const def = useMemo<ResourceDef<PrintJobRecord>>(
    () => ({
      base: JOBS_KEY,
      endpoints: { list: JOBS_KEY },
      columns: [
        { key: 'createdAt', label: 'printing.jobs.createdAt', type: 'datetime' },
        { key: 'printerName', label: 'printing.jobs.printer' },
        { key: 'orderNo', label: 'printing.jobs.orderNo', render: (_, row) => row.orderNo ?? t('printing.jobs.none') },
        { key: 'ticket', label: 'printing.jobs.ticket', render: (_, row) => <JobTicket job={row} /> },
        { key: 'copies', label: 'printing.jobs.copies' },
        { key: 'status', label: 'printing.jobs.status', render: (_, row) => <JobStatus job={row} /> },
        { key: 'attempts', label: 'printing.jobs.attempts' },
        { key: 'sentAt', label: 'printing.jobs.sentAt', type: 'datetime' },
      ],
      search: [
        {
          name: 'printerId', label: 'printing.jobs.printer', type: 'select',
          options: {
            queryKey: [PRINTERS_KEY, 'job-filter', storeId],
            load: async () => {
              const page = await call(printerEndpoints.page, { query: { storeId, current: 1, size: 100 } });
              return page.records.map((p) => ({ value: p.id, label: p.name }));
            },
          },
        },
        { name: 'orderNo', label: 'printing.jobs.orderNo', maxLength: 32 },
        { name: 'status', label: 'printing.jobs.status', type: 'select', dict: JOB_STATUSES },
        { name: 'ticket', label: 'printing.jobs.ticket', type: 'select', dict: JOB_TICKETS },
      ],
      rowActions: [
        {
          key: 'reprint', label: 'printing.jobs.reprint', permission: 'store:printer:edit',
          confirm: 'printing.jobs.confirmReprint', success: 'printing.jobs.reprinted',
          onClick: async (row) => {
            await call(printerEndpoints.reprint, { params: { id: row.id } });
          },
        },
      ],
    }),
    [storeId, t],
  );
  const query = useMemo(() => ({ storeId }), [storeId]);
  return <ResourcePage def={def} query={query} testId="print-job-page" />;
}

