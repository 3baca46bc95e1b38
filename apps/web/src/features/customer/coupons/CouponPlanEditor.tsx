import { useMemo } from 'react';
import { Alert, App, Button, Checkbox, Col, DatePicker, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COUPON_KINDS, COUPON_PER_MEMBER_MAX, COUPON_PLAN_STATUSES, COUPON_QUANTITY_MAX, COUPON_SCOPE_MAX, COUPON_VALID_DAYS_MAX, ORDER_TYPES, categoryEndpoints,
  couponPlanEndpoints, dishEndpoints, yuanToFen, type CouponPlanRecord,
} from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { useCurrentStore, useMyStores } from '../../../shared/store/current-store';
import { COUPON_PLANS_KEY } from '../queryKeys';
import { CouponPreview } from './CouponPreview';
import { couponMoneyProblem, newCouponPlanForm, toCouponPlanBody, toCouponPlanForm, toFen, type CouponPlanFormValues } from './plan-form';
import '../messages-coupon';

const money = { min: 0, max: 9_999_999.99, precision: 2, prefix: '¥', style: { width: '100%' } } as const;

/** The current store's dish categories and dishes (the scope pickers), under the store screens' own query keys. */
function useCatalogue(storeId: string | null) {
  const categories = useQuery({
    queryKey: ['/store/category', 'options', storeId, 'dish'],
    queryFn: async () => (await call(categoryEndpoints.page, { query: { storeId: storeId!, kind: 'dish', current: 1, size: 1000, ascs: 'sort' } })).records,
    enabled: storeId !== null,
  });
  const dishes = useQuery({
    queryKey: ['/store/dish', 'all', storeId],
    queryFn: async () => (await call(dishEndpoints.page, { query: { storeId: storeId!, current: 1, size: 1000 } })).records,
    enabled: storeId !== null,
  });
  return { categories, dishes };
}

export interface CouponPlanEditorProps {
  plan?: CouponPlanRecord;
  onClose: () => void;
}

/**
 * One coupon plan: the kind (代金券 / 折扣券 / 满减券) and the fields of that kind, the scope (all
 * dishes, or categories or dishes of the current store's menu), order types, stores, validity
 * (fixed dates or N days from issue), quantity and per-member limit, status and terms, beside a
 * live preview of the coupon as a customer sees it.
 */
export function CouponPlanEditor({ plan, onClose }: CouponPlanEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CouponPlanFormValues>();
  const initial = useMemo(() => (plan ? toCouponPlanForm(plan) : newCouponPlanForm()), [plan]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const { storeId, storeName } = useCurrentStore();
  const stores = useMyStores();
  const { categories, dishes } = useCatalogue(storeId);
  // Issued coupons keep what they said: the money terms and scope no longer change.
  const locked = (plan?.issuedCount ?? 0) > 0;
  const v = (key: string, values?: Record<string, unknown>) => t(`customerCoupon.v.${key}`, values);

  const w = Form.useWatch([], form) as Partial<CouponPlanFormValues> | undefined;
  const values: CouponPlanFormValues = { ...initial, ...(w ?? {}) };
  const kind = values.kind;
  const scope = values.scope;

  const scopeOptions = (() => {
    const own = scope === 'categories'
      ? (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))
      : (dishes.data ?? []).map((d) => ({ value: d.id, label: d.name }));
    // What the plan already names in another store's menu keeps its name.
    const known = new Set(own.map((o) => o.value));
    const kept = plan && plan.scope === scope ? plan.scopeItems.filter((i) => !known.has(i.id)).map((i) => ({ value: i.id, label: i.name })) : [];
    return [...own, ...kept];
  })();
  const nameOf = new Map(scopeOptions.map((o) => [o.value, o.label]));

  const save = useAction({
    run: (vals: CouponPlanFormValues) => {
      const body = toCouponPlanBody(vals, plan?.id);
      return plan ? call(couponPlanEndpoints.update, { body }) : call(couponPlanEndpoints.create, { body });
    },
    success: plan ? 'customerCoupon.editor.saved' : 'customerCoupon.editor.created',
    invalidates: [[COUPON_PLANS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields().then(
      () => void save.run({ ...initial, ...(form.getFieldsValue(true) as CouponPlanFormValues) }),
      (error: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        void message.error(v('form'));
        const first = error.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  };
  const moneyRule = (missing: string, extra?: (fen: number) => string | null) => ({
    validator: async (_r: unknown, value: number | null) => {
      const problem = couponMoneyProblem(value, missing);
      if (problem) throw new Error(v(problem));
      const more = extra?.(yuanToFen(value!));
      if (more) throw new Error(v(more));
    },
  });

  const previewValue = kind === 'discount' ? (values.rate ?? 0) : (toFen(values.amount) ?? 0);
  return (
    <Drawer
      open
      size={1080}
      title={plan ? t('customerCoupon.editor.editTitle', { name: plan.name }) : t('customerCoupon.editor.addTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="coupon-plan-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} lg={15}>
          {locked && <Alert type="info" showIcon title={t('customerCoupon.editor.locked')} style={{ marginBottom: 16 }} />}
          <Form<CouponPlanFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} name="coupon-plan-editor" data-testid="coupon-plan-form">
            <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>{t('customerCoupon.editor.basic')}</Divider>
            <Form.Item name="name" label={t('customerCoupon.editor.name')} rules={[{ required: true, whitespace: true, message: v('name') }, { max: 32, message: v('nameLength') }]}>
              <Input maxLength={32} placeholder={t('customerCoupon.editor.namePlaceholder')} data-testid="coupon-plan-name" />
            </Form.Item>
            <Form.Item name="kind" label={t('customerCoupon.editor.kind')} extra={t(`customerCoupon.editor.kindHelp.${kind}`)}>
              <Radio.Group
                disabled={locked}
                optionType="button"
                options={COUPON_KINDS.map((k) => ({ value: k, label: t(`customerCoupon.kinds.${k}`) }))}
                data-testid="coupon-plan-kind"
                onChange={() => void form.validateFields(['amount', 'rate', 'minSpend', 'maxDiscount']).catch(() => undefined)}
              />
            </Form.Item>

            <Divider titlePlacement="start" plain>{t('customerCoupon.editor.terms')}</Divider>
            <Row gutter={16}>
              {kind === 'threshold' && (
                <Col xs={24} md={8}>
                  <Form.Item
                    name="minSpend"
                    label={t('customerCoupon.editor.thresholdMin')}
                    dependencies={['amount']}
                    required
                    rules={[({ getFieldValue }) => moneyRule('minSpend', (fen) => {
                      const off = toFen(getFieldValue('amount') as number | null);
                      return off != null && fen <= off ? 'thresholdMin' : null;
                    })]}
                  >
                    <InputNumber {...money} disabled={locked} aria-label={t('customerCoupon.editor.thresholdMin')} data-testid="coupon-plan-min-spend" />
                  </Form.Item>
                </Col>
              )}
              {kind !== 'discount' && (
                <Col xs={24} md={8}>
                  <Form.Item
                    name="amount"
                    label={t(kind === 'cash' ? 'customerCoupon.editor.cashValue' : 'customerCoupon.editor.thresholdValue')}
                    required
                    rules={[moneyRule('value', (fen) => (fen < 1 ? 'valueMin' : null))]}
                  >
                    <InputNumber {...money} disabled={locked} aria-label={t(kind === 'cash' ? 'customerCoupon.editor.cashValue' : 'customerCoupon.editor.thresholdValue')} data-testid="coupon-plan-amount" />
                  </Form.Item>
                </Col>
              )}
              {kind === 'discount' && (
                <>
                  <Col xs={24} md={8}>
                    <Form.Item name="rate" label={t('customerCoupon.editor.rate')} tooltip={t('customerCoupon.editor.rateHelp')} required rules={[{ required: true, type: 'integer', min: 1, max: 99, message: v('rate') }]}>
                      <InputNumber min={1} max={99} precision={0} disabled={locked} style={{ width: '100%' }} aria-label={t('customerCoupon.editor.rate')} data-testid="coupon-plan-rate" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="minSpend" label={t('customerCoupon.editor.minSpend')} tooltip={t('customerCoupon.editor.minSpendHelp')}>
                      <InputNumber {...money} disabled={locked} aria-label={t('customerCoupon.editor.minSpend')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="maxDiscount"
                      label={t('customerCoupon.editor.maxDiscount')}
                      tooltip={t('customerCoupon.editor.maxDiscountHelp')}
                      rules={[{ validator: async (_r, value: number | null) => { if (value != null && yuanToFen(value) < 1) throw new Error(v('maxDiscount')); } }]}
                    >
                      <InputNumber {...money} disabled={locked} aria-label={t('customerCoupon.editor.maxDiscount')} />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>

            <Divider titlePlacement="start" plain>{t('customerCoupon.editor.scopeTitle')}</Divider>
            <Form.Item name="scope" label={t('customerCoupon.editor.scope')}>
              <Radio.Group
                disabled={locked}
                options={(['all', 'categories', 'dishes'] as const).map((s) => ({ value: s, label: t(`customerCoupon.scopes.${s}`) }))}
                onChange={() => form.setFieldValue('scopeIds', [])}
                data-testid="coupon-plan-scope"
              />
            </Form.Item>
            {scope !== 'all' && (
              <Form.Item
                name="scopeIds"
                label={t(scope === 'categories' ? 'customerCoupon.editor.categories' : 'customerCoupon.editor.dishes')}
                extra={storeId ? t('customerCoupon.editor.scopeStore', { store: storeName }) : t('customerCoupon.editor.noStore')}
                rules={[{ required: true, type: 'array', min: 1, message: v('scopeIds') }, { type: 'array', max: COUPON_SCOPE_MAX, message: v('scopeIds') }]}
              >
                <Select
                  mode="multiple"
                  disabled={locked}
                  options={scopeOptions}
                  loading={scope === 'categories' ? categories.isLoading : dishes.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-label={t(scope === 'categories' ? 'customerCoupon.editor.categories' : 'customerCoupon.editor.dishes')}
                  data-testid="coupon-plan-scope-ids"
                />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item name="orderTypes" label={t('customerCoupon.editor.orderTypes')} rules={[{ required: true, type: 'array', min: 1, message: v('orderTypes') }]}>
                  <Checkbox.Group options={ORDER_TYPES.map((o) => ({ value: o, label: t(`customerCoupon.orderTypes.${o}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={14}>
                <Form.Item name="storeIds" label={t('customerCoupon.editor.stores')} extra={t('customerCoupon.editor.storesHelp')}>
                  <Select
                    mode="multiple"
                    options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('customerCoupon.editor.storesPlaceholder')}
                    aria-label={t('customerCoupon.editor.stores')}
                  />
                </Form.Item>
              </Col>
            </Row>

            <Divider titlePlacement="start" plain>{t('customerCoupon.editor.validityTitle')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item name="validity" label={t('customerCoupon.editor.validity')}>
                  <Radio.Group
                    options={[{ value: 'relative', label: t('customerCoupon.editor.relative') }, { value: 'fixed', label: t('customerCoupon.editor.fixed') }]}
                    data-testid="coupon-plan-validity"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={14}>
                {values.validity === 'fixed' ? (
                  <Form.Item
                    name="validRange"
                    label={t('customerCoupon.editor.validRange')}
                    rules={[{ required: true, message: v('validRange') }]}
                    getValueProps={(range: [string, string] | null) => ({ value: range ? [dayjs(range[0]), dayjs(range[1])] : null })}
                    normalize={(range: [dayjs.Dayjs, dayjs.Dayjs] | null) =>
                      range?.[0] && range[1] ? [range[0].startOf('day').toISOString(), range[1].endOf('day').millisecond(0).toISOString()] : null}
                  >
                    <DatePicker.RangePicker style={{ width: '100%' }} data-testid="coupon-plan-valid-range" />
                  </Form.Item>
                ) : (
                  <Form.Item
                    name="validDays"
                    label={t('customerCoupon.editor.validDays')}
                    rules={[{ required: true, type: 'integer', min: 1, max: COUPON_VALID_DAYS_MAX, message: v('validDays') }]}
                  >
                    <InputNumber min={1} max={COUPON_VALID_DAYS_MAX} precision={0} suffix={t('customerCoupon.editor.validDaysSuffix')} style={{ width: '100%' }} aria-label={t('customerCoupon.editor.validDays')} data-testid="coupon-plan-valid-days" />
                  </Form.Item>
                )}
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={t('customerCoupon.editor.quantity')} tooltip={t('customerCoupon.editor.quantityHelp')} required={!values.quantityUnlimited}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="quantityUnlimited" valuePropName="checked" noStyle>
                      <Checkbox style={{ alignSelf: 'center', marginRight: 8 }} data-testid="coupon-plan-quantity-unlimited">{t('customerCoupon.editor.quantityUnlimited')}</Checkbox>
                    </Form.Item>
                    {!values.quantityUnlimited && (
                      <Form.Item name="quantity" noStyle rules={[{ required: true, type: 'integer', min: Math.max(1, plan?.issuedCount ?? 0), max: COUPON_QUANTITY_MAX, message: v('quantity') }]}>
                        <InputNumber min={1} max={COUPON_QUANTITY_MAX} precision={0} suffix={t('customerCoupon.editor.count')} style={{ flex: 1 }} aria-label={t('customerCoupon.editor.quantity')} data-testid="coupon-plan-quantity" />
                      </Form.Item>
                    )}
                  </Space.Compact>
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('customerCoupon.editor.perMemberLimit')} required={!values.perMemberUnlimited}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="perMemberUnlimited" valuePropName="checked" noStyle>
                      <Checkbox style={{ alignSelf: 'center', marginRight: 8 }}>{t('customerCoupon.editor.perMemberUnlimited')}</Checkbox>
                    </Form.Item>
                    {!values.perMemberUnlimited && (
                      <Form.Item name="perMemberLimit" noStyle rules={[{ required: true, type: 'integer', min: 1, max: COUPON_PER_MEMBER_MAX, message: v('perMemberLimit') }]}>
                        <InputNumber min={1} max={COUPON_PER_MEMBER_MAX} precision={0} suffix={t('customerCoupon.editor.count')} style={{ flex: 1 }} aria-label={t('customerCoupon.editor.perMemberLimit')} data-testid="coupon-plan-per-member" />
                      </Form.Item>
                    )}
                  </Space.Compact>
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="status" label={t('customerCoupon.editor.status')}>
              <Radio.Group
                optionType="button"
                options={COUPON_PLAN_STATUSES.map((s) => ({ value: s, label: t(`customerCoupon.planStatuses.${s}`), disabled: plan?.status === 'ended' && s !== 'ended' }))}
              />
            </Form.Item>
            <Form.Item name="description" label={t('customerCoupon.editor.description')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('customerCoupon.editor.descriptionPlaceholder')} />
            </Form.Item>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </Col>
        <Col xs={24} lg={9}>
          <div style={{ position: 'sticky', top: 0 }}>
            <CouponPreview
              name={values.name ?? ''}
              kind={kind}
              value={previewValue}
              minSpend={kind === 'cash' ? 0 : (toFen(values.minSpend) ?? 0)}
              maxDiscount={kind === 'discount' ? toFen(values.maxDiscount) : null}
              scope={scope}
              scopeNames={(values.scopeIds ?? []).map((id) => nameOf.get(id) ?? `#${id}`)}
              orderTypes={values.orderTypes ?? []}
              validity={values.validity}
              validFrom={values.validRange?.[0] ?? null}
              validTo={values.validRange?.[1] ?? null}
              validDays={values.validDays}
              description={values.description ?? ''}
            />
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
              {values.storeIds?.length ? t('customerCoupon.text.stores', { n: values.storeIds.length }) : t('customerCoupon.text.allStores')}
            </Typography.Paragraph>
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}

