import { useLayoutEffect } from 'react';
import { Button, Drawer, Form, Modal, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isEmpty } from '@canteen/contract';
import { FieldControl } from './controls';
import { validationText } from './messages';
import type { FieldDef, FormMode, Values } from './types';
import { useCloseGuard } from './useCloseGuard';

const choosing = new Set(['select', 'multiSelect', 'treeSelect', 'radio', 'date', 'dateRange']);

/** The antd rules of a field: required, the contract validator, then its own rules. */
export function fieldRules(field: FieldDef, t: (key: string, options?: Record<string, unknown>) => string): Rule[] {
  const rules: Rule[] = [];
  const label = t(field.label);
  if (field.required && !field.validate) {
    rules.push({ required: true, message: t(choosing.has(field.type ?? 'text') ? 'resource.requiredSelect' : 'resource.required', { label }) });
  }
  if (field.validate) {
    const validate = field.validate;
    rules.push(({ getFieldsValue }) => ({
      // A trigger no control fires: the rule runs on submit (validateFields) only.
      ...(field.validateOn === 'submit' ? { validateTrigger: 'onSubmit' } : {}),
      validator: async (_rule, value: unknown) => {
        if (!field.required && isEmpty(value)) return;
        const message = validate(value, getFieldsValue(true) as Values);
        if (message) throw new Error(validationText(message));
      },
    }));
  }
  // A rule's string message is an i18n key too.
  const own = (field.rules ?? []).map((r) => (typeof r === 'object' && typeof r.message === 'string' ? { ...r, message: t(r.message) } : r));
  return [...rules, ...own];
}

/** The form's fields for one mode, with conditional visibility. */
export function FormFields({ fields, mode }: { fields: FieldDef[]; mode: FormMode }) {
  const { t } = useTranslation();
  return (
    <>
      {fields
        .filter((f) => !f.only || f.only === mode)
        .map((field) => {
          const item = (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(field.label)}
              rules={fieldRules(field, t)}
              extra={field.help ? t(field.help) : undefined}
              required={field.required}
            >
              <FieldControl field={field} mode={mode} />
            </Form.Item>
          );
          if (!field.visible) return item;
          const visible = field.visible;
          return (
            <Form.Item key={field.name} noStyle shouldUpdate>
              {({ getFieldsValue }) => (visible(getFieldsValue(true) as Values) ? item : null)}
            </Form.Item>
          );
        })}
    </>
  );
}

interface ResourceFormProps {
  open: boolean;
  mode: FormMode;
  title: string;
  fields: FieldDef[];
  initialValues: Values;
  saving: boolean;
  formIn: 'modal' | 'drawer';
  width?: number;
  onSubmit: (values: Values) => void;
  onClose: () => void;
}

/** The create/edit form in a modal or a drawer. */
export function ResourceForm({ open, mode, title, fields, initialValues, saving, formIn, width, onSubmit, onClose }: ResourceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { close, filled } = useCloseGuard(form, onClose);
  // Filled in before the opened form is painted: an effect ran after the paint, and what was typed
  // into the empty fields in that moment (a fast hand, a test on a loaded machine) was reset.
  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues);
      filled();
    }
  }, [open, initialValues, form, filled]);
  const submit = () => {
    form.validateFields().then(
      () => onSubmit(form.getFieldsValue(true) as Values),
      () => undefined,
    );
  };
  const body = (
    <Form form={form} layout="vertical" name={`resource-${mode}`} onFinish={submit} data-testid="resource-form">
      <FormFields fields={fields} mode={mode} />
      {/* Enter submits */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
  const footer = (
    <Space>
      <Button onClick={close}>{t('resource.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={submit}>{t('resource.ok')}</Button>
    </Space>
  );
  if (formIn === 'drawer') {
    return (
      <Drawer open={open} title={title} size={width ?? 520} onClose={close} forceRender extra={footer}>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open={open} title={title} width={width ?? 560} onCancel={close} footer={footer} forceRender mask={{ closable: false }}>
      {body}
    </Modal>
  );
}
