import { useMemo } from 'react';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Space, Switch, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { specGroupEndpoints, type SpecGroupRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { OPTIONS_MAX, newSpecForm, optionsProblem, toSpecBody, toSpecForm, type SpecFormValues, type SpecOptionValues } from './form';
import './messages';

export const SPECS_KEY = specGroupEndpoints.create.path;

export interface SpecEditorProps {
  storeId: string;
  /** The group to edit; none: a new one. */
  group?: SpecGroupRecord;
  onClose: () => void;
}

/**
 * One option group (规格): its name, single or multiple choice with the least and most a diner
 * picks, and its options (name, price delta in yuan, default, enabled) in order.
 */
export function SpecEditor({ storeId, group, onClose }: SpecEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SpecFormValues>();
  const initial = useMemo(() => (group ? toSpecForm(group) : newSpecForm()), [group]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const selection = (Form.useWatch('selection', form) as SpecFormValues['selection'] | undefined) ?? initial.selection;
  const options = (Form.useWatch('options', form) as Array<SpecOptionValues | undefined> | undefined) ?? initial.options;

  const save = useAction({
    run: (values: SpecFormValues) => {
      const body = toSpecBody(storeId, values);
      return group ? call(specGroupEndpoints.update, { body: { ...body, id: group.id } }) : call(specGroupEndpoints.create, { body });
    },
    success: group ? 'storeSpec.saved' : 'storeSpec.created',
    invalidates: [[SPECS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields({ recursive: true }).then(
      () => void save.run(form.getFieldsValue(true) as SpecFormValues),
      () => undefined,
    );
  };

  const v = (key: string) => t(`storeSpec.v.${key}`);
  const enabledCount = options.filter((o) => o?.enabled !== false).length;

  return (
    <Drawer
      open
      size={720}
      title={group ? t('storeSpec.editTitle', { name: group.name }) : t('storeSpec.addTitle')}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="spec-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      <Form<SpecFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        name="spec-editor"
        data-testid="spec-form"
        onValuesChange={(changed: Partial<SpecFormValues>) => {
          if (changed.selection === 'single') {
            form.setFieldsValue({ maxSelect: 1, minSelect: Math.min(form.getFieldValue('minSelect') as number, 1) });
          }
          if (changed.options || changed.minSelect !== undefined || changed.maxSelect !== undefined || changed.selection) {
            // The options' rules depend on the choice rule, and the counts on the options.
            void form.validateFields([['options'], 'minSelect', 'maxSelect']).catch(() => undefined);
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('storeSpec.name')}
          rules={[{ required: true, whitespace: true, message: v('name') }, { max: 32, message: v('nameLength') }]}
        >
          <Input maxLength={32} placeholder={t('storeSpec.namePlaceholder')} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="selection" label={t('storeSpec.selection')}>
          <Radio.Group options={[{ value: 'single', label: t('storeSpec.single') }, { value: 'multiple', label: t('storeSpec.multiple') }]} />
        </Form.Item>
        {selection === 'single' ? (
          <Form.Item
            name="minSelect"
            label={t('storeSpec.required')}
            extra={t('storeSpec.requiredHelp')}
            valuePropName="checked"
            getValueProps={(value: number) => ({ checked: value >= 1 })}
            normalize={(checked: boolean) => (checked ? 1 : 0)}
            rules={[{ validator: async (_r, min: number) => { if (min > enabledCount) throw new Error(v('minEnabled')); } }]}
          >
            <Switch aria-label={t('storeSpec.required')} />
          </Form.Item>
        ) : (
          <Space align="start" wrap>
            <Form.Item
              name="minSelect"
              label={t('storeSpec.minSelect')}
              dependencies={['maxSelect']}
              rules={[
                { required: true, message: v('minSelect') },
                ({ getFieldValue }) => ({
                  validator: async (_r, min: number | null) => {
                    if (min == null) return;
                    if (min > (getFieldValue('maxSelect') as number)) throw new Error(v('minMax'));
                    if (min > enabledCount) throw new Error(v('minEnabled'));
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={20} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="maxSelect"
              label={t('storeSpec.maxSelect')}
              rules={[
                { required: true, message: v('maxSelect') },
                {
                  validator: async (_r, max: number | null) => {
                    if (max != null && max > options.length) throw new Error(v('maxOptions'));
                  },
                },
              ]}
            >
              <InputNumber min={1} max={20} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="sort" label={t('storeSpec.sort')}>
          <InputNumber min={-99999} max={99999} precision={0} />
        </Form.Item>
        <Form.Item label={t('storeSpec.options')} required>
          <Form.List
            name="options"
            rules={[
              {
                validator: async (_r, list: Array<Partial<SpecOptionValues>> | undefined) => {
                  const problem = optionsProblem({
                    selection: form.getFieldValue('selection') as SpecFormValues['selection'],
                    maxSelect: form.getFieldValue('maxSelect') as number,
                    options: list,
                  });
                  if (problem) throw new Error(v(problem));
                },
              },
            ]}
          >
            {(fields, { add, remove, move }, { errors }) => (
              <>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  data-testid="spec-options"
                  columns={[
                    {
                      key: 'name',
                      title: t('storeSpec.option.name'),
                      render: (_: unknown, field) => (
                        <Form.Item
                          name={[field.name, 'name']}
                          rules={[{ required: true, whitespace: true, message: v('optionName') }, { max: 32, message: v('optionNameLength') }]}
                          style={{ marginBottom: 0 }}
                        >
                          <Input aria-label={t('storeSpec.option.name')} maxLength={32} placeholder={t('storeSpec.optionPlaceholder')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'priceDelta',
                      title: t('storeSpec.option.priceDelta'),
                      width: 140,
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'priceDelta']} style={{ marginBottom: 0 }}>
                          <InputNumber aria-label={t('storeSpec.option.priceDelta')} min={-9_999_999.99} max={9_999_999.99} precision={2} prefix="¥" style={{ width: '100%' }} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'isDefault',
                      title: t('storeSpec.option.isDefault'),
                      width: 64,
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'isDefault']} valuePropName="checked" style={{ marginBottom: 0 }}>
                          <Checkbox aria-label={t('storeSpec.option.isDefault')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'enabled',
                      title: t('storeSpec.option.enabled'),
                      width: 64,
                      render: (_: unknown, field) => (
                        <Form.Item name={[field.name, 'enabled']} valuePropName="checked" style={{ marginBottom: 0 }}>
                          <Switch size="small" aria-label={t('storeSpec.option.enabled')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'actions',
                      width: 110,
                      render: (_: unknown, field, index: number) => (
                        <Space size={0}>
                          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('storeSpec.option.up')} onClick={() => move(index, index - 1)} />
                          <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} aria-label={t('storeSpec.option.down')} onClick={() => move(index, index + 1)} />
                          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('storeSpec.option.remove')} onClick={() => remove(field.name)} />
                        </Space>
                      ),
                    },
                  ]}
                />
                <Form.ErrorList errors={errors} />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  disabled={fields.length >= OPTIONS_MAX}
                  onClick={() => add({ name: '', priceDelta: 0, isDefault: false, enabled: true })}
                  data-testid="spec-add-option"
                >
                  {t('storeSpec.option.add')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
