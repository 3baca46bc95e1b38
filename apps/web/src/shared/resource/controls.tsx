import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FormMode, Option } from './types';

/** The choices of a field: its dictionary, its fixed options or its loaded ones. */
export function useOptions(field: FieldDef): { options: Option[]; loading: boolean } {
  const { t } = useTranslation();
  const source = field.options && !Array.isArray(field.options) ? field.options : undefined;
  const query = useQuery({
    queryKey: source?.queryKey ?? ['resource-options', field.name],
    queryFn: () => source!.load(),
    enabled: source !== undefined,
    staleTime: 60_000,
  });
  if (field.dict) return { options: field.dict.map((d) => ({ value: d.value, label: t(d.label) })), loading: false };
  if (Array.isArray(field.options)) return { options: field.options, loading: false };
  return { options: query.data ?? [], loading: query.isLoading && source !== undefined };
}

interface TreeNode {
  value: string;
  title: ReactNode;
  disabled?: boolean;
  children?: TreeNode[];
}
const toTree = (options: Option[]): TreeNode[] =>
  options.map((o) => ({ value: o.value, title: o.label, disabled: o.disabled, children: o.children ? toTree(o.children) : undefined }));

interface ControlProps {
  field: FieldDef;
  mode?: FormMode;
  /** In a search form: no required marks, clearable everything. */
  search?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The antd control of one field type, bound to a Form.Item (value/onChange). */
export function FieldControl({ field, mode, value, onChange, id }: ControlProps) {
  const { t } = useTranslation();
  const { options, loading } = useOptions(field);
  const label = t(field.label);
  const inputPlaceholder = field.placeholder ? t(field.placeholder) : t('resource.inputPlaceholder', { label });
  const selectPlaceholder = field.placeholder ? t(field.placeholder) : t('resource.selectPlaceholder', { label });
  const readOnly = mode !== undefined && field.readOnlyOn === mode;
  const change = (v: unknown) => onChange?.(v);
  const common = { id, disabled: readOnly };
  switch (field.type ?? 'text') {
    case 'textarea':
      return <Input.TextArea {...common} value={value as string} onChange={(e) => change(e.target.value)} placeholder={inputPlaceholder} maxLength={field.maxLength} rows={3} />;
    case 'password':
      return <Input.Password {...common} value={value as string} onChange={(e) => change(e.target.value)} placeholder={inputPlaceholder} maxLength={field.maxLength} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} value={value as number} onChange={change} min={field.min} max={field.max} style={{ width: '100%' }} placeholder={inputPlaceholder} />;
    case 'money':
      // Stored as integer fen, edited in yuan.
      return (
        <InputNumber
          {...common}
          value={typeof value === 'number' ? value / 100 : undefined}
          onChange={(v) => change(typeof v === 'number' ? Math.round(v * 100) : undefined)}
          min={field.min !== undefined ? field.min / 100 : 0}
          precision={2}
          prefix="¥"
          style={{ width: '100%' }}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...common}
          mode={field.type === 'multiSelect' ? 'multiple' : undefined}
          value={value as string}
          onChange={change}
          options={options}
          loading={loading}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={selectPlaceholder}
          style={{ minWidth: 160 }}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          {...common}
          value={value as string}
          onChange={change}
          treeData={toTree(options)}
          loading={loading}
          allowClear
          treeDefaultExpandAll
          placeholder={selectPlaceholder}
          style={{ minWidth: 180 }}
        />
      );
    case 'radio':
      return <Radio.Group {...common} value={value} onChange={(e) => change(e.target.value)} options={options.map((o) => ({ value: o.value, label: o.label }))} />;
    case 'switch': {
      const [on, off] = field.switchValues ?? [true, false];
      return <Switch {...common} checked={value === on} onChange={(checked) => change(checked ? on : off)} />;
    }
    case 'date':
      return (
        <DatePicker
          {...common}
          value={value ? dayjs(value as string) : null}
          onChange={(d: Dayjs | null) => change(d ? d.toISOString() : undefined)}
          placeholder={selectPlaceholder}
        />
      );
    case 'dateRange': {
      const range = Array.isArray(value) ? (value as string[]) : [];
      return (
        <DatePicker.RangePicker
          id={id}
          showTime
          value={range.length === 2 ? [dayjs(range[0]), dayjs(range[1])] : null}
          onChange={(dates) => change(dates?.[0] && dates[1] ? [dates[0].toISOString(), dates[1].toISOString()] : undefined)}
          placeholder={[t('resource.startTime'), t('resource.endTime')]}
        />
      );
    }
    case 'custom':
      return <>{field.render?.({ value, onChange: change, mode, id })}</>;
    default:
      return <Input {...common} value={value as string} onChange={(e) => change(e.target.value)} placeholder={inputPlaceholder} maxLength={field.maxLength} allowClear />;
  }
}
