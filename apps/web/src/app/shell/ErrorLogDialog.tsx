import { App, Button, Modal, Space, Table, Typography } from 'antd';
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadErrorLog, useErrorLog, type ErrorLogEntry } from '../../shared/errorlog/errorlog';

/** The error-log viewer: every stored uncaught error; upload to the server or clear. */
export default function ErrorLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useErrorLog((s) => s.logs);
  const upload = () =>
    modal.confirm({
      title: t('shell.user.tip'),
      content: t('shell.log.uploadConfirm'),
      onOk: async () => {
        // In batches the server takes; each batch leaves the local log once uploaded.
        await uploadErrorLog();
        void message.success(t('shell.log.uploaded'));
      },
    });
  const clear = () =>
    modal.confirm({
      title: t('shell.user.tip'),
      content: t('shell.log.clearConfirm'),
      onOk: () => {
        useErrorLog.getState().clear();
        void message.success(t('shell.log.cleared'));
      },
    });
  const text = (value: string) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{value}</Typography.Paragraph>;
  return (
    <Modal open title={t('shell.log.title')} onCancel={onClose} footer={null} width={1100} data-testid="log-dialog">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<CloudUploadOutlined />} disabled={!logs.length} onClick={upload}>{t('shell.log.upload')}</Button>
        <Button danger icon={<ClearOutlined />} disabled={!logs.length} onClick={clear}>{t('shell.log.clear')}</Button>
      </Space>
      <Table<ErrorLogEntry>
        size="small"
        rowKey={(row) => `${row.time}|${row.message}|${row.info}`}
        dataSource={logs}
        locale={{ emptyText: t('shell.log.empty') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('shell.log.type'), dataIndex: 'type', width: 70 },
          { title: t('shell.log.message'), dataIndex: 'message', width: 200, render: text },
          { title: t('shell.log.stack'), dataIndex: 'stack', width: 260, render: text },
          { title: t('shell.log.info'), dataIndex: 'info', width: 180, render: text },
          { title: t('shell.log.url'), dataIndex: 'url', width: 180, render: text },
          { title: t('shell.log.time'), dataIndex: 'time', width: 170, render: (v: string) => new Date(v).toLocaleString() },
        ]}
      />
    </Modal>
  );
}
