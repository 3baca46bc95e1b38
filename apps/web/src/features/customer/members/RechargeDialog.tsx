import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatFen, rechargeEndpoints, rechargePlanEndpoints, yuanToFen, type AvailableRechargePlan, type MemberRecord, type RechargeBody, type RechargeResult,
} from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCurrentStore } from '../../../shared/store/current-store';
import { MEMBERS_KEY, RECHARGE_PLANS_KEY, WALLET_CHANGES } from '../queryKeys';
import type { PaymentRefs } from './payment-ref';
import '../messages-member';

const FREE = 'free';
const MONEY = 9_999_999.99;
const TRANSACTION_NO = /^[A-Za-z0-9_\-:.]{1,64}$/;

interface RechargeFormValues {
  /** A plan id, or `free`. */
  choice?: string;
  /** Yuan, for a free amount. */
  amount?: number | null;
  payMethod: 'cash' | 'external';
  transactionNo?: string;
}

/** ¥500 for whole yuan, ¥12.50 otherwise. */
const whole = (fen: number) => formatFen(fen).replace(/\.00$/, '');

/** "充 ¥500 送 ¥80 = 到账 ¥580". */
export function planText(plan: Pick<AvailableRechargePlan, 'payAmount' | 'bonusAmount'>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const values = { pay: whole(plan.payAmount), bonus: whole(plan.bonusAmount), total: whole(plan.payAmount + plan.bonusAmount) };
  return t(plan.bonusAmount > 0 ? 'customerMember.rechargeDialog.plan' : 'customerMember.rechargeDialog.planNoBonus', values);
}

/**
 * 充值 at the counter, in the header's current store: a plan the member may use there, or a free
 * amount; cash, or a payment taken elsewhere with its transaction number. One attempt is one
 * payment reference (a random id for cash, the transaction number otherwise), kept while the same
 * attempt is sent again, so a double click or a retry after a lost answer credits once.
 */
export function RechargeDialog({ member, refs, onClose }: {
  member: MemberRecord;
  /** The drawer's references: an attempt closed unanswered and made again keeps its reference. */
  refs: PaymentRefs;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { storeId, storeName, loading: storesLoading } = useCurrentStore();
  const [form] = Form.useForm<RechargeFormValues>();
  const queryClient = useQueryClient();
  const sending = useRef(false);
  const [result, setResult] = useState<RechargeResult | undefined>();
  const choice = Form.useWatch('choice', form);
  const amount = Form.useWatch('amount', form);
  const payMethod = Form.useWatch('payMethod', form) ?? 'cash';

  const plans = useQuery({
    queryKey: [RECHARGE_PLANS_KEY, 'available', storeId, member.id],
    queryFn: () => call(rechargePlanEndpoints.available, { query: { storeId: storeId!, memberId: member.id } }),
    enabled: storeId !== null,
  });
  const available = plans.data ?? [];
  const chosenPlan = available.find((p) => p.id === choice);

  const recharge = useAction({
    run: (body: RechargeBody) => call(rechargeEndpoints.create, { body }),
    success: 'customerMember.rechargeDialog.done',
    onSuccess: (answer) => {
      refs.done();
      setResult(answer);
    },
    invalidates: WALLET_CHANGES,
    // The answer may have been lost after the money was credited: show the member as the server has them.
    onError: () => queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
  });

  const submit = () => {
    if (sending.current || !storeId) return;
    form.validateFields().then(
      async (v) => {
        if (sending.current) return;
        const free = v.choice === FREE;
        const fen = free && v.amount != null ? yuanToFen(v.amount) : undefined;
        const planId = free ? undefined : v.choice;
        const paymentRef = refs.refFor({ memberId: member.id, storeId, planId, amount: fen, payMethod: v.payMethod, transactionNo: v.transactionNo });
        const body: RechargeBody = { memberId: member.id, storeId, payMethod: v.payMethod, paymentRef, ...(free ? { amount: fen } : { planId }) };
        sending.current = true;
        try {
          await recharge.run(body);
        } finally {
          sending.current = false;
        }
      },
      () => undefined,
    );
  };

  const pay = chosenPlan ? chosenPlan.payAmount : choice === FREE && amount != null && amount > 0 ? yuanToFen(amount) : undefined;
  const total = chosenPlan ? chosenPlan.payAmount + chosenPlan.bonusAmount : pay;

  const body = () => {
    if (result) {
      const r = result.recharge;
      return (
        <Result
          status="success"
          title={t('customerMember.rechargeDialog.done')}
          subTitle={
            <Space orientation="vertical" size={4} data-testid="recharge-result">
              <span>
                {t('customerMember.rechargeDialog.result', { total: formatFen(r.payAmount + r.bonusAmount), principal: formatFen(r.payAmount), bonus: formatFen(r.bonusAmount) })}
                {r.bonusPoints > 0 ? t('customerMember.rechargeDialog.resultPoints', { points: r.bonusPoints }) : ''}
              </span>
              <span>{t('customerMember.rechargeDialog.after', { principal: formatFen(result.balances.balancePrincipal), bonus: formatFen(result.balances.balanceBonus) })}</span>
            </Space>
          }
        />
      );
    }
    if (storesLoading) return <Skeleton active />;
    if (!storeId) return <Alert type="warning" showIcon title={t('customerMember.rechargeDialog.noStore')} data-testid="recharge-no-store" />;
    return (
      <Form<RechargeFormValues>
        form={form}
        layout="vertical"
        initialValues={{ payMethod: 'cash' }}
        onFinish={submit}
        name="member-recharge"
        data-testid="recharge-form"
        onValuesChange={(changed: Partial<RechargeFormValues>) => {
          if ('choice' in changed && changed.choice !== FREE) form.setFields([{ name: 'amount', errors: [] }]);
        }}
      >
        <Form.Item label={t('customerMember.rechargeDialog.store')}>
          <Typography.Text strong data-testid="recharge-store">{storeName}</Typography.Text>
        </Form.Item>
        {plans.isPending && storeId ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Form.Item name="choice" label={t('customerMember.rechargeDialog.plans')} rules={[{ required: true, message: t('customerMember.rechargeDialog.v.choose') }]}>
            <Radio.Group style={{ width: '100%' }} data-testid="recharge-plans">
              <Space orientation="vertical" style={{ width: '100%' }}>
                {available.length === 0 && <Typography.Text type="secondary">{t('customerMember.rechargeDialog.noPlans')}</Typography.Text>}
                {available.map((p) => (
                  <Radio key={p.id} value={p.id} data-testid={`recharge-plan-${p.id}`}>
                    <Space size={8} wrap>
                      <Typography.Text strong>{planText(p, t)}</Typography.Text>
                      {p.bonusPoints > 0 && <Typography.Text type="secondary">{t('customerMember.rechargeDialog.planPoints', { points: p.bonusPoints })}</Typography.Text>}
                      {p.giftCouponPlanIds.length > 0 && (
                        <Typography.Text type="secondary">{t('customerMember.rechargeDialog.planCoupons', { n: p.giftCouponPlanIds.length })}</Typography.Text>
                      )}
                      {p.remaining != null && <Typography.Text type="secondary">{t('customerMember.rechargeDialog.planLimit', { n: p.perMemberLimit })}</Typography.Text>}
                      <Typography.Text type="secondary">({p.name})</Typography.Text>
                    </Space>
                  </Radio>
                ))}
                <Radio value={FREE} data-testid="recharge-free">{t('customerMember.rechargeDialog.free')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        {choice === FREE && (
          <Form.Item
            name="amount"
            label={t('customerMember.rechargeDialog.amount')}
            extra={t('customerMember.rechargeDialog.amountHelp')}
            rules={[
              { required: true, message: t('customerMember.rechargeDialog.v.amount') },
              { validator: async (_r, v: number | null | undefined) => { if (v != null && yuanToFen(v) <= 0) throw new Error(t('customerMember.rechargeDialog.v.amountMin')); } },
            ]}
          >
            <InputNumber min={0} max={MONEY} precision={2} prefix="¥" style={{ width: 200 }} data-testid="recharge-amount" />
          </Form.Item>
        )}
        <Form.Item name="payMethod" label={t('customerMember.rechargeDialog.payMethod')}>
          <Radio.Group
            optionType="button"
            options={(['cash', 'external'] as const).map((m) => ({ value: m, label: t(`customerMember.payMethods.${m}`) }))}
            data-testid="recharge-pay-method"
          />
        </Form.Item>
        {payMethod === 'external' && (
          <Form.Item
            name="transactionNo"
            label={t('customerMember.rechargeDialog.transactionNo')}
            extra={t('customerMember.rechargeDialog.transactionNoHelp')}
            rules={[
              { required: true, whitespace: true, message: t('customerMember.rechargeDialog.v.transactionNo') },
              { validator: async (_r, v: string | undefined) => { const s = (v ?? '').trim(); if (s && !TRANSACTION_NO.test(s)) throw new Error(t('customerMember.rechargeDialog.v.transactionNoLength')); } },
            ]}
          >
            <Input maxLength={64} placeholder={t('customerMember.rechargeDialog.transactionNoPlaceholder')} data-testid="recharge-transaction-no" />
          </Form.Item>
        )}
        {pay !== undefined && total !== undefined && (
          <Alert type="success" title={t('customerMember.rechargeDialog.summary', { pay: formatFen(pay), total: formatFen(total) })} data-testid="recharge-summary" />
        )}
      </Form>
    );
  };

  return (
    <Modal
      open
      width={620}
      title={t('customerMember.rechargeDialog.title', { name: member.name || member.phone })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        result ? (
          <Button type="primary" onClick={onClose} data-testid="recharge-close">{t('customerMember.rechargeDialog.close')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('resource.cancel')}</Button>
            <Button type="primary" loading={recharge.busy} disabled={!storeId} onClick={submit} data-testid="recharge-submit">
              {t('customerMember.rechargeDialog.submit')}
            </Button>
          </Space>
        )
      }
    >
      {body()}
    </Modal>
  );
}
