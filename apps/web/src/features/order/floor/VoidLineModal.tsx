import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderLineRecord, OrderVoidLineBody } from '@canteen/contract';
import './messages';

/** 退菜: how many of the line come off (at most what is left of it) and why. */
export function VoidLineModal({ line, left, busy, onVoid, onClose }: {
  line: OrderLineRecord; left: number; busy: boolean; onVoid: (body: OrderVoidLineBody) => unknown; onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderVoidLineBody>();
  return (
    <Modal open title={t('orderFloor.actions.voidTitle', { name: line.name })} onCancel={onClose} okText={t('orderFloor.actions.void')} cancelText={t('orderFloor.actions.cancel')}
      okButtonProps={{ danger: true, loading: busy, size: 'large' }} cancelButtonProps={{ size: 'large' }} onOk={() => form.submit()}>
      <Form form={form} layout="vertical" initialValues={{ quantity: Math.min(1, left) || left, reason: '' }} onFinish={(v) => void onVoid(v)}>
        <Form.Item name="quantity" label={t('orderFloor.actions.voidQuantity')} rules={[{ required: true, message: t('orderFloor.actions.voidQuantity') }]}>
          <InputNumber min={0.001} max={left} size="large" style={{ width: '100%' }} suffix={line.unit} aria-label={t('orderFloor.actions.voidQuantity')} />
        </Form.Item>
        <Form.Item name="reason" label={t('orderFloor.actions.voidReason')} rules={[{ required: true, whitespace: true, message: t('orderFloor.actions.voidReason') }]}>
          <Input maxLength={100} size="large" placeholder={t('orderFloor.actions.voidReasonPlaceholder')} aria-label={t('orderFloor.actions.voidReason')} data-testid="floor-void-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
