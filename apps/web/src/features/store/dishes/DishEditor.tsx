import { useMemo } from 'react';
import { Alert, App, Button, Checkbox, Col, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dishEndpoints, type DishRecord, type StockMode } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { CATEGORIES_KEY, DISHES_KEY, MENU_KEY, SPECS_KEY, useCategories, useSpecGroups } from './api';
import { SKUS_MAX, SPEC_GROUPS_MAX, TAGS_MAX, newDishForm, newSku, skusProblem, toDishBody, toDishForm, type DishFormValues, type SkuValues } from './form';
import { ImagesField } from './ImagesField';
import { SpecGroupsField } from './SpecGroupsField';
import './messages';

/** Combos show their dishes' names and availability: they are read again after a dish changes. */
const COMBOS_KEY = '/store/combo';

export interface DishEditorProps {
  storeId: string;
  /** The dish to edit; none: a new one. */
  dish?: DishRecord;
  /** A new dish's category (the list's category filter). */
  categoryId?: string;
  onClose: () => void;
}

const MONEY_MAX = 9_999_999.99;
const money = { min: 0, max: MONEY_MAX, precision: 2, prefix: '¥', style: { width: '100%' } } as const;
const count = { min: 0, max: 9_999_999, precision: 0, style: { width: '100%' } } as const;

/**
 * One dish: name, category, pictures, description, unit, price and member price in yuan, weighed
 * or not, stock (unlimited, total or daily), sizes (SKUs) each with its own price and stock,
 * option groups picked from 规格 in order, tags, packing fee, order types, sort, and the shelf and
 * sold-out switches. Fields are checked as they are touched and all at once on saving; what the
 * server refuses is shown by the HTTP client.
 */
export function DishEditor({ storeId, dish, categoryId, onClose }: DishEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DishFormValues>();
  const initial = useMemo(() => (dish ? toDishForm(dish) : newDishForm(categoryId)), [dish, categoryId]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const categories = useCategories(storeId, 'dish');
  const specGroups = useSpecGroups(storeId);
  const stockMode = (Form.useWatch('stockMode', form) as StockMode | undefined) ?? initial.stockMode;
  const skus = (Form.useWatch('skus', form) as Array<SkuValues | undefined> | undefined) ?? initial.skus;
  const isWeighed = (Form.useWatch('isWeighed', form) as boolean | undefined) ?? initial.isWeighed;
  const hasSkus = skus.length > 0;
  const v = (key: string) => t(`storeDish.v.${key}`);

  const save = useAction({
    run: (values: DishFormValues) => {
      const body = toDishBody(storeId, values, dish?.id);
      return dish ? call(dishEndpoints.update, { body }) : call(dishEndpoints.create, { body });
    },
    success: dish ? 'storeDish.editor.saved' : 'storeDish.editor.created',
    invalidates: [[DISHES_KEY], [CATEGORIES_KEY], [SPECS_KEY], [COMBOS_KEY], [MENU_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields({ recursive: true }).then(
      () => void save.run({ ...initial, ...(form.getFieldsValue(true) as DishFormValues) }),
      (error: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        void message.error(v('form'));
        const first = error.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  };

  const memberRule = (priceName: (string | number)[], key: string): Rule => ({ getFieldValue }) => ({
    validator: async (_r, member: number | null | undefined) => {
      const price = getFieldValue(priceName) as number | null | undefined;
      if (member != null && price != null && member > price) throw new Error(v(key));
    },
  });

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const noCategory = categories.isSuccess && categoryOptions.length === 0;

  return (
    <Drawer
      open
      size={860}
      title={dish ? t('storeDish.editor.editTitle', { name: dish.name }) : t('storeDish.editor.addTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="dish-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      {noCategory && <Alert type="warning" showIcon title={t('storeDish.noCategory')} style={{ marginBottom: 16 }} data-testid="dish-no-category" />}
      <Form<DishFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        name="dish-editor"
        data-testid="dish-form"
        onValuesChange={(changed: Partial<DishFormValues>) => {
          // The SKUs' stock columns and the dish's member price follow these.
          if (changed.stockMode) void form.validateFields([['skus']], { recursive: true }).catch(() => undefined);
          if (changed.price !== undefined && form.isFieldTouched('memberPrice')) void form.validateFields(['memberPrice']).catch(() => undefined);
        }}
      >
        <Divider titlePlacement="start" plain>{t('storeDish.editor.basic')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('storeDish.editor.name')} rules={[{ required: true, whitespace: true, message: v('name') }, { max: 64, message: v('nameLength') }]}>
              <Input maxLength={64} data-testid="dish-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="categoryId" label={t('storeDish.editor.category')} rules={[{ required: true, message: v('category') }]}>
              <Select options={categoryOptions} loading={categories.isPending} showSearch={{ optionFilterProp: 'label' }} data-testid="dish-category" aria-label={t('storeDish.editor.category')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="images" label={t('storeDish.editor.images')}>
          <ImagesField uploadPath={dishEndpoints.image.path} />
        </Form.Item>
        <Form.Item name="description" label={t('storeDish.editor.description')} rules={[{ max: 500, message: v('description') }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="tags"
          label={t('storeDish.editor.tags')}
          extra={t('storeDish.editor.tagsHelp')}
          rules={[
            {
              validator: async (_r, tags: string[] | undefined) => {
                if ((tags ?? []).length > TAGS_MAX) throw new Error(v('tagsMax'));
                if ((tags ?? []).some((tag) => tag.trim().length > 8)) throw new Error(v('tagLength'));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} aria-label={t('storeDish.editor.tags')} data-testid="dish-tags" />
        </Form.Item>

        <Divider titlePlacement="start" plain>{t('storeDish.editor.sale')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="isWeighed" label={t('storeDish.editor.isWeighed')} valuePropName="checked" tooltip={t('storeDish.editor.isWeighedHelp')}>
              <Switch aria-label={t('storeDish.editor.isWeighed')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="unit" label={t(isWeighed ? 'storeDish.editor.unitWeighed' : 'storeDish.editor.unit')} rules={[{ required: true, whitespace: true, message: v('unit') }, { max: 8, message: v('unitLength') }]}>
              <Input maxLength={8} aria-label={t('storeDish.editor.unit')} />
            </Form.Item>
          </Col>
          {!hasSkus && (
            <>
              <Col xs={12} md={6}>
                <Form.Item name="price" label={t('storeDish.editor.price')} rules={[{ required: true, message: v('price') }]}>
                  <InputNumber {...money} data-testid="dish-price" aria-label={t('storeDish.editor.price')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="memberPrice" label={t('storeDish.editor.memberPrice')} dependencies={['price']} tooltip={t('storeDish.editor.memberPriceHelp')} rules={[memberRule(['price'], 'memberPrice')]}>
                  <InputNumber {...money} data-testid="dish-member-price" aria-label={t('storeDish.editor.memberPrice')} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        {hasSkus && <Typography.Paragraph type="secondary">{t('storeDish.editor.skuPriceFrom')}</Typography.Paragraph>}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="stockMode" label={t('storeDish.editor.stockMode')}>
              <Radio.Group
                optionType="button"
                options={(['unlimited', 'total', 'daily'] as const).map((mode) => ({ value: mode, label: t(`storeDish.editor.${mode}`) }))}
                data-testid="dish-stock-mode"
              />
            </Form.Item>
          </Col>
          {!hasSkus && stockMode === 'total' && (
            <Col xs={12} md={6}>
              <Form.Item name="stock" label={t('storeDish.editor.stock')} rules={[{ required: true, message: v('stock') }]}>
                <InputNumber {...count} data-testid="dish-stock" aria-label={t('storeDish.editor.stock')} />
              </Form.Item>
            </Col>
          )}
          {!hasSkus && stockMode === 'daily' && (
            <>
              <Col xs={12} md={6}>
                <Form.Item name="dailyStock" label={t('storeDish.editor.dailyStock')} rules={[{ required: true, message: v('dailyStock') }]}>
                  <InputNumber {...count} data-testid="dish-daily-stock" aria-label={t('storeDish.editor.dailyStock')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="stock" label={t('storeDish.editor.todayStock')} tooltip={t('storeDish.editor.todayStockHelp')}>
                  <InputNumber {...count} aria-label={t('storeDish.editor.todayStock')} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>

        <Divider titlePlacement="start" plain>{t('storeDish.editor.skus')}</Divider>
        <Typography.Paragraph type="secondary">{t('storeDish.editor.skusHelp')}</Typography.Paragraph>
        <Form.List
          name="skus"
          rules={[
            {
              validator: async (_r, list: Array<Partial<SkuValues> | undefined> | undefined) => {
                const problem = skusProblem(list ?? []);
                if (problem) throw new Error(v(problem));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.length > 0 && (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  data-testid="dish-skus"
                  columns={[
                    {
                      key: 'name',
                      title: t('storeDish.editor.sku.name'),
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: v('skuName') }, { max: 32, message: v('skuNameLength') }]} style={{ marginBottom: 0 }}>
                          <Input maxLength={32} placeholder={t('storeDish.editor.sku.placeholder')} aria-label={t('storeDish.editor.sku.name')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'price',
                      title: t('storeDish.editor.sku.price'),
                      width: 130,
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'price']} rules={[{ required: true, message: v('skuPrice') }]} style={{ marginBottom: 0 }}>
                          <InputNumber {...money} aria-label={t('storeDish.editor.sku.price')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'memberPrice',
                      title: t('storeDish.editor.sku.memberPrice'),
                      width: 130,
                      render: (_: unknown, field) => (
                        <Form.Item
                          name={[field.name, 'memberPrice']}
                          dependencies={[['skus', field.name, 'price']]}
                          rules={[memberRule(['skus', field.name, 'price'], 'skuMemberPrice')]}
                          style={{ marginBottom: 0 }}
                        >
                          <InputNumber {...money} aria-label={t('storeDish.editor.sku.memberPrice')} />
                        </Form.Item>
                      ),
                    },
                    ...(stockMode === 'unlimited'
                      ? []
                      : [
                          {
                            key: 'stock',
                            title: t(stockMode === 'total' ? 'storeDish.editor.sku.stock' : 'storeDish.editor.sku.dailyStock'),
                            width: 110,
                            render: (_: unknown, field: { name: number }) => (
                              <Form.Item
                                name={[field.name, stockMode === 'total' ? 'stock' : 'dailyStock']}
                                rules={[{ required: true, message: v(stockMode === 'total' ? 'skuStock' : 'skuDailyStock') }]}
                                style={{ marginBottom: 0 }}
                              >
                                <InputNumber {...count} aria-label={t(stockMode === 'total' ? 'storeDish.editor.sku.stock' : 'storeDish.editor.sku.dailyStock')} />
                              </Form.Item>
                            ),
                          },
                        ]),
                    {
                      key: 'soldOut',
                      title: t('storeDish.editor.sku.soldOut'),
                      width: 60,
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'soldOut']} valuePropName="checked" style={{ marginBottom: 0 }}>
                          <Checkbox aria-label={t('storeDish.editor.sku.soldOut')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'remove',
                      width: 48,
                      render: (_: unknown, field) => (
                        <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('storeDish.editor.sku.remove')} onClick={() => remove(field.name)} />
                      ),
                    },
                  ]}
                />
              )}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                disabled={fields.length >= SKUS_MAX}
                onClick={() => add(newSku())}
                data-testid="dish-add-sku"
              >
                {t('storeDish.editor.sku.add')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start" plain>{t('storeDish.editor.options')}</Divider>
        <Form.Item
          name="specGroupIds"
          label={t('storeDish.editor.specGroups')}
          extra={t('storeDish.editor.specGroupsHelp')}
          rules={[{ validator: async (_r, ids: string[] | undefined) => { if ((ids ?? []).length > SPEC_GROUPS_MAX) throw new Error(v('specGroupsMax')); } }]}
        >
          <SpecGroupsField groups={specGroups.data ?? []} loading={specGroups.isPending} />
        </Form.Item>

        <Divider titlePlacement="start" plain>{t('storeDish.editor.more')}</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="packingFee" label={t('storeDish.editor.packingFee')}>
              <InputNumber {...money} aria-label={t('storeDish.editor.packingFee')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort" label={t('storeDish.editor.sort')} tooltip={t('storeDish.editor.sortHelp')}>
              <InputNumber min={-99999} max={99999} precision={0} style={{ width: '100%' }} aria-label={t('storeDish.editor.sort')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="orderTypes" label={t('storeDish.editor.orderTypes')} rules={[{ required: true, type: 'array', min: 1, message: v('orderTypes') }]}>
              <Checkbox.Group options={[{ value: 'dine_in', label: t('storeDish.editor.dineIn') }, { value: 'takeaway', label: t('storeDish.editor.takeaway') }]} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="onShelf" label={t('storeDish.editor.onShelf')} valuePropName="checked">
              <Switch aria-label={t('storeDish.editor.onShelf')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={18}>
            <Form.Item name="soldOut" label={t('storeDish.editor.soldOut')} valuePropName="checked" extra={t('storeDish.editor.soldOutHelp')}>
              <Switch aria-label={t('storeDish.editor.soldOut')} />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
