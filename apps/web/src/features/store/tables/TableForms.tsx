import { useMemo } from 'react';
import { Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fenToYuan, TABLE_BATCH_MAX, tableEndpoints, yuanToFen, type AreaRecord, type TableRecord,
} from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { AREAS_KEY, TABLES_KEY, batchCodes } from './api';
import './messages';

const CODE = /^[A-Za-z0-9-]+$/;
const PREFIX = /^[A-Za-z0-9-]*$/;

interface TableFormValues {
  areaId?: string;
  code: string;
  seats: number;
  /** Yuan; empty: none. */
  minSpend: number | null;
  enabled: boolean;
  sort: number;
}

const areaOptions = (areas: AreaRecord[]) => areas.map((a) => ({ value: a.id, label: a.name }));

/** Adds or edits one table. */
export function TableForm({ storeId, areas, table, areaId, onClose }: { storeId: string; areas: AreaRecord[]; table?: TableRecord; areaId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TableFormValues>();
  const initial = useMemo<TableFormValues>(() => (table
    ? { areaId: table.areaId, code: table.code, seats: table.seats, minSpend: table.minSpend == null ? null : Number(fenToYuan(table.minSpend)), enabled: table.enabled, sort: table.sort }
    : { areaId, code: '', seats: 4, minSpend: null, enabled: true, sort: 0 }), [table, areaId]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const save = useAction({
    run: (v: TableFormValues) => {
      const body = {
        storeId, areaId: v.areaId!, code: v.code.trim(), seats: v.seats, minSpend: v.minSpend == null ? null : yuanToFen(v.minSpend),
        enabled: v.enabled, sort: v.sort ?? 0,
      };
      return table ? call(tableEndpoints.update, { body: { ...body, id: table.id } }) : call(tableEndpoints.create, { body });
    },
    success: table ? 'storeTable.tableSaved' : 'storeTable.tableCreated',
    invalidates: [[TABLES_KEY], [AREAS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => form.validateFields().then(() => void save.run(form.getFieldsValue(true) as TableFormValues), () => undefined);
  return (
    <Modal
      open
      title={table ? t('storeTable.tableTitleEdit', { code: table.code }) : t('storeTable.tableTitleAdd')}
      onCancel={close}
      onOk={submit}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: save.busy }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="table-form" initialValues={initial} onFinish={submit}>
        <Form.Item name="areaId" label={t('storeTable.area')} rules={[{ required: true, message: t('storeTable.v.area') }]}>
          <Select options={areaOptions(areas)} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('storeTable.code')}
          rules={[
            { required: true, whitespace: true, message: t('storeTable.v.code') },
            { pattern: CODE, message: t('storeTable.v.codeFormat') },
            { max: 16, message: t('storeTable.v.codeLength') },
          ]}
        >
          <Input maxLength={16} placeholder="A01" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="seats" label={t('storeTable.seats')} rules={[{ required: true, message: t('storeTable.v.seats') }]}>
            <InputNumber min={1} max={99} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="minSpend" label={t('storeTable.minSpend')}>
            <InputNumber min={0} max={9_999_999.99} precision={2} prefix="¥" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="enabled" label={t('storeTable.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label={t('storeTable.sort')}>
            <InputNumber min={-99999} max={99999} precision={0} />
          </Form.Item>
        </Space>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

interface BatchValues {
  areaId?: string;
  prefix: string;
  from: number | null;
  to: number | null;
  digits: number;
  seats: number;
}

/** Creates a run of tables in one go: prefix + numbers from..to zero-padded (A01–A20). */
export function BatchForm({ storeId, areas, areaId, onClose }: { storeId: string; areas: AreaRecord[]; areaId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchValues>();
  const values = Form.useWatch([], form) as Partial<BatchValues> | undefined;
  const codes = batchCodes(values ?? {});
  const initial = useMemo<Partial<BatchValues>>(() => ({ areaId, prefix: 'A', from: 1, to: 20, digits: 2, seats: 4 }), [areaId]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const save = useAction({
    run: (v: BatchValues) =>
      call(tableEndpoints.batch, { body: { storeId, areaId: v.areaId!, prefix: v.prefix.trim(), from: v.from!, to: v.to!, digits: v.digits, seats: v.seats } }),
    success: (out) => t('storeTable.batch.created', { count: out.created }),
    invalidates: [[TABLES_KEY], [AREAS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => form.validateFields().then(() => void save.run(form.getFieldsValue(true) as BatchValues), () => undefined);
  return (
    <Modal
      open
      title={t('storeTable.batch.title')}
      onCancel={close}
      onOk={submit}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: save.busy }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="table-batch"
        initialValues={initial}
        onFinish={submit}
      >
        <Form.Item name="areaId" label={t('storeTable.area')} rules={[{ required: true, message: t('storeTable.v.area') }]}>
          <Select options={areaOptions(areas)} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="prefix"
            label={t('storeTable.batch.prefix')}
            rules={[{ pattern: PREFIX, message: t('storeTable.v.prefix') }, { max: 8, message: t('storeTable.v.prefixLength') }]}
          >
            <Input maxLength={8} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="from" label={t('storeTable.batch.from')} rules={[{ required: true, message: t('storeTable.v.from') }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('storeTable.batch.to')}
            dependencies={['from']}
            rules={[
              { required: true, message: t('storeTable.v.to') },
              ({ getFieldValue }) => ({
                validator: async (_r, to: number | null) => {
                  const from = getFieldValue('from') as number | null;
                  if (to == null || from == null) return;
                  if (from > to) throw new Error(t('storeTable.v.order'));
                  if (to - from >= TABLE_BATCH_MAX) throw new Error(t('storeTable.v.tooMany', { max: TABLE_BATCH_MAX }));
                },
              }),
            ]}
          >
            <InputNumber min={0} max={9999} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="digits" label={t('storeTable.batch.digits')} rules={[{ required: true, message: t('storeTable.v.digits') }]}>
            <InputNumber min={1} max={4} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="seats" label={t('storeTable.batch.seats')} rules={[{ required: true, message: t('storeTable.v.seats') }]}>
            <InputNumber min={1} max={99} precision={0} style={{ width: 110 }} />
          </Form.Item>
        </Space>
        {codes.length > 0 && codes.length <= TABLE_BATCH_MAX && (
          <Typography.Paragraph type="secondary" data-testid="batch-preview">
            {t('storeTable.batch.preview', { first: codes[0], last: codes.at(-1), count: codes.length })}
          </Typography.Paragraph>
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
