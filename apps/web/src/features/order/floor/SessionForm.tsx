import { Button, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_GUESTS_MAX, type TableOpenBody } from '@canteen/contract';
import './messages';

/** 开台 and 改人数: guests (the table's seats, or 2, to start with) and a note. */
export function SessionForm({ initial, submitText, busy, onSubmit }: { initial: TableOpenBody; submitText: string; busy: boolean; onSubmit: (body: TableOpenBody) => unknown }) {
  const { t } = useTranslation();
  return (
    <Form<TableOpenBody> layout="vertical" initialValues={initial} onFinish={(v) => void onSubmit({ guests: v.guests, note: v.note ?? '' })} data-testid="floor-session-form">
      <Form.Item name="guests" label={t('orderFloor.panel.guests')} rules={[{ required: true, message: t('orderFloor.panel.guests') }]}>
        <InputNumber min={1} max={TABLE_GUESTS_MAX} precision={0} size="large" style={{ width: '100%' }} aria-label={t('orderFloor.panel.guests')} data-testid="floor-guests" />
      </Form.Item>
      <Form.Item name="note" label={t('orderFloor.panel.note')}>
        <Input maxLength={100} size="large" placeholder={t('orderFloor.panel.notePlaceholder')} aria-label={t('orderFloor.panel.note')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="floor-session-submit">{submitText}</Button>
    </Form>
  );
}
