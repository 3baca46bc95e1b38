import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import type { ReportFilter } from '../../api';
import { money, percent } from '../../format';
import { ReportBody } from '../ReportBody';
import { ShareReport } from './ShareReport';
import { useReport } from '../useReport';

type Payment = EndpointData<typeof reportEndpoints.payments>[number];
const key = (p: Payment) => p.method;
const amount = (p: Payment) => p.netAmount;

/** 支付方式: collected, refunded and net by payment method. */
export function PaymentsReport({ filter }: { filter: ReportFilter }) {
  const { t } = useTranslation();
  const query = useReport('payments', filter);
  const label = useCallback((p: Payment) => t(`report.payMethods.${p.method}`), [t]);
  return (
    <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <ShareReport
          rows={rows}
          rowKey={key}
          label={label}
          amount={amount}
          testId="payments"
          columns={[
            { title: t('report.columns.method'), dataIndex: 'method', render: (_, p) => label(p) },
            { title: t('report.columns.count'), dataIndex: 'count', align: 'right' },
            { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
            { title: t('report.columns.refundCount'), dataIndex: 'refundCount', align: 'right' },
            { title: t('report.columns.refundAmount'), dataIndex: 'refundAmount', align: 'right', render: money },
            { title: t('report.columns.netAmount'), dataIndex: 'netAmount', align: 'right', render: money },
            { title: t('report.columns.share'), dataIndex: 'share', align: 'right', render: percent },
          ]}
        />
      )}
    </ReportBody>
  );
}
