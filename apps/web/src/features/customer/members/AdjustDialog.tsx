import { useState } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Result, Row, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatFen, memberEndpoints, type MemberBalances, type MemberRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { MEMBERS_KEY } from '../queryKeys';
import { afterAdjust, newAdjustForm, toAdjustBody, type AdjustFormValues } from './form';
import '../messages-member';

const MONEY = 9_999_999.99;

/**
 * 调整: signed changes of principal, bonus and points with a required reason. The form shows the
 * balances it would leave and refuses to go below zero; the server's answer (the balances after)
 * is shown once it is done.
 */
export function AdjustDialog({ member, onClose }: { member: MemberRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustFormValues>();
  const [result, setResult] = useState<MemberBalances | undefined>();
  const values = Form.useWatch([], form) as AdjustFormValues | undefined;
  const adjust = useAction({
    run: (v: AdjustFormValues) => call(memberEndpoints.adjust, { params: { id: member.id }, body: toAdjustBody(v) }),
    success: 'customerMember.adjust.done',
    onSuccess: (balances) => setResult(balances),
    invalidates: [[MEMBERS_KEY]],
  });
  const submit = () => {
    form.validateFields().then(
      (v) => void adjust.run({ ...newAdjustForm(), ...v }),
      () => undefined,
    );
  };

  const current = { balancePrincipal: member.balancePrincipal, balanceBonus: member.balanceBonus, points: member.points };
  const preview = afterAdjust(current, toAdjustBody({ ...newAdjustForm(), ...values }));
  const texts = (b: { balancePrincipal: number; balanceBonus: number; points: number }) => ({
    principal: formatFen(b.balancePrincipal),
    bonus: formatFen(b.balanceBonus),
    points: b.points,
  });

  /** A change that would leave its part below zero, named. */
  const notBelowZero = (part: 'principal' | 'bonus' | 'points'): Rule => ({ getFieldsValue }) => ({
    validator: async () => {
      const next = afterAdjust(current, toAdjustBody({ ...newAdjustForm(), ...(getFieldsValue(true) as Partial<AdjustFormValues>) }));
      const after = { principal: next.balancePrincipal, bonus: next.balanceBonus, points: next.points }[part];
      if (after < 0) {
        const now = { principal: formatFen(current.balancePrincipal), bonus: formatFen(current.balanceBonus), points: String(current.points) }[part];
        throw new Error(t('customerMember.adjust.v.belowZero', { part: t(`customerMember.${part}`), current: now }));
      }
    },
  });
  const something: Rule = ({ getFieldsValue }) => ({
    validator: async () => {
      const v = getFieldsValue(['principal', 'bonus', 'points']) as Partial<AdjustFormValues>;
      if (!v.principal && !v.bonus && !v.points) throw new Error(t('customerMember.adjust.v.nothing'));
    },
  });

  return (
    <Modal
      open
      width={600}
      title={t('customerMember.adjust.title', { name: member.name || member.phone })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        result ? (
          <Button type="primary" onClick={onClose} data-testid="adjust-close">{t('customerMember.adjust.close')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('resource.cancel')}</Button>
            <Button type="primary" loading={adjust.busy} onClick={submit} data-testid="adjust-submit">{t('customerMember.adjust.submit')}</Button>
          </Space>
        )
      }
    >
      {result ? (
        <Result
          status="success"
          title={t('customerMember.adjust.done')}
          subTitle={<span data-testid="adjust-result">{t('customerMember.adjust.result', texts(result))}</span>}
        />
      ) : (
        <Form<AdjustFormValues> form={form} layout="vertical" initialValues={newAdjustForm()} onFinish={submit} name="member-adjust" data-testid="adjust-form">
          <Alert type="info" showIcon title={t('customerMember.adjust.help')} description={t('customerMember.adjust.current', texts(current))} style={{ marginBottom: 16 }} />
          <Row gutter={12}>
            <Col xs={24} sm={8}>
              <Form.Item name="principal" label={t('customerMember.adjust.principal')} dependencies={['bonus', 'points']} rules={[something, notBelowZero('principal')]}>
                <InputNumber min={-MONEY} max={MONEY} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="adjust-principal" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="bonus" label={t('customerMember.adjust.bonus')} rules={[notBelowZero('bonus')]}>
                <InputNumber min={-MONEY} max={MONEY} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="adjust-bonus" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="points" label={t('customerMember.adjust.points')} rules={[notBelowZero('points')]}>
                <InputNumber min={-999_999_999} max={999_999_999} precision={0} style={{ width: '100%' }} data-testid="adjust-points" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="reason"
            label={t('customerMember.adjust.reason')}
            rules={[
              { required: true, whitespace: true, message: t('customerMember.adjust.v.reason') },
              { validator: async (_r, v: string | undefined) => { const n = (v ?? '').trim().length; if (n > 0 && (n < 2 || n > 200)) throw new Error(t('customerMember.adjust.v.reasonLength')); } },
            ]}
          >
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('customerMember.adjust.reasonPlaceholder')} data-testid="adjust-reason" />
          </Form.Item>
          <Typography.Text type="secondary" data-testid="adjust-preview">{t('customerMember.adjust.preview', texts(preview))}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
