import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { couponEndpoints, type CouponRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { COUPON_PLANS_KEY, COUPONS_KEY, MEMBERS_KEY } from '../queryKeys';
import '../messages-coupon';

/** 作废 of one unused coupon, with a reason. */
export function VoidDialog({ coupon, onClose }: { coupon: CouponRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const voidIt = useAction({
    run: (reason: string) => call(couponEndpoints.void, { params: { id: coupon.id }, body: { reason } }),
    success: 'customerCoupon.void.done',
    invalidates: [[COUPONS_KEY], [COUPON_PLANS_KEY], [MEMBERS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields().then(
      (v) => void voidIt.run(v.reason.trim()),
      () => undefined,
    );
  };
  const member = `${coupon.memberName ? `${coupon.memberName} ` : ''}${coupon.memberPhone}`;
  return (
    <Modal
      open
      title={t('customerCoupon.void.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('customerCoupon.void.submit')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ danger: true, loading: voidIt.busy, 'data-testid': 'void-ok' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph data-testid="void-text">{t('customerCoupon.void.text', { plan: coupon.planName, code: coupon.code, member })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="coupon-void">
        <Form.Item
          name="reason"
          label={t('customerCoupon.void.reason')}
          rules={[
            { required: true, whitespace: true, message: t('customerCoupon.void.v.reason') },
            { validator: async (_r, value: string | undefined) => { const n = (value ?? '').trim().length; if (n > 0 && (n < 2 || n > 200)) throw new Error(t('customerCoupon.void.v.reasonLength')); } },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('customerCoupon.void.reasonPlaceholder')} data-testid="void-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
