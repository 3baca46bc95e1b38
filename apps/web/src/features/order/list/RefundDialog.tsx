import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderRecord } from '@canteen/contract';
import { refundableLines, refundBody, type RefundableLine, type RefundFormValues } from './refund-form';
import { useOrderActions } from './useOrderActions';
import '../messages-list';

/**
 * 退款: the whole order (what is left of it) or chosen lines and quantities, with a reason and
 * 退回库存 (the dish was not made). The money goes back the way it was paid (the server's rule).
 */
export function RefundDialog({ order, onClose }: { order: OrderRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RefundFormValues>();
  const { refund } = useOrderActions();
  const lines = refundableLines(order);
  const [mode, setMode] = useState<RefundFormValues['mode']>(lines.length ? 'lines' : 'whole');
  const [nothingPicked, setNothingPicked] = useState(false);
  const left = order.paidAmount - order.refundedAmount;

  const submit = async () => {
    const values = await form.validateFields();
    const body = refundBody({ ...values, mode, quantities: values.quantities ?? {} }, lines);
    setNothingPicked(!body);
    if (!body) return;
    const done = await refund.run({ id: order.id, body });
    if (done) onClose();
  };
  const setAll = (entry: RefundableLine) => form.setFieldValue(['quantities', entry.line.id], entry.left);

  return (
    <Modal
      open
      width={720}
      title={t('orderList.refund.title', { orderNo: order.orderNo })}
      okText={t('orderList.refund.ok')}
      cancelText={t('orderList.refund.back')}
      okButtonProps={{ danger: true, loading: refund.busy, 'data-testid': 'refund-ok' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<RefundFormValues> form={form} layout="vertical" initialValues={{ quantities: {}, reason: '', restock: false }} data-testid="refund-form">
        <Form.Item label={t('orderList.refund.mode')}>
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as RefundFormValues['mode']);
              setNothingPicked(false);
            }}
            data-testid="refund-mode"
            options={[
              { value: 'lines', label: t('orderList.refund.byLine'), disabled: !lines.length },
              { value: 'whole', label: t('orderList.refund.whole') },
            ]}
          />
        </Form.Item>
        {mode === 'whole' ? (
          <Alert type="info" showIcon title={t('orderList.refund.wholeHint', { amount: formatFen(left) })} style={{ marginBottom: 16 }} />
        ) : (
          <Table<RefundableLine>
            rowKey={(entry) => entry.line.id}
            size="small"
            pagination={false}
            dataSource={lines}
            style={{ marginBottom: 16 }}
            data-testid="refund-lines"
            columns={[
              {
                key: 'line',
                title: t('orderList.refund.line'),
                render: (_: unknown, { line }) => (
                  <span>
                    {line.name}
                    {line.specText && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{line.specText}</Typography.Text>}
                  </span>
                ),
              },
              { key: 'amount', title: t('orderList.drawer.lineAmount'), align: 'right', render: (_: unknown, { line }) => formatFen(line.lineAmount - line.discountAmount) },
              { key: 'left', title: t('orderList.refund.left'), align: 'right', render: (_: unknown, { left: n }) => n },
              {
                key: 'quantity',
                title: t('orderList.refund.quantity'),
                render: (_: unknown, entry) => (
                  <span style={{ display: 'inline-flex', gap: 4 }}>
                    <Form.Item name={['quantities', entry.line.id]} noStyle>
                      <InputNumber
                        min={0}
                        max={entry.left}
                        precision={Number.isInteger(entry.left) && Number.isInteger(entry.line.quantity) ? 0 : 3}
                        style={{ width: 90 }}
                        aria-label={`${t('orderList.refund.quantity')} ${entry.line.name}`}
                        data-testid={`refund-qty-${entry.line.id}`}
                        onChange={() => setNothingPicked(false)}
                      />
                    </Form.Item>
                    <Button size="small" onClick={() => setAll(entry)} data-testid={`refund-all-${entry.line.id}`}>{t('orderList.refund.all')}</Button>
                  </span>
                ),
              },
            ]}
          />
        )}
        {nothingPicked && <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 12 }}>{t('orderList.refund.pickLines')}</Typography.Text>}
        <Form.Item name="reason" label={t('orderList.refund.reason')} rules={[{ required: true, whitespace: true, message: t('orderList.refund.reasonRequired') }]}>
          <Input.TextArea rows={2} maxLength={100} showCount placeholder={t('orderList.refund.reasonPlaceholder')} data-testid="refund-reason" />
        </Form.Item>
        <Form.Item name="restock" label={t('orderList.refund.restock')} valuePropName="checked" extra={t('orderList.refund.restockHelp')}>
          <Switch data-testid="refund-restock" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
