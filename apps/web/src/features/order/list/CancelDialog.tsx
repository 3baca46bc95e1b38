import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderRecord } from '@canteen/contract';
import { useOrderActions } from './useOrderActions';
import '../messages-list';

/** 取消订单 with a reason; a paid order's money goes back the way it was paid (the dialog says so). */
export function CancelDialog({ order, onClose }: { order: OrderRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const { cancel } = useOrderActions();
  const submit = async () => {
    const { reason } = await form.validateFields();
    const done = await cancel.run({ id: order.id, reason: reason.trim() });
    if (done) onClose();
  };
  const paid = order.paidAmount - order.refundedAmount;
  return (
    <Modal
      open
      title={t('orderList.cancel.title', { orderNo: order.orderNo })}
      okText={t('orderList.cancel.ok')}
      cancelText={t('orderList.cancel.back')}
      okButtonProps={{ danger: true, loading: cancel.busy, 'data-testid': 'cancel-ok' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {paid > 0 && <Alert type="warning" showIcon title={t('orderList.cancel.paidHint', { amount: formatFen(paid) })} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" data-testid="cancel-form">
        <Form.Item
          name="reason"
          label={t('orderList.cancel.reason')}
          rules={[{ required: true, whitespace: true, message: t('orderList.cancel.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={100} showCount placeholder={t('orderList.cancel.reasonPlaceholder')} data-testid="cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
