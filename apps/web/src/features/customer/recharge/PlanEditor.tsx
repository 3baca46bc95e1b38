import { useMemo } from 'react';
import { Alert, App, Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RECHARGE_PLAN_GIFTS_MAX, rechargePlanEndpoints, type RechargePlanRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { useMyStores } from '../../../shared/store/current-store';
import { RECHARGE_PLANS_KEY } from '../queryKeys';
import { useCouponPlanOptions } from './api';
import { moneyProblem, newPlanForm, offerText, toFen, toPlanBody, toPlanForm, type PlanFormValues } from './plan-form';
import '../messages-recharge';

const money = { min: 0, max: 9_999_999.99, precision: 2, prefix: '¥', style: { width: '100%' } } as const;

/** A date-time picker bound to an ISO string (or null). */
function TimeField({ value, onChange, placeholder, id, testId }: { value?: string | null; onChange?: (v: string | null) => void; placeholder: string; id?: string; testId?: string }) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? dayjs(value) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.second(0).millisecond(0).toISOString() : null)}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** What the counter will show for the plan being edited: 充 ¥500.00 送 ¥80.00 = 到账 ¥580.00 (+ points, coupons). */
function OfferPreview({ form }: { form: ReturnType<typeof Form.useForm<PlanFormValues>>[0] }) {
  const { t } = useTranslation();
  const pay = Form.useWatch('payAmount', form);
  const bonus = Form.useWatch('bonusAmount', form);
  const points = Form.useWatch('bonusPoints', form);
  const gifts = Form.useWatch('giftCouponPlanIds', form);
  const payFen = toFen(pay) ?? 0;
  const bonusFen = toFen(bonus) ?? 0;
  const offer = offerText(payFen, bonusFen);
  const extras = [
    points ? t('customerRecharge.plan.pointsExtra', { points }) : null,
    gifts?.length ? t('customerRecharge.plan.couponsExtra', { n: gifts.length }) : null,
  ].filter(Boolean);
  return (
    <Alert
      type="info"
      showIcon={false}
      style={{ marginBottom: 16 }}
      data-testid="plan-offer"
      title={
        <Space orientation="vertical" size={0}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('customerRecharge.editor.preview')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 18 }}>{t(offer.key, offer.values)}</Typography.Text>
          {extras.length > 0 && <Typography.Text type="secondary">{extras.join('，')}</Typography.Text>}
        </Space>
      }
    />
  );
}

export interface PlanEditorProps {
  plan?: RechargePlanRecord;
  onClose: () => void;
}

/**
 * One recharge plan: name, what the customer pays and gets (bonus in yuan, bonus points, gift
 * coupon plans), where and when it is offered, how often per member, enabled, sort, with the
 * offer as the counter will show it.
 */
export function PlanEditor({ plan, onClose }: PlanEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanFormValues>();
  const initial = useMemo(() => (plan ? toPlanForm(plan) : newPlanForm()), [plan]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const stores = useMyStores();
  const couponPlans = useCouponPlanOptions();
  const v = (key: string, values?: Record<string, unknown>) => t(`customerRecharge.v.${key}`, values);

  const save = useAction({
    run: (values: PlanFormValues) => {
      const body = toPlanBody(values, plan?.id);
      return plan ? call(rechargePlanEndpoints.update, { body }) : call(rechargePlanEndpoints.create, { body });
    },
    success: plan ? 'customerRecharge.editor.saved' : 'customerRecharge.editor.created',
    invalidates: [[RECHARGE_PLANS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields().then(
      () => void save.run({ ...initial, ...(form.getFieldsValue(true) as PlanFormValues) }),
      (error: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        void message.error(v('form'));
        const first = error.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  };

  // Plans already chosen stay nameable even when they are no longer active (ended since).
  const giftOptions = useMemo(() => {
    const active = (couponPlans.data ?? []).map((c) => ({ value: c.id, label: c.name }));
    const known = new Set(active.map((o) => o.value));
    const missing = initial.giftCouponPlanIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...active, ...missing];
  }, [couponPlans.data, initial.giftCouponPlanIds]);
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  return (
    <Drawer
      open
      size={640}
      title={plan ? t('customerRecharge.editor.editTitle', { name: plan.name }) : t('customerRecharge.editor.addTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="plan-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      <Form<PlanFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} name="recharge-plan-editor" data-testid="plan-form">
        <OfferPreview form={form} />
        <Form.Item
          name="name"
          label={t('customerRecharge.editor.name')}
          rules={[{ required: true, whitespace: true, message: v('name') }, { max: 32, message: v('nameLength') }]}
        >
          <Input maxLength={32} placeholder={t('customerRecharge.editor.namePlaceholder')} data-testid="plan-name" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="payAmount"
              label={t('customerRecharge.editor.payAmount')}
              required
              rules={[{ validator: async (_r, value: number | null) => { const p = moneyProblem(value, { required: true, positive: true }); if (p) throw new Error(v(p)); } }]}
            >
              <InputNumber {...money} aria-label={t('customerRecharge.editor.payAmount')} data-testid="plan-pay" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="bonusAmount"
              label={t('customerRecharge.editor.bonusAmount')}
              rules={[{ validator: async (_r, value: number | null) => { const p = moneyProblem(value); if (p) throw new Error(v(p)); } }]}
            >
              <InputNumber {...money} aria-label={t('customerRecharge.editor.bonusAmount')} data-testid="plan-bonus" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="bonusPoints"
              label={t('customerRecharge.editor.bonusPoints')}
              rules={[{ type: 'integer', min: 0, max: 9_999_999, message: v('bonusPoints') }]}
            >
              <InputNumber min={0} max={9_999_999} precision={0} style={{ width: '100%' }} aria-label={t('customerRecharge.editor.bonusPoints')} data-testid="plan-points" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="giftCouponPlanIds"
          label={t('customerRecharge.editor.gifts')}
          extra={t('customerRecharge.editor.giftsHelp', { max: RECHARGE_PLAN_GIFTS_MAX })}
          rules={[{ type: 'array', max: RECHARGE_PLAN_GIFTS_MAX, message: v('giftsMax', { max: RECHARGE_PLAN_GIFTS_MAX }) }]}
        >
          <Select
            mode="multiple"
            options={giftOptions}
            loading={couponPlans.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('customerRecharge.editor.giftsPlaceholder')}
            aria-label={t('customerRecharge.editor.gifts')}
            data-testid="plan-gifts"
          />
        </Form.Item>
        <Form.Item name="storeIds" label={t('customerRecharge.editor.stores')} extra={t('customerRecharge.editor.storesHelp')}>
          <Select
            mode="multiple"
            options={storeOptions}
            loading={stores.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('customerRecharge.editor.storesPlaceholder')}
            aria-label={t('customerRecharge.editor.stores')}
            data-testid="plan-stores"
          />
        </Form.Item>
        <Typography.Text>{t('customerRecharge.editor.validity')}</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col xs={24} md={12}>
            <Form.Item name="startsAt" extra={t('customerRecharge.editor.validityHelp')}>
              <TimeField placeholder={t('customerRecharge.editor.validFrom')} testId="plan-starts" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="endsAt"
              dependencies={['startsAt']}
              rules={[({ getFieldValue }) => ({
                validator: async (_r, end: string | null) => {
                  const start = getFieldValue('startsAt') as string | null;
                  if (start && end && Date.parse(start) >= Date.parse(end)) throw new Error(v('validRange'));
                },
              })]}
            >
              <TimeField placeholder={t('customerRecharge.editor.validTo')} testId="plan-ends" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="perMemberLimit"
              label={t('customerRecharge.editor.perMemberLimit')}
              tooltip={t('customerRecharge.editor.perMemberLimitHelp')}
              rules={[{ type: 'integer', min: 1, max: 9999, message: v('perMemberLimit') }]}
            >
              <InputNumber
                min={1}
                max={9999}
                precision={0}
                style={{ width: '100%' }}
                placeholder={t('customerRecharge.editor.perMemberLimitPlaceholder')}
                aria-label={t('customerRecharge.editor.perMemberLimit')}
                data-testid="plan-limit"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="sort" label={t('customerRecharge.editor.sort')} tooltip={t('customerRecharge.editor.sortHelp')}>
              <InputNumber min={-99999} max={99999} precision={0} style={{ width: '100%' }} aria-label={t('customerRecharge.editor.sort')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="enabled" label={t('customerRecharge.editor.enabled')} valuePropName="checked">
              <Switch aria-label={t('customerRecharge.editor.enabled')} />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
