import { useMemo } from 'react';
import { Alert, Button, Checkbox, Divider, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeEndpoints, type StoreRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { myStoresKey } from '../../../shared/store/current-store';
import { newStoreForm, pickupExamples, timeZones, toStoreBody, toStoreForm, type StoreFormValues } from './form';
import { HoursEditor } from './HoursEditor';
import { LocationField } from './LocationField';
import { LogoField } from './LogoField';
import './messages';

/** Query key prefix of everything read about stores (the admin list, one store's details). */
export const STORES_KEY = '/store/shop';
export const storeKey = (id: string) => [STORES_KEY, 'detail', id] as const;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export interface StoreFormProps {
  /** The store to edit; none: a new store. */
  store?: StoreRecord;
  onSaved?: (store: StoreRecord) => void;
  onCancel?: () => void;
}

/**
 * The store form (门店信息): basics with logo and location, opening (time zone, weekly hours,
 * the 营业中/休息中 switch, the business-day cutoff) and ordering (order types, payment,
 * pickup numbers, packing fee, notice). Read-only without the edit (or add) permission.
 */
export function StoreForm({ store, onSaved, onCancel }: StoreFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StoreFormValues>();
  const canSave = usePermission(store ? 'store:shop:edit' : 'store:shop:add');
  const disabled = !canSave;
  const initial = useMemo(() => (store ? toStoreForm(store) : newStoreForm()), [store]);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const packingMode = Form.useWatch('packingFeeMode', form) as StoreFormValues['packingFeeMode'] | undefined;
  const pickup = Form.useWatch('pickupRule', form) as StoreFormValues['pickupRule'] | undefined;

  const save = useAction({
    run: (values: StoreFormValues) =>
      store ? call(storeEndpoints.update, { body: { ...toStoreBody(values), id: store.id } }) : call(storeEndpoints.create, { body: toStoreBody(values) }),
    success: store ? 'storeShop.saved' : 'storeShop.created',
    invalidates: [[STORES_KEY], myStoresKey],
    onSuccess: (saved) => onSaved?.(saved),
  });

  const submit = () => {
    form.validateFields({ recursive: true }).then(
      () => void save.run(form.getFieldsValue(true) as StoreFormValues),
      () => undefined,
    );
  };

  return (
    <Form<StoreFormValues>
      form={form}
      initialValues={initial}
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      labelWrap
      disabled={disabled}
      scrollToFirstError
      onFinish={submit}
      data-testid="store-form"
      name={store ? `store-${store.id}` : 'store-new'}
    >
      {disabled && <Alert type="info" showIcon title={t('storeShop.readOnly')} style={{ marginBottom: 16 }} />}
      <Divider titlePlacement="start">{t('storeShop.section.basic')}</Divider>
      <Form.Item name="name" label={t('storeShop.name')} rules={[{ required: true, whitespace: true, message: t('storeShop.v.name') }, { max: 64, message: t('storeShop.v.nameLength') }]}>
        <Input maxLength={64} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item name="logo" label={t('storeShop.logo')}>
        <LogoField disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('storeShop.phone')}
        rules={[{ pattern: /^[0-9+\-() ]*$/, message: t('storeShop.v.phone') }, { max: 20, message: t('storeShop.v.phoneLength') }]}
      >
        <Input maxLength={20} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="region" label={t('storeShop.region')} rules={[{ max: 100 }]}>
        <Input maxLength={100} placeholder={t('storeShop.regionPlaceholder')} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item name="address" label={t('storeShop.address')} rules={[{ max: 255 }]}>
        <Input maxLength={255} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item label={t('storeShop.location')}>
        <LocationField disabled={disabled} />
      </Form.Item>

      <Divider titlePlacement="start">{t('storeShop.section.hours')}</Divider>
      <Form.Item
        name="isOpen"
        label={t('storeShop.isOpen')}
        valuePropName="checked"
        extra={store ? t('storeShop.now', { state: t(store.openNow ? 'storeShop.opened' : store.isOpen ? 'storeShop.outsideHours' : 'storeShop.closed') }) : undefined}
      >
        <Switch checkedChildren={t('storeShop.opened')} unCheckedChildren={t('storeShop.closed')} aria-label={t('storeShop.isOpen')} />
      </Form.Item>
      <Form.Item name="timeZone" label={t('storeShop.timeZone')} rules={[{ required: true, message: t('storeShop.v.timeZone') }]}>
        <Select options={zones} showSearch style={{ maxWidth: 280 }} />
      </Form.Item>
      <Form.Item label={t('storeShop.businessHours')}>
        <HoursEditor disabled={disabled} />
      </Form.Item>
      <Form.Item name="dayCutoffHour" label={t('storeShop.dayCutoffHour')} extra={t('storeShop.cutoffHelp')}>
        <Select options={HOURS.map((h) => ({ value: h, label: t('storeShop.hour', { hour: String(h).padStart(2, '0') }) }))} style={{ width: 120 }} />
      </Form.Item>

      <Divider titlePlacement="start">{t('storeShop.section.ordering')}</Divider>
      <Form.Item name="orderTypes" label={t('storeShop.orderTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('storeShop.v.orderTypes') }]}>
        <Checkbox.Group options={[{ value: 'dine_in', label: t('storeShop.dineIn') }, { value: 'takeaway', label: t('storeShop.takeaway') }]} />
      </Form.Item>
      <Form.Item
        name="payMode"
        label={t('storeShop.payMode')}
        dependencies={['orderTypes']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              const types = (getFieldValue('orderTypes') as string[] | undefined) ?? [];
              if (value === 'pay_later' && !types.includes('dine_in')) throw new Error(t('storeShop.v.payLater'));
            },
          }),
        ]}
      >
        <Radio.Group options={[{ value: 'pay_first', label: t('storeShop.payFirst') }, { value: 'pay_later', label: t('storeShop.payLater') }]} />
      </Form.Item>
      <Form.Item label={t('storeShop.pickupRule')} extra={t('storeShop.pickupExample', { examples: pickupExamples(pickup ?? {}).join('，') })}>
        <Space wrap align="start">
          <Form.Item name={['pickupRule', 'prefix']} rules={[{ max: 4, message: t('storeShop.v.pickupPrefix') }]} style={{ marginBottom: 0 }}>
            <Input aria-label={t('storeShop.pickupPrefix')} placeholder={t('storeShop.pickupPrefix')} maxLength={4} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name={['pickupRule', 'start']} rules={[{ required: true, message: t('storeShop.v.pickupStart') }]} style={{ marginBottom: 0 }}>
            <InputNumber aria-label={t('storeShop.pickupStart')} placeholder={t('storeShop.pickupStart')} min={0} max={9999} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <span style={{ lineHeight: '32px' }}>–</span>
          <Form.Item
            name={['pickupRule', 'end']}
            dependencies={[['pickupRule', 'start']]}
            rules={[
              { required: true, message: t('storeShop.v.pickupEnd') },
              ({ getFieldValue }) => ({
                validator: async (_rule, end: number | null) => {
                  const start = getFieldValue(['pickupRule', 'start']) as number | null;
                  if (end != null && start != null && start >= end) throw new Error(t('storeShop.v.pickupOrder'));
                },
              }),
            ]}
            style={{ marginBottom: 0 }}
          >
            <InputNumber aria-label={t('storeShop.pickupEnd')} placeholder={t('storeShop.pickupEnd')} min={1} max={9999} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item
        name={['pickupRule', 'skip']}
        label={t('storeShop.pickupSkip')}
        rules={[{ type: 'array', max: 9, message: t('storeShop.v.pickupSkip') }]}
      >
        <Checkbox.Group options={DIGITS.map((d) => ({ value: d, label: d }))} />
      </Form.Item>
      <Form.Item name="packingFeeMode" label={t('storeShop.packingFeeMode')}>
        <Radio.Group
          options={[
            { value: 'none', label: t('storeShop.packingNone') },
            { value: 'per_order', label: t('storeShop.packingPerOrder') },
            { value: 'per_item', label: t('storeShop.packingPerItem') },
          ]}
        />
      </Form.Item>
      {packingMode && packingMode !== 'none' && (
        <Form.Item
          name="packingFee"
          label={t('storeShop.packingFee')}
          rules={[{ required: true, message: t('storeShop.v.packingFee') }]}
          extra={t(packingMode === 'per_item' ? 'storeShop.packingPerItemHelp' : 'storeShop.packingPerOrderHelp')}
        >
          <InputNumber min={0} max={9_999_999.99} precision={2} prefix="¥" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="notice" label={t('storeShop.notice')} rules={[{ max: 500, message: t('storeShop.v.notice') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount style={{ maxWidth: 640 }} />
      </Form.Item>
      <Form.Item name="sort" label={t('storeShop.sort')}>
        <InputNumber min={-99999} max={99999} precision={0} />
      </Form.Item>
      {canSave && (
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.busy} data-testid="store-save">
              {t('storeShop.save')}
            </Button>
            {onCancel && <Button onClick={onCancel}>{t('resource.cancel')}</Button>}
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}
