import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import type { LogRecord } from '../api';
import '../messages';

const typeDict = [
  { value: '0', label: 'system.log.normal', color: 'green' },
  { value: '9', label: 'system.log.error', color: 'red' },
];

function ExceptionText({ row }: { row: LogRecord }) {
  const { t } = useTranslation();
  if (!row.exception) return <Typography.Text type="secondary">{t('system.log.noException')}</Typography.Text>;
  return (
    <div data-testid="log-exception">
      <Typography.Text strong>{t('system.log.exception')}</Typography.Text>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto', margin: '8px 0 0' }}>{row.exception}</pre>
    </div>
  );
}

const def: ResourceDef<LogRecord> = {
  base: '/upms/log',
  permissions: { del: 'sys:log:del' },
  defaultSort: { key: 'createTime', order: 'descend' },
  columns: [
    { key: 'type', label: 'system.log.type', type: 'tag', dict: typeDict },
    // Fixed widths: a long title is cut with … (the whole of it on hover), never pushing the other columns off.
    { key: 'title', label: 'system.log.title', ellipsis: true, width: 200 },
    { key: 'source', label: 'system.log.source' },
    { key: 'createBy', label: 'system.log.createBy' },
    { key: 'remoteAddr', label: 'system.log.remoteAddr' },
    { key: 'method', label: 'system.log.method' },
    { key: 'requestUri', label: 'system.log.requestUri', ellipsis: true, width: 220 },
    { key: 'status', label: 'system.log.status' },
    { key: 'time', label: 'system.log.time' },
    { key: 'createTime', label: 'system.log.createTime', type: 'datetime', sortable: true },
  ],
  search: [
    { name: 'type', label: 'system.log.type', type: 'select', dict: typeDict },
    { name: 'username', label: 'system.log.createBy' },
    { name: 'range', label: 'system.log.range', type: 'dateRange', rangeNames: ['startTime', 'endTime'] },
  ],
  expand: { render: (row) => <ExceptionText row={row} /> },
};

/** 日志管理: operation and error logs, filtered by type, user and time. */
export default function LogsPage() {
  return <ResourcePage def={def} />;
}
