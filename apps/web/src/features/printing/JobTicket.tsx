import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintJobRecord } from '@canteen/contract';
import { formatDateTime } from '../../shared/resource';
import { JOB_STATUS_COLORS } from './dicts';
import './messages';

/** What a job prints: the ticket, a pay-later table's added round, and 重打 on a reprint. */
export function JobTicket({ job }: { job: PrintJobRecord }) {
  const { t } = useTranslation();
  return (
    <Space size={4} data-testid="print-job-ticket" data-ticket={job.ticket}>
      <span>{t(`printing.ticketKinds.${job.ticket}`)}</span>
      {/* A pay-later table's later rounds: which one (the first round reads as any order's ticket). */}
      {job.round > 1 && <Typography.Text type="secondary">{t('printing.jobs.roundN', { round: job.round })}</Typography.Text>}
      {job.reprintOf && <Tag color="purple" data-testid="print-job-reprint">{t('printing.jobs.reprintTag')}</Tag>}
    </Space>
  );
}

/** A job's status, with its last error and the next try while it waits to retry. */
export function JobStatus({ job }: { job: PrintJobRecord }) {
  const { t } = useTranslation();
  const tag = <Tag color={JOB_STATUS_COLORS[job.status]} data-testid="print-job-status" data-status={job.status}>{t(`printing.jobStatuses.${job.status}`)}</Tag>;
  const detail = [job.lastError, job.status === 'pending' && job.nextAttemptAt && t('printing.jobs.nextAttempt', { time: formatDateTime(job.nextAttemptAt) })].filter(Boolean).join(' · ');
  return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
}
