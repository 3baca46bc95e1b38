import { useMemo, useState } from 'react';
import { Tag } from 'antd';
import { OrderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoryEndpoints, type CategoryRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { ResourcePage, type Dict, type ResourceDef, type Values } from '../../../shared/resource';
import { StoreGate } from '../shop/StoreGate';
import { SortModal } from './SortModal';
import './messages';

/** Query key prefix of everything read about categories (the list, the reorder dialog). */
export const CATEGORIES_KEY = categoryEndpoints.create.path;

const KINDS: Dict = [
  { value: 'dish', label: 'storeCategory.dish', color: 'blue' },
  { value: 'combo', label: 'storeCategory.combo', color: 'purple' },
];

const bodyOf = (storeId: string, v: Values | CategoryRecord) => ({
  storeId,
  name: typeof v.name === 'string' ? v.name.trim() : '',
  kind: v.kind as CategoryRecord['kind'],
  sort: typeof v.sort === 'number' ? v.sort : 0,
  enabled: v.enabled !== false,
});

/** Every category of the store in its menu order, for the reorder dialog. */
function Reorder({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const all = useQuery({
    queryKey: [CATEGORIES_KEY, 'all', storeId],
    queryFn: () => call(categoryEndpoints.page, { query: { storeId, current: 1, size: 1000, ascs: 'sort' } }),
  });
  const save = useAction({
    run: (ids: string[]) => call(categoryEndpoints.sort, { body: { storeId, ids } }),
    success: 'storeCategory.sorted',
    invalidates: [[CATEGORIES_KEY]],
    onSuccess: onClose,
  });
  const kinds = Object.fromEntries(KINDS.map((k) => [k.value, k]));
  return (
    <SortModal
      title={t('storeCategory.reorderTitle')}
      loading={all.isPending}
      saving={save.busy}
      items={(all.data?.records ?? []).map((c) => ({
        id: c.id,
        label: c.name,
        extra: <Tag color={kinds[c.kind]?.color}>{t(kinds[c.kind]?.label ?? c.kind)}</Tag>,
      }))}
      onSave={(ids) => save.run(ids)}
      onClose={onClose}
    />
  );
}

function Categories({ storeId }: { storeId: string }) {
  const [reordering, setReordering] = useState(false);
  const def = useMemo<ResourceDef<CategoryRecord>>(
    () => ({
      base: CATEGORIES_KEY,
      permissions: { add: 'store:category:add', edit: 'store:category:edit' },
      defaultSort: { key: 'sort', order: 'ascend' },
      columns: [
        { key: 'name', label: 'storeCategory.name', sortable: true },
        { key: 'kind', label: 'storeCategory.kind', type: 'tag', dict: KINDS },
        { key: 'itemCount', label: 'storeCategory.itemCount' },
        { key: 'sort', label: 'storeCategory.sort', sortable: true },
        {
          key: 'enabled',
          label: 'storeCategory.enabled',
          type: 'switch',
          switch: {
            permission: 'store:category:edit',
            update: (row, value) => call(categoryEndpoints.update, { body: { ...bodyOf(storeId, row), enabled: value === true, id: row.id } }),
          },
        },
        { key: 'createTime', label: 'storeCategory.createTime', type: 'datetime', sortable: true },
      ],
      search: [
        { name: 'name', label: 'storeCategory.name', maxLength: 32 },
        { name: 'kind', label: 'storeCategory.kind', type: 'select', dict: KINDS },
      ],
      form: [
        { name: 'name', label: 'storeCategory.name', required: true, maxLength: 32, rules: [{ whitespace: true, message: 'storeCategory.v.name' }] },
        { name: 'kind', label: 'storeCategory.kind', type: 'radio', dict: KINDS, required: true, defaultValue: 'dish', help: 'storeCategory.kindHelp' },
        { name: 'sort', label: 'storeCategory.sort', type: 'number', min: -99999, max: 99999, defaultValue: 0 },
        { name: 'enabled', label: 'storeCategory.enabled', type: 'switch', defaultValue: true },
      ],
      toBody: (values) => bodyOf(storeId, values),
      toolbar: [
        {
          key: 'reorder', label: 'storeCategory.reorder', icon: <OrderedListOutlined />, permission: 'store:category:edit', testId: 'category-reorder',
          onClick: () => setReordering(true),
        },
      ],
      rowActions: [
        {
          key: 'delete', label: 'resource.delete', permission: 'store:category:del', danger: true,
          confirm: 'storeCategory.confirmDelete', success: 'storeCategory.deleted',
          onClick: (row) => call(categoryEndpoints.remove, { params: { id: row.id } }),
        },
      ],
    }),
    [storeId],
  );
  const query = useMemo(() => ({ storeId }), [storeId]);
  return (
    <>
      <ResourcePage def={def} query={query} testId="category-page" />
      {reordering && <Reorder storeId={storeId} onClose={() => setReordering(false)} />}
    </>
  );
}

/** 菜品分类: the current store's categories of dishes and combos, with their menu order. */
export default function CategoriesPage() {
  return <StoreGate>{({ storeId }) => <Categories storeId={storeId} />}</StoreGate>;
}
