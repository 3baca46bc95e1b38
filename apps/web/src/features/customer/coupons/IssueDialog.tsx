import { useState } from 'react';
import { Alert, Button, Form, Modal, Radio, Result, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUPON_ISSUE_MEMBERS_MAX, couponPlanEndpoints, type CouponIssueResult, type CouponPlanRecord, type MemberRow } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useLevels } from '../members/api';
import { COUPON_PLANS_KEY, COUPONS_KEY, MEMBERS_KEY } from '../queryKeys';
import { memberLabel } from '../recharge/api';
import { MemberSelect } from '../recharge/MemberSelect';
import '../messages-coupon';

interface Values {
  to: 'members' | 'level';
  memberIds?: string[];
  levelId?: string;
}

/** 发放: one coupon of the plan to each chosen member, or to every member of a level; then who got one and who was skipped, and why. */
export function IssueDialog({ plan, onClose }: { plan: CouponPlanRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const to = (Form.useWatch('to', form) as Values['to'] | undefined) ?? 'members';
  const levels = useLevels();
  const [result, setResult] = useState<CouponIssueResult | undefined>();
  const [picked, setPicked] = useState<MemberRow[]>([]);
  const nameOf = new Map(picked.map((m) => [m.id, memberLabel(m)]));
  const issue = useAction({
    run: (v: Values) =>
      call(couponPlanEndpoints.issue, { params: { id: plan.id }, body: v.to === 'level' ? { levelId: v.levelId } : { memberIds: v.memberIds ?? [] } }),
    invalidates: [[COUPON_PLANS_KEY], [COUPONS_KEY], [MEMBERS_KEY]],
    onSuccess: (out) => setResult(out),
  });
  const submit = () => {
    form.validateFields().then(
      (v) => void issue.run(v),
      () => undefined,
    );
  };
  const levelId = Form.useWatch<string | undefined>('levelId', form);
  const level = levels.data?.find((l) => l.id === levelId);
  const limits = [
    plan.remaining != null ? t('customerCoupon.issue.remaining', { n: plan.remaining }) : null,
    plan.perMemberLimit !== -1 ? t('customerCoupon.issue.perMember', { n: plan.perMemberLimit }) : null,
  ].filter(Boolean);

  return (
    <Modal
      open
      title={t('customerCoupon.issue.title', { name: plan.name })}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={620}
      footer={
        result ? (
          <Button type="primary" onClick={onClose} data-testid="issue-close">{t('customerCoupon.issue.close')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('resource.cancel')}</Button>
            <Button type="primary" loading={issue.busy} onClick={submit} data-testid="issue-submit">{t('customerCoupon.issue.submit')}</Button>
          </Space>
        )
      }
    >
      {result ? (
        <div data-testid="issue-result">
          <Result
            status={result.issued > 0 ? 'success' : 'warning'}
            title={t('customerCoupon.issue.issued', { n: result.issued })}
            subTitle={result.skipped.length > 0 ? t('customerCoupon.issue.skipped', { n: result.skipped.length }) : undefined}
            style={{ padding: '16px 0' }}
          />
          {result.skipped.length > 0 && (
            <Table
              size="small"
              rowKey="memberId"
              pagination={result.skipped.length > 10 ? { pageSize: 10 } : false}
              dataSource={result.skipped}
              data-testid="issue-skipped"
              columns={[
                { key: 'member', title: t('customerCoupon.issue.skippedMember'), render: (_: unknown, s) => nameOf.get(s.memberId) ?? `#${s.memberId}` },
                { key: 'reason', title: t('customerCoupon.issue.skippedReason'), render: (_: unknown, s) => s.message || t(`customerCoupon.issue.reasons.${s.reason}`) },
              ]}
            />
          )}
        </div>
      ) : (
        <Form<Values> form={form} layout="vertical" initialValues={{ to: 'members', memberIds: [] }} name="coupon-issue">
          <Typography.Paragraph type="secondary">
            {t('customerCoupon.issue.note')}{limits.length > 0 ? `（${limits.join('，')}）` : ''}
          </Typography.Paragraph>
          <Form.Item name="to" label={t('customerCoupon.issue.to')}>
            <Radio.Group
              optionType="button"
              options={[{ value: 'members', label: t('customerCoupon.issue.members') }, { value: 'level', label: t('customerCoupon.issue.level') }]}
              data-testid="issue-to"
            />
          </Form.Item>
          {to === 'members' ? (
            <Form.Item
              name="memberIds"
              label={t('customerCoupon.issue.chooseMembers')}
              rules={[
                { required: true, type: 'array', min: 1, message: t('customerCoupon.issue.v.members') },
                { type: 'array', max: COUPON_ISSUE_MEMBERS_MAX, message: t('customerCoupon.issue.v.max', { max: COUPON_ISSUE_MEMBERS_MAX }) },
              ]}
            >
              <MemberSelect multiple placeholder={t('customerCoupon.issue.membersPlaceholder')} testId="issue-members" style={{ width: '100%' }} onPick={setPicked} />
            </Form.Item>
          ) : (
            <Form.Item name="levelId" label={t('customerCoupon.issue.chooseLevel')} rules={[{ required: true, message: t('customerCoupon.issue.v.level') }]} extra={level ? t('customerCoupon.issue.levelCount', { n: level.memberCount }) : undefined}>
              <Select
                options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                loading={levels.isPending}
                aria-label={t('customerCoupon.issue.chooseLevel')}
                data-testid="issue-level"
              />
            </Form.Item>
          )}
          {plan.status !== 'active' && <Alert type="warning" showIcon title={t(`customerCoupon.planStatuses.${plan.status}`)} />}
        </Form>
      )}
    </Modal>
  );
}
