import { useMemo } from 'react';
import { Alert, App, Button, Card, Checkbox, Col, Divider, Drawer, Empty, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { comboEndpoints, dishEndpoints, yuanToFen, type ComboRecord, type DishRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { CATEGORIES_KEY, DISHES_KEY, MENU_KEY, useCategories } from '../dishes/api';
import { ImagesField } from '../dishes/ImagesField';
import { ComboPreview } from './ComboPreview';
import { GROUPS_MAX, ITEMS_MAX, itemsProblem, newComboForm, newGroup, newItem, toComboBody, toComboForm, type ComboFormValues, type ComboGroupValues, type ComboItemValues } from './form';
import type { PreviewGroup } from './preview';
import './messages';

export const COMBOS_KEY = comboEndpoints.create.path;

export interface ComboEditorProps {
  storeId: string;
  combo?: ComboRecord;
  onClose: () => void;
}

const money = { min: 0, max: 9_999_999.99, precision: 2, prefix: '¥', style: { width: '100%' } } as const;

/** Every live dish of the store (the combo editor's dish picker), in menu order. */
export const useAllDishes = (storeId: string) =>
  useQuery({
    queryKey: [DISHES_KEY, 'all', storeId],
    queryFn: async () => (await call(dishEndpoints.page, { query: { storeId, current: 1, size: 1000 } })).records,
  });

/** The preview's groups from the editor's values: each item named by its dish (and SKU), with whether it can be ordered now. */
export function previewGroups(groups: ReadonlyArray<Partial<ComboGroupValues> | undefined>, dishes: ReadonlyMap<string, DishRecord>): PreviewGroup[] {
  return groups.filter((g): g is Partial<ComboGroupValues> => g !== undefined).map((g) => {
    const seen = new Set<string>();
    const items = (g.items ?? []).filter((i): i is ComboItemValues => i !== undefined).flatMap((item, index) => {
      const dish = item.dishId ? dishes.get(item.dishId) : undefined;
      const sku = dish && item.skuId ? dish.skus.find((s) => s.id === item.skuId) : undefined;
      const key = item.dishId ? `${item.dishId}:${item.skuId ?? ''}` : `new-${index}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{
        key,
        name: dish ? `${dish.name}${sku ? `（${sku.name}）` : ''}` : '',
        quantity: item.quantity ?? 1,
        extraPrice: item.extraPrice == null || Number.isNaN(yuanToFen(item.extraPrice)) ? 0 : yuanToFen(item.extraPrice),
        isDefault: item.isDefault ?? false,
        available: Boolean(dish && dish.onShelf && !dish.soldOut && !sku?.soldOut),
      }];
    });
    const fixed = g.kind === 'fixed';
    return {
      name: g.name ?? '',
      kind: g.kind ?? 'optional',
      minChoose: fixed ? items.length : (g.minChoose ?? 0),
      maxChoose: fixed ? items.length : Math.max(1, g.maxChoose ?? 1),
      allowRepeat: !fixed && (g.allowRepeat ?? false),
      items,
    };
  });
}

/**
 * One combo: its name, category, pictures, price and member price in yuan, switches, and its
 * content, fixed dishes and "choose N of M" groups (each dish, with its size when it has sizes,
 * a quantity, and for optional groups an extra price and a default pick), beside a live preview
 * of what a diner will choose.
 */
export function ComboEditor({ storeId, combo, onClose }: ComboEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComboFormValues>();
  const initial = useMemo(() => (combo ? toComboForm(combo) : newComboForm()), [combo]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const categories = useCategories(storeId, 'combo');
  const dishes = useAllDishes(storeId);
  const dishById = useMemo(() => new Map((dishes.data ?? []).map((d) => [d.id, d])), [dishes.data]);
  const groups = (Form.useWatch('groups', form) as Array<Partial<ComboGroupValues> | undefined> | undefined) ?? initial.groups;
  const name = (Form.useWatch('name', form) as string | undefined) ?? initial.name;
  const price = (Form.useWatch('price', form) as number | null | undefined) ?? initial.price;
  const memberPrice = (Form.useWatch('memberPrice', form) as number | null | undefined) ?? initial.memberPrice;
  const v = (key: string) => t(`storeCombo.v.${key}`);

  const save = useAction({
    run: (values: ComboFormValues) => {
      const body = toComboBody(storeId, values, combo?.id);
      return combo ? call(comboEndpoints.update, { body }) : call(comboEndpoints.create, { body });
    },
    success: combo ? 'storeCombo.editor.saved' : 'storeCombo.editor.created',
    invalidates: [[COMBOS_KEY], [CATEGORIES_KEY], [MENU_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields({ recursive: true }).then(
      () => void save.run({ ...initial, ...(form.getFieldsValue(true) as ComboFormValues) }),
      (error: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        void message.error(v('form'));
        const first = error.errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center' });
      },
    );
  };
  const revalidateGroup = (g: number) =>
    void form.validateFields([['groups', g, 'minChoose'], ['groups', g, 'maxChoose'], ['groups', g, 'items']]).catch(() => undefined);

  const dishOptions = (dishes.data ?? []).map((d) => ({
    value: d.id,
    label: `${d.name}${!d.onShelf ? ` · ${t('storeCombo.editor.item.offShelf')}` : d.soldOut ? ` · ${t('storeCombo.editor.item.soldOut')}` : ''}`,
    title: d.name,
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const groupKind = (g: number) => form.getFieldValue(['groups', g, 'kind']) as ComboGroupValues['kind'];
  const groupItems = (g: number) => (form.getFieldValue(['groups', g, 'items']) as ComboItemValues[] | undefined) ?? [];

  const minRule = (g: number): Rule => ({
    validator: async (_r, min: number | null) => {
      if (groupKind(g) === 'fixed') return;
      if (min == null) throw new Error(v('minChoose'));
      const max = form.getFieldValue(['groups', g, 'maxChoose']) as number | null;
      if (max != null && min > max) throw new Error(v('minMax'));
      if (!form.getFieldValue(['groups', g, 'allowRepeat']) && min > groupItems(g).length) throw new Error(v('minItems'));
    },
  });

  return (
    <Drawer
      open
      size={1200}
      title={combo ? t('storeCombo.editor.editTitle', { name: combo.name }) : t('storeCombo.editor.addTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="combo-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      {categories.isSuccess && categoryOptions.length === 0 && (
        <Alert type="warning" showIcon title={t('storeCombo.noCategory')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={15}>
          <Form<ComboFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} name="combo-editor" data-testid="combo-form">
            <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>{t('storeCombo.editor.basic')}</Divider>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={t('storeCombo.editor.name')} rules={[{ required: true, whitespace: true, message: v('name') }, { max: 64, message: v('nameLength') }]}>
                  <Input maxLength={64} data-testid="combo-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="categoryId" label={t('storeCombo.editor.category')} rules={[{ required: true, message: v('category') }]}>
                  <Select options={categoryOptions} loading={categories.isPending} data-testid="combo-category" aria-label={t('storeCombo.editor.category')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="price" label={t('storeCombo.editor.price')} rules={[{ required: true, message: v('price') }]}>
                  <InputNumber {...money} data-testid="combo-price" aria-label={t('storeCombo.editor.price')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item
                  name="memberPrice"
                  label={t('storeCombo.editor.memberPrice')}
                  tooltip={t('storeCombo.editor.memberPriceHelp')}
                  dependencies={['price']}
                  rules={[({ getFieldValue }) => ({
                    validator: async (_r, member: number | null | undefined) => {
                      const p = getFieldValue('price') as number | null | undefined;
                      if (member != null && p != null && member > p) throw new Error(v('memberPrice'));
                    },
                  })]}
                >
                  <InputNumber {...money} data-testid="combo-member-price" aria-label={t('storeCombo.editor.memberPrice')} />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="onShelf" label={t('storeCombo.editor.onShelf')} valuePropName="checked">
                  <Switch aria-label={t('storeCombo.editor.onShelf')} />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="soldOut" label={t('storeCombo.editor.soldOut')} valuePropName="checked">
                  <Switch aria-label={t('storeCombo.editor.soldOut')} />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="sort" label={t('storeCombo.editor.sort')}>
                  <InputNumber min={-99999} max={99999} precision={0} style={{ width: '100%' }} aria-label={t('storeCombo.editor.sort')} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="images" label={t('storeCombo.editor.images')}>
              <ImagesField uploadPath={comboEndpoints.image.path} />
            </Form.Item>
            <Form.Item name="description" label={t('storeCombo.editor.description')} rules={[{ max: 500, message: v('description') }]}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>

            <Divider titlePlacement="start" plain>{t('storeCombo.editor.content')}</Divider>
            <Typography.Paragraph type="secondary">{t('storeCombo.editor.contentHelp')}</Typography.Paragraph>
            <Form.List
              name="groups"
              rules={[
                {
                  validator: async (_r, list: unknown[] | undefined) => {
                    if (!list || list.length === 0) throw new Error(v('groups'));
                    if (list.length > GROUPS_MAX) throw new Error(v('groupsMax'));
                  },
                },
              ]}
            >
              {(groupFields, { add: addGroup, remove: removeGroup, move: moveGroup }, { errors: groupErrors }) => (
                <>
                  {groupFields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeCombo.editor.noGroups')} />}
                  {groupFields.map((groupField, g) => {
                    // From the form itself: the watched `groups` catch up a task later, so a fixed group
                    // just added would first render as an optional one and then lay its new row out again.
                    const fixed = groupKind(groupField.name) === 'fixed';
                    return (
                      <Card
                        key={groupField.key}
                        size="small"
                        style={{ marginBottom: 12 }}
                        data-testid={`combo-group-${g}`}
                        title={
                          <Space>
                            <Tag color={fixed ? 'blue' : 'purple'}>{t(fixed ? 'storeCombo.editor.group.fixed' : 'storeCombo.editor.group.optional')}</Tag>
                            <span>{t('storeCombo.editor.group.title', { n: g + 1 })}</span>
                          </Space>
                        }
                        extra={
                          <Space size={0}>
                            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={g === 0} aria-label={t('storeCombo.editor.group.up')} onClick={() => moveGroup(g, g - 1)} />
                            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={g === groupFields.length - 1} aria-label={t('storeCombo.editor.group.down')} onClick={() => moveGroup(g, g + 1)} />
                            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('storeCombo.editor.group.remove')} onClick={() => removeGroup(groupField.name)} />
                          </Space>
                        }
                      >
                        <Form.Item name={[groupField.name, 'kind']} hidden>
                          <Input />
                        </Form.Item>
                        <Row gutter={12}>
                          <Col xs={24} md={fixed ? 24 : 9}>
                            <Form.Item
                              name={[groupField.name, 'name']}
                              label={t('storeCombo.editor.group.name')}
                              rules={[{ required: true, whitespace: true, message: v('groupName') }, { max: 32, message: v('groupNameLength') }]}
                            >
                              <Input maxLength={32} aria-label={t('storeCombo.editor.group.name')} />
                            </Form.Item>
                          </Col>
                          {!fixed && (
                            <>
                              <Col xs={8} md={4}>
                                <Form.Item name={[groupField.name, 'minChoose']} label={t('storeCombo.editor.group.minChoose')} rules={[minRule(g)]}>
                                  <InputNumber min={0} max={20} precision={0} style={{ width: '100%' }} aria-label={t('storeCombo.editor.group.minChoose')} onChange={() => revalidateGroup(g)} />
                                </Form.Item>
                              </Col>
                              <Col xs={8} md={4}>
                                <Form.Item name={[groupField.name, 'maxChoose']} label={t('storeCombo.editor.group.maxChoose')} rules={[{ required: true, message: v('maxChoose') }]}>
                                  <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} aria-label={t('storeCombo.editor.group.maxChoose')} onChange={() => revalidateGroup(g)} />
                                </Form.Item>
                              </Col>
                              <Col xs={8} md={7}>
                                <Form.Item name={[groupField.name, 'allowRepeat']} label={t('storeCombo.editor.group.allowRepeat')} valuePropName="checked">
                                  <Switch aria-label={t('storeCombo.editor.group.allowRepeat')} onChange={() => revalidateGroup(g)} />
                                </Form.Item>
                              </Col>
                            </>
                          )}
                        </Row>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t(fixed ? 'storeCombo.editor.group.fixedHelp' : 'storeCombo.editor.group.optionalHelp')}
                        </Typography.Text>
                        <Form.List
                          name={[groupField.name, 'items']}
                          rules={[
                            {
                              validator: async (_r, items: Array<Partial<ComboItemValues> | undefined> | undefined) => {
                                const problem = itemsProblem({ kind: groupKind(g), maxChoose: form.getFieldValue(['groups', g, 'maxChoose']) as number | null, items });
                                if (problem) throw new Error(v(problem));
                              },
                            },
                          ]}
                        >
                          {(itemFields, { add: addItem, remove: removeItem }, { errors: itemErrors }) => (
                            <>
                              <Table
                                size="small"
                                pagination={false}
                                rowKey="key"
                                dataSource={itemFields}
                                data-testid={`combo-items-${g}`}
                                style={{ marginTop: 4 }}
                                columns={[
                                  {
                                    key: 'dish',
                                    title: t('storeCombo.editor.item.dish'),
                                    render: (_: unknown, itemField) => {
                                      // Read now, like the group's kind: the size select shows with the dish that needs it.
                                      const item = form.getFieldValue(['groups', g, 'items', itemField.name]) as Partial<ComboItemValues> | undefined;
                                      const dish = item?.dishId ? dishById.get(item.dishId) : undefined;
                                      return (
                                        <Space.Compact style={{ width: '100%' }}>
                                          <Form.Item name={[itemField.name, 'dishId']} rules={[{ required: true, message: v('dish') }]} style={{ marginBottom: 0, flex: 2, minWidth: 0 }}>
                                            <Select
                                              showSearch={{ optionFilterProp: 'title' }}
                                              options={dishOptions}
                                              loading={dishes.isPending}
                                              placeholder={t('storeCombo.editor.item.dishPlaceholder')}
                                              aria-label={t('storeCombo.editor.item.dish')}
                                              data-testid={`combo-item-dish-${g}-${itemField.name}`}
                                              onChange={() => {
                                                form.setFieldValue(['groups', g, 'items', itemField.name, 'skuId'], null);
                                                revalidateGroup(g);
                                              }}
                                            />
                                          </Form.Item>
                                          {dish && dish.skus.length > 0 && (
                                            <Form.Item
                                              name={[itemField.name, 'skuId']}
                                              rules={[{ required: true, message: v('sku') }]}
                                              style={{ marginBottom: 0, flex: 1, minWidth: 0 }}
                                            >
                                              <Select
                                                options={dish.skus.map((s) => ({ value: s.id, label: s.name, title: s.name }))}
                                                placeholder={t('storeCombo.editor.item.skuPlaceholder')}
                                                aria-label={t('storeCombo.editor.item.sku')}
                                                data-testid={`combo-item-sku-${g}-${itemField.name}`}
                                                onChange={() => revalidateGroup(g)}
                                              />
                                            </Form.Item>
                                          )}
                                        </Space.Compact>
                                      );
                                    },
                                  },
                                  {
                                    key: 'quantity',
                                    title: t('storeCombo.editor.item.quantity'),
                                    width: 90,
                                    render: (_: unknown, itemField) => (
                                      <Form.Item name={[itemField.name, 'quantity']} rules={[{ required: true, message: v('quantity') }]} style={{ marginBottom: 0 }}>
                                        <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} aria-label={t('storeCombo.editor.item.quantity')} />
                                      </Form.Item>
                                    ),
                                  },
                                  ...(fixed
                                    ? []
                                    : [
                                        {
                                          key: 'extraPrice',
                                          title: t('storeCombo.editor.item.extraPrice'),
                                          width: 120,
                                          render: (_: unknown, itemField: { name: number }) => (
                                            <Form.Item name={[itemField.name, 'extraPrice']} style={{ marginBottom: 0 }}>
                                              <InputNumber {...money} aria-label={t('storeCombo.editor.item.extraPrice')} />
                                            </Form.Item>
                                          ),
                                        },
                                        {
                                          key: 'isDefault',
                                          title: t('storeCombo.editor.item.isDefault'),
                                          width: 70,
                                          render: (_: unknown, itemField: { name: number }) => (
                                            <Form.Item name={[itemField.name, 'isDefault']} valuePropName="checked" style={{ marginBottom: 0 }}>
                                              <Checkbox aria-label={t('storeCombo.editor.item.isDefault')} onChange={() => revalidateGroup(g)} />
                                            </Form.Item>
                                          ),
                                        },
                                      ]),
                                  {
                                    key: 'remove',
                                    width: 44,
                                    render: (_: unknown, itemField) => (
                                      <Button
                                        type="text"
                                        size="small"
                                        danger
                                        icon={<DeleteOutlined />}
                                        aria-label={t('storeCombo.editor.item.remove')}
                                        onClick={() => {
                                          removeItem(itemField.name);
                                          revalidateGroup(g);
                                        }}
                                      />
                                    ),
                                  },
                                ]}
                              />
                              <Form.ErrorList errors={itemErrors} />
                              <Button
                                type="dashed"
                                size="small"
                                icon={<PlusOutlined />}
                                style={{ marginTop: 8 }}
                                disabled={itemFields.length >= ITEMS_MAX}
                                onClick={() => addItem(newItem())}
                                data-testid={`combo-add-item-${g}`}
                              >
                                {t('storeCombo.editor.item.add')}
                              </Button>
                            </>
                          )}
                        </Form.List>
                      </Card>
                    );
                  })}
                  <Form.ErrorList errors={groupErrors} />
                  <Space style={{ marginTop: 8 }} wrap>
                    <Button
                      icon={<PlusOutlined />}
                      disabled={groupFields.length >= GROUPS_MAX}
                      onClick={() => addGroup(newGroup('fixed', t('storeCombo.editor.group.fixedName')))}
                      data-testid="combo-add-fixed"
                    >
                      {t('storeCombo.editor.addFixed')}
                    </Button>
                    <Button
                      icon={<PlusOutlined />}
                      disabled={groupFields.length >= GROUPS_MAX}
                      onClick={() => addGroup(newGroup('optional', t('storeCombo.editor.group.optionalName')))}
                      data-testid="combo-add-optional"
                    >
                      {t('storeCombo.editor.addOptional')}
                    </Button>
                  </Space>
                </>
              )}
            </Form.List>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </Col>
        <Col xs={24} lg={9}>
          <div style={{ position: 'sticky', top: 0 }}>
            <ComboPreview
              name={name}
              price={price == null ? 0 : yuanToFen(price)}
              memberPrice={memberPrice == null ? null : yuanToFen(memberPrice)}
              groups={previewGroups(groups, dishById)}
            />
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
