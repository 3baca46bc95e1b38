import { useState } from 'react';
import { Alert, App, Descriptions, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFen, memberEndpoints, rechargeEndpoints, type MemberRecord, type RechargeRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { MEMBERS_KEY, WALLET_CHANGES } from '../queryKeys';
import '../messages-recharge';

/**
 * What a refund of this recharge gives back, by the server's rule: the bonus of the recharge is
 * taken back first, as far as the member still has bonus; then the unspent principal is paid back,
 * at most what the recharge paid; the bonus points as far as the member has them.
 */
export function refundEstimate(recharge: Pick<RechargeRecord, 'payAmount' | 'bonusAmount' | 'bonusPoints'>, member: Pick<MemberRecord, 'balancePrincipal' | 'balanceBonus' | 'points'>) {
  return {
    bonus: Math.max(0, Math.min(recharge.bonusAmount, member.balanceBonus)),
    principal: Math.max(0, Math.min(recharge.payAmount, member.balancePrincipal)),
    points: Math.max(0, Math.min(recharge.bonusPoints, member.points)),
  };
}

interface Values {
  reason: string;
}

/** 退款 of one recharge: what goes back (from the member's balances now), a reason, and a confirm naming the amounts. */
export function RefundDialog({ recharge, onClose }: { recharge: RechargeRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState(false);
  const canReadMember = usePermission('customer:member:index');
  const member = useQuery({
    queryKey: [MEMBERS_KEY, 'detail', recharge.memberId],
    queryFn: () => call(memberEndpoints.get, { params: { id: recharge.memberId } }),
    enabled: canReadMember,
  });
  const estimate = member.data ? refundEstimate(recharge, member.data) : undefined;
  const refund = useAction({
    run: (reason: string) => call(rechargeEndpoints.refund, { params: { id: recharge.id }, body: { reason } }),
    invalidates: WALLET_CHANGES,
    onSuccess: (done) => {
      void message.success(t('customerRecharge.refund.done', { principal: formatFen(done.refundPrincipal ?? 0), bonus: formatFen(done.refundBonus ?? 0) }));
      onClose();
    },
  });
  const submit = () => {
    form.validateFields().then(
      (values) => {
        // First OK: show the confirmation naming the amounts; second: refund.
        if (!confirming) setConfirming(true);
        else void refund.run(values.reason.trim());
      },
      () => undefined,
    );
  };
  const money = (fen: number | undefined) => (fen === undefined ? '—' : formatFen(fen));
  return (
    <Modal
      open
      title={t('customerRecharge.refund.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t(confirming ? 'customerRecharge.refund.submit' : 'resource.ok')}
      okButtonProps={{ danger: true, loading: refund.busy, 'data-testid': 'refund-ok' }}
      cancelText={t('resource.cancel')}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('customerRecharge.refund.member')}>
          {recharge.memberName ? `${recharge.memberName} ` : ''}{recharge.memberPhone} · {recharge.memberNo}
        </Descriptions.Item>
        <Descriptions.Item label={t('customerRecharge.refund.recharge')}>
          {t('customerRecharge.refund.rechargeText', {
            time: formatDateTime(recharge.createTime).slice(0, 16), store: recharge.storeName, pay: formatFen(recharge.payAmount), bonus: formatFen(recharge.bonusAmount),
          })}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('customerRecharge.refund.rule')}</Typography.Paragraph>
      {canReadMember && member.isPending && <Skeleton active paragraph={{ rows: 2 }} aria-label={t('customerRecharge.refund.loading')} />}
      {member.data && estimate && (
        <>
          <Typography.Paragraph>
            {t('customerRecharge.refund.balances', { principal: formatFen(member.data.balancePrincipal), bonus: formatFen(member.data.balanceBonus), points: member.data.points })}
          </Typography.Paragraph>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }} data-testid="refund-estimate">
            <Descriptions.Item label={t('customerRecharge.refund.bonusBack')}>{money(estimate.bonus)}</Descriptions.Item>
            <Descriptions.Item label={t('customerRecharge.refund.principalBack')}>
              <Typography.Text strong>{money(estimate.principal)}</Typography.Text>
            </Descriptions.Item>
            {recharge.bonusPoints > 0 && <Descriptions.Item label={t('customerRecharge.refund.pointsBack')}>{estimate.points}</Descriptions.Item>}
          </Descriptions>
          {estimate.principal === 0 && <Alert type="warning" showIcon title={t('customerRecharge.refund.nothing')} style={{ marginBottom: 12 }} />}
        </>
      )}
      <Form<Values> form={form} layout="vertical" name="recharge-refund" onValuesChange={() => setConfirming(false)}>
        <Form.Item
          name="reason"
          label={t('customerRecharge.refund.reason')}
          rules={[
            { required: true, whitespace: true, message: t('customerRecharge.refund.v.reason') },
            { validator: async (_r, value: string | undefined) => { const n = (value ?? '').trim().length; if (n > 0 && (n < 2 || n > 200)) throw new Error(t('customerRecharge.refund.v.reasonLength')); } },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('customerRecharge.refund.reasonPlaceholder')} data-testid="refund-reason" />
        </Form.Item>
      </Form>
      {confirming && (
        <Alert
          type="error"
          showIcon
          data-testid="refund-confirm"
          title={t('customerRecharge.refund.confirm', { bonus: money(estimate?.bonus ?? recharge.bonusAmount), principal: money(estimate?.principal ?? recharge.payAmount) })}
          description={t('customerRecharge.refund.frozenNote')}
        />
      )}
    </Modal>
  );
}
