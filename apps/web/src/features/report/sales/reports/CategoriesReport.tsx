import { useTranslation } from 'react-i18next';
import type { EndpointData, reportEndpoints } from '@canteen/contract';
import type { ReportFilter } from '../../api';
import { money, percent, quantity } from '../../format';
import { ReportBody } from '../ReportBody';
import { ShareReport } from './ShareReport';
import { useReport } from '../useReport';

type Category = EndpointData<typeof reportEndpoints.categories>[number];
const key = (c: Category) => c.categoryId;
const label = (c: Category) => c.name;
const amount = (c: Category) => c.amount;

/** 分类: sales by dish category. */
export function CategoriesReport({ filter }: { filter: ReportFilter }) {
  const { t } = useTranslation();
  const query = useReport('categories', filter);
  return (
    <ReportBody query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <ShareReport
          rows={rows}
          rowKey={key}
          label={label}
          amount={amount}
          testId="categories"
          columns={[
            { title: t('report.columns.category'), dataIndex: 'name' },
            { title: t('report.columns.quantity'), dataIndex: 'quantity', align: 'right', render: quantity },
            { title: t('report.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
            { title: t('report.columns.share'), dataIndex: 'share', align: 'right', render: percent },
          ]}
        />
      )}
    </ReportBody>
  );
}
