import { Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeOf } from '../format';

/**
 * The change of a figure from its comparison (上期 / 昨日) in percent: red up, green down, the way
 * Chinese business screens colour them; grey when unchanged; — when the comparison is zero.
 */
export function Change({ current, previous, testId }: { current: number; previous: number; testId?: string }) {
  const { t } = useTranslation();
  const change = changeOf(current, previous);
  if (change === null) return <Typography.Text type="secondary" data-testid={testId}>{t('report.compare.none')}</Typography.Text>;
  if (change === 0) return <Typography.Text type="secondary" data-testid={testId}>0.0%</Typography.Text>;
  const up = change >= 0;
  return (
    <Typography.Text style={{ color: up ? '#cf1322' : '#389e0d' }} data-testid={testId}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(change).toFixed(1)}%
    </Typography.Text>
  );
}
