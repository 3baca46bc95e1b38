import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointData, OrderSource, OrderType, reportEndpoints } from '@canteen/contract';
import type { ReportFilter } from '../../api';
import { money, percent } from '../../format';
import { ReportBody } from '../ReportBody';
import { ShareReport } from './ShareReport';
import { useReport } from '../useReport';

type Channel = EndpointData<typeof reportEndpoints.channels>[number];
const key = (c: Channel) => `${c.type}-${c.source}`;
const amount = (c: Channel) => c.amount;

/** 订单类型与来源: orders and amount by order type (堂食/外带) and source (收银台/扫码点餐). */
export function ChannelsReport({ filter }: { filter: ReportFilter }) {
  const { t } = useTranslation();
  const query = useReport('channels', filter);
  const label = useCallback((c: Channel) => `${t(`report.types.${c.type}`)} · ${t(`report.sources.${c.source}`)}`, [t]);
  return (
    <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <ShareReport
          rows={rows}
          rowKey={key}
          label={label}
          amount={amount}
          testId="channels"
          columns={[
            { title: t('report.columns.type'), dataIndex: 'type', render: (type: OrderType) => t(`report.types.${type}`) },
            { title: t('report.columns.source'), dataIndex: 'source', render: (source: OrderSource) => t(`report.sources.${source}`) },
            { title: t('report.columns.orders'), dataIndex: 'orders', align: 'right' },
            { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
            { title: t('report.columns.share'), dataIndex: 'share', align: 'right', render: percent },
          ]}
        />
      )}
    </ReportBody>
  );
}
