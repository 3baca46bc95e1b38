import { useMemo, useState } from 'react';
import { Alert, Badge, Space, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CoverImage } from '../../../shared/media/CoverImage';
import { useTranslation } from 'react-i18next';
import { categoryEndpoints, comboEndpoints, formatFen, type ComboRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type Dict, type ResourceDef } from '../../../shared/resource';
import { CATEGORIES_KEY, useCategories } from '../dishes/api';
import { StoreGate } from '../shop/StoreGate';
import { COMBOS_KEY, ComboEditor } from './ComboEditor';
import { ruleOf, toComboBody, toComboForm } from './form';
import './messages';

const SHELF: Dict = [
  { value: 'true', label: 'storeCombo.onShelfYes', color: 'green' },
  { value: 'false', label: 'storeCombo.onShelfNo' },
];

/** 主食：米饭 / 饮品：可乐、雪碧 选1 … */
function GroupsSummary({ combo }: { combo: ComboRecord }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0} data-testid={`combo-groups-${combo.id}`}>
      {[...combo.groups].sort((a, b) => a.sort - b.sort).map((g) => {
        const items = g.items.map((i) => `${i.dishName}${i.skuName ? `（${i.skuName}）` : ''}${i.quantity > 1 ? `×${i.quantity}` : ''}`).join('、');
        const rule = ruleOf(g);
        return (
          <Typography.Text key={g.id} style={{ fontSize: 12 }}>
            {g.kind === 'fixed'
              ? t('storeCombo.fixedSummary', { name: g.name, items })
              : t('storeCombo.optionalSummary', { name: g.name, items, rule: t(`storeCombo.rule${rule.key}`, rule.values) })}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

function Combos({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ combo?: ComboRecord } | undefined>();
  const categories = useCategories(storeId, 'combo');
  const def = useMemo<ResourceDef<ComboRecord>>(
    () => ({
      base: COMBOS_KEY,
      defaultSort: { key: 'sort', order: 'ascend' },
      columns: [
        {
          key: 'images',
          label: 'storeCombo.cover',
          width: 72,
          render: (_v, row) =>
            <CoverImage src={row.images[0]} size={48} alt={row.name} preview />,
        },
        { key: 'name', label: 'storeCombo.name', sortable: true, render: (_v, row) => <Typography.Text strong>{row.name}</Typography.Text> },
        { key: 'categoryName', label: 'storeCombo.category' },
        { key: 'price', label: 'storeCombo.price', sortable: true, render: (_v, row) => formatFen(row.price) },
        { key: 'memberPrice', label: 'storeCombo.memberPrice', render: (_v, row) => (row.memberPrice == null ? '—' : formatFen(row.memberPrice)) },
        { key: 'groups', label: 'storeCombo.groups', render: (_v, row) => <GroupsSummary combo={row} /> },
        {
          key: 'available',
          label: 'storeCombo.available',
          render: (_v, row) => (
            <Tooltip title={row.available ? undefined : t('storeCombo.availableHelp')}>
              <Badge status={row.available ? 'success' : 'default'} text={t(row.available ? 'storeCombo.availableYes' : 'storeCombo.availableNo')} data-testid={`combo-available-${row.id}`} />
            </Tooltip>
          ),
        },
        {
          key: 'onShelf',
          label: 'storeCombo.onShelf',
          type: 'switch',
          switch: {
            permission: 'store:combo:edit',
            // The whole combo as it is, with the switch flipped (combos have no batch endpoint).
            update: (row, value) => call(comboEndpoints.update, { body: { ...toComboBody(storeId, toComboForm(row), row.id), onShelf: value === true } }),
          },
        },
        { key: 'sort', label: 'storeCombo.sort', sortable: true },
      ],
      search: [
        { name: 'name', label: 'storeCombo.name', maxLength: 64 },
        {
          name: 'categoryId',
          label: 'storeCombo.category',
          type: 'select',
          options: {
            queryKey: [CATEGORIES_KEY, 'search', storeId, 'combo'],
            load: async () =>
              (await call(categoryEndpoints.page, { query: { storeId, kind: 'combo', current: 1, size: 1000, ascs: 'sort' } })).records.map((c) => ({ value: c.id, label: c.name })),
          },
        },
        { name: 'onShelf', label: 'storeCombo.onShelf', type: 'select', dict: SHELF },
      ],
      toolbar: [
        { key: 'add', label: 'storeCombo.add', icon: <PlusOutlined />, primary: true, permission: 'store:combo:add', testId: 'combo-add', onClick: () => setEditing({}) },
      ],
      rowActions: [
        { key: 'edit', label: 'storeCombo.edit', permission: 'store:combo:edit', onClick: (row) => setEditing({ combo: row }) },
        {
          key: 'delete', label: 'resource.delete', permission: 'store:combo:del', danger: true,
          confirm: 'storeCombo.confirmDelete', success: 'storeCombo.deleted',
          onClick: (row) => call(comboEndpoints.remove, { params: { id: row.id } }),
        },
      ],
    }),
    [storeId, t],
  );
  const query = useMemo(() => ({ storeId }), [storeId]);
  const noCategory = categories.isSuccess && categories.data.length === 0;
  return (
    <>
      <ResourcePage
        def={def}
        query={query}
        testId="combo-page"
        beforeTable={noCategory ? <Alert type="info" showIcon title={t('storeCombo.noCategory')} style={{ marginBottom: 16 }} data-testid="combo-no-category" /> : undefined}
      />
      {editing && <ComboEditor storeId={storeId} combo={editing.combo} onClose={() => setEditing(undefined)} />}
    </>
  );
}

/** 套餐: the current store's combos, their content at a glance, and the combo editor with its preview. */
export default function CombosPage() {
  return <StoreGate>{({ storeId }) => <Combos storeId={storeId} />}</StoreGate>;
}
