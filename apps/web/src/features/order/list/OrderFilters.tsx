import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORDER_SOURCES, ORDER_TYPES, PAY_METHODS } from '@canteen/contract';
import { orderFilterQuery, PHONE_FILTER, type OrderFilterQuery, type OrderFilterValues } from './filters';
import '../messages-list';

/**
 * 订单列表's filters: business dates, order no., member phone, table, type, source and payment
 * method. Selects and dates apply at once; texts on search (Enter or the button).
 */
export function OrderFilters({ onChange }: { onChange: (query: OrderFilterQuery) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderFilterValues>();
  const [phoneWrong, setPhoneWrong] = useState(false);
  const apply = () => {
    const values = form.getFieldsValue();
    const phone = values.phone?.trim();
    const wrong = Boolean(phone) && !PHONE_FILTER.test(phone!);
    setPhoneWrong(wrong);
    if (!wrong) onChange(orderFilterQuery(values));
  };
  const reset = () => {
    form.resetFields();
    setPhoneWrong(false);
    onChange({});
  };
  const select = (name: 'type' | 'source' | 'payMethod', values: readonly string[], labelKey: string, width: number) => (
    <Form.Item name={name} label={t(`orderList.filters.${name}`)}>
      <Select
        allowClear
        placeholder={t('orderList.filters.all')}
        style={{ width }}
        aria-label={t(`orderList.filters.${name}`)}
        data-testid={`order-filter-${name}`}
        options={values.map((value) => ({ value, label: t(`${labelKey}.${value}`) }))}
      />
    </Form.Item>
  );
  return (
    <Form<OrderFilterValues>
      form={form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      onValuesChange={(changed: OrderFilterValues) => {
        if ('dates' in changed || 'type' in changed || 'source' in changed || 'payMethod' in changed) apply();
      }}
      onFinish={apply}
      data-testid="order-filters"
    >
      <Form.Item name="dates" label={t('orderList.filters.dates')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('orderList.filters.dateFrom'), t('orderList.filters.dateTo')]}
          style={{ width: 240 }}
          data-testid="order-filter-dates"
        />
      </Form.Item>
      <Form.Item name="orderNo">
        <Input allowClear maxLength={32} placeholder={t('orderList.filters.orderNo')} aria-label={t('orderList.filters.orderNo')} style={{ width: 170 }} onPressEnter={apply} data-testid="order-filter-no" />
      </Form.Item>
      <Form.Item name="phone">
        <Input allowClear maxLength={11} placeholder={t('orderList.filters.phone')} aria-label={t('orderList.filters.phone')} style={{ width: 190 }} onPressEnter={apply} data-testid="order-filter-phone" />
      </Form.Item>
      <Form.Item name="tableCode">
        <Input allowClear maxLength={16} placeholder={t('orderList.filters.tableCode')} aria-label={t('orderList.filters.tableCode')} style={{ width: 100 }} onPressEnter={apply} data-testid="order-filter-table" />
      </Form.Item>
      {select('type', ORDER_TYPES, 'order.types', 100)}
      {select('source', ORDER_SOURCES, 'order.sources', 110)}
      {select('payMethod', PAY_METHODS, 'order.payMethods', 120)}
      {phoneWrong && (
        <Typography.Text type="danger" style={{ alignSelf: 'center', marginInlineEnd: 8 }} role="alert">{t('orderList.filters.phoneWrong')}</Typography.Text>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="order-search">{t('orderList.filters.search')}</Button>
          <Button icon={<ClearOutlined />} onClick={reset}>{t('orderList.filters.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
