import { useMemo } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoryEndpoints, PRINTER_COPIES_MAX, printerEndpoints, printerHostProblem, PAPER_COLUMNS, type PrinterRecord } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { formatDateTime, ResourcePage, type ResourceDef } from '../../shared/resource';
import { BRANDS, PAPERS, SPLITS, STATUS_COLORS, STATUSES, TICKETS, TRIGGERS } from './dicts';
import { printerBody, printerToForm, withEnabled } from './form';
import { JOBS_KEY, PRINTERS_KEY } from './keys';
import { TicketPreviewField } from './TicketPreviewPanel';
import './messages';

/** A printer's status tag, with what the last check said and when. */
export function PrinterStatusTag({ printer }: { printer: Pick<PrinterRecord, 'status' | 'statusMessage' | 'statusCheckedAt'> }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATUS_COLORS[printer.status]} data-testid="printer-status" data-status={printer.status}>{t(`printing.statuses.${printer.status}`)}</Tag>;
  const detail = [printer.statusMessage, printer.statusCheckedAt && `${t('printing.checkedAt')} ${formatDateTime(printer.statusCheckedAt)}`].filter(Boolean).join(' · ');
  return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
}

const isFeie = (v: Record<string, unknown>) => v.brand !== 'escpos';
const printsKitchen = (v: Record<string, unknown>) => Array.isArray(v.tickets) && v.tickets.includes('kitchen');

/** 打印机's first tab: the store's printers with their status, add/edit with the preview, 测试打印. */
export function PrinterList({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const def = useMemo<ResourceDef<PrinterRecord>>(
    () => ({
      base: PRINTERS_KEY,
      permissions: { add: 'store:printer:add', edit: 'store:printer:edit', del: 'store:printer:del' },
      formIn: 'drawer',
      formWidth: 760,
      columns: [
        { key: 'name', label: 'printing.name' },
        { key: 'brand', label: 'printing.brand', type: 'tag', dict: BRANDS },
        {
          key: 'address', label: 'printing.address',
          render: (_, row) => (row.brand === 'feie' ? row.feieSn : `${row.host ?? ''}:${row.port ?? ''}`),
        },
        { key: 'status', label: 'printing.status', render: (_, row) => <PrinterStatusTag printer={row} /> },
        { key: 'paper', label: 'printing.paper', render: (_, row) => `${row.paper}mm` },
        {
          key: 'tickets', label: 'printing.tickets',
          render: (_, row) => (
            <Space size={4} wrap>
              {row.tickets.map((kind) => (
                <Tag key={kind}>{t(`printing.ticketKinds.${kind}`)}{kind === 'kitchen' && row.kitchenSplit === 'dish' ? ` · ${t('printing.splits.dish')}` : ''}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'trigger', label: 'printing.trigger', type: 'tag', dict: TRIGGERS },
        { key: 'copies', label: 'printing.copies' },
        {
          key: 'enabled', label: 'printing.enabled', type: 'switch',
          switch: { permission: 'store:printer:edit', update: (row, value) => call(printerEndpoints.update, { body: withEnabled(row, value === true) }) },
        },
      ],
      search: [
        { name: 'name', label: 'printing.name', maxLength: 32 },
        { name: 'status', label: 'printing.status', type: 'select', dict: STATUSES },
      ],
      form: [
        { name: 'name', label: 'printing.name', required: true, maxLength: 32, rules: [{ whitespace: true, message: 'printing.v.name' }] },
        { name: 'brand', label: 'printing.brand', type: 'radio', dict: BRANDS, required: true, defaultValue: 'feie' },
        { name: 'feieSn', label: 'printing.feieSn', required: true, maxLength: 32, visible: isFeie, rules: [{ whitespace: true, message: 'printing.v.sn' }] },
        // A new 飞鹅 printer needs its key (the cloud adds it with the key); editing, an empty one keeps the saved key.
        { name: 'feieKey', label: 'printing.feieKey', type: 'password', maxLength: 64, visible: isFeie, only: 'create', required: true, rules: [{ whitespace: true, message: 'printing.v.key' }] },
        { name: 'feieKey', label: 'printing.feieKey', type: 'password', maxLength: 64, visible: isFeie, only: 'edit', help: 'printing.feieKeyKeep' },
        {
          name: 'host', label: 'printing.host', required: true, maxLength: 253, visible: (v) => !isFeie(v), help: 'printing.hostHelp',
          rules: [
            { whitespace: true, message: 'printing.v.host' },
            // What the contract refuses without DNS (link-local, metadata, 0.0.0.0, multicast, odd numbers); the server checks the rest after resolving.
            {
              validator: async (_rule, value: unknown) => {
                const problem = typeof value === 'string' ? printerHostProblem(value) : null;
                if (problem) throw new Error(t(`printing.addressProblems.${problem}`));
              },
            },
          ],
        },
        { name: 'port', label: 'printing.port', type: 'number', min: 1, max: 65535, defaultValue: 9100, visible: (v) => !isFeie(v), help: 'printing.portHelp' },
        { name: 'paper', label: 'printing.paper', type: 'radio', dict: PAPERS.map((p) => ({ ...p, label: `${p.label} · ${t('printing.columns', { columns: PAPER_COLUMNS[Number(p.value) as 58 | 80] })}` })), required: true, defaultValue: '58' },
        { name: 'tickets', label: 'printing.tickets', type: 'multiSelect', dict: TICKETS, required: true, defaultValue: ['receipt'] },
        { name: 'kitchenSplit', label: 'printing.kitchenSplit', type: 'radio', dict: SPLITS, defaultValue: 'order', visible: printsKitchen },
        {
          name: 'categoryIds', label: 'printing.categories', type: 'multiSelect', help: 'printing.categoriesHelp', placeholder: 'printing.allCategories', visible: printsKitchen,
          options: {
            queryKey: [categoryEndpoints.create.path, 'printer-options', storeId],
            load: async () => {
              const page = await call(categoryEndpoints.page, { query: { storeId, current: 1, size: 1000, ascs: 'sort' } });
              return page.records.map((c) => ({ value: c.id, label: c.name }));
            },
          },
        },
        { name: 'copies', label: 'printing.copies', type: 'number', min: 1, max: PRINTER_COPIES_MAX, defaultValue: 1, required: true },
        { name: 'trigger', label: 'printing.trigger', type: 'radio', dict: TRIGGERS, required: true, defaultValue: 'on_paid' },
        { name: 'enabled', label: 'printing.enabled', type: 'switch', defaultValue: true },
        { name: 'preview', label: 'printing.preview.title', type: 'custom', render: () => <TicketPreviewField /> },
      ],
      toForm: printerToForm,
      toBody: (values) => printerBody(storeId, values),
      rowActions: [
        {
          key: 'test', label: 'printing.testPrint', permission: 'store:printer:edit', success: 'printing.testPrinted',
          onClick: async (row) => {
            await call(printerEndpoints.test, { params: { id: row.id } });
            // The job log shows the test page at once.
            void queryClient.invalidateQueries({ queryKey: [JOBS_KEY] });
          },
        },
        {
          key: 'status', label: 'printing.checkStatus', success: 'printing.statusChecked',
          onClick: (row) => call(printerEndpoints.status, { params: { id: row.id } }),
        },
      ],
    }),
    [storeId, t, queryClient],
  );
  const query = useMemo(() => ({ storeId }), [storeId]);
  return <ResourcePage def={def} query={query} testId="printer-page" />;
}
