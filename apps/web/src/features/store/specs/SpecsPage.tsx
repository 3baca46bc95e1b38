import { useMemo, useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, specGroupEndpoints, type SpecGroupRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type Dict, type ResourceDef } from '../../../shared/resource';
import { StoreGate } from '../shop/StoreGate';
import { SPECS_KEY, SpecEditor } from './SpecEditor';
import './messages';

const SELECTIONS: Dict = [
  { value: 'single', label: 'storeSpec.single', color: 'blue' },
  { value: 'multiple', label: 'storeSpec.multiple', color: 'cyan' },
];

/** 必选 · 选 1 项, 可不选 · 最多选 3 项 … */
function RuleText({ group }: { group: SpecGroupRecord }) {
  const { t } = useTranslation();
  const { minSelect: min, maxSelect: max } = group;
  const count = min === max ? t('storeSpec.chooseExactly', { n: max }) : min === 0 ? t('storeSpec.chooseUpTo', { max }) : t('storeSpec.chooseRange', { min, max });
  return <span>{`${min > 0 ? t('storeSpec.required') : t('storeSpec.optional')} · ${count}`}</span>;
}

function OptionTags({ group }: { group: SpecGroupRecord }) {
  return (
    <Space size={[0, 4]} wrap>
      {[...group.options]
        .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
        .map((o) => (
          <Tag key={o.id} color={o.isDefault ? 'gold' : undefined} style={o.enabled === false ? { textDecoration: 'line-through', opacity: 0.6 } : undefined}>
            {o.name}
            {o.priceDelta ? ` ${o.priceDelta > 0 ? '+' : ''}${formatFen(o.priceDelta)}` : ''}
          </Tag>
        ))}
    </Space>
  );
}

function Specs({ storeId }: { storeId: string }) {
  const [editing, setEditing] = useState<{ group?: SpecGroupRecord } | undefined>();
  const def = useMemo<ResourceDef<SpecGroupRecord>>(
    () => ({
      base: SPECS_KEY,
      defaultSort: { key: 'sort', order: 'ascend' },
      columns: [
        { key: 'name', label: 'storeSpec.name', sortable: true },
        { key: 'selection', label: 'storeSpec.selection', type: 'tag', dict: SELECTIONS },
        { key: 'minSelect', label: 'storeSpec.rule', render: (_v, row) => <RuleText group={row} /> },
        { key: 'options', label: 'storeSpec.options', render: (_v, row) => <OptionTags group={row} /> },
        { key: 'dishCount', label: 'storeSpec.dishCount', render: (v) => <Typography.Text type={v ? undefined : 'secondary'}>{String(v)}</Typography.Text> },
        { key: 'sort', label: 'storeSpec.sort', sortable: true },
        { key: 'createTime', label: 'storeSpec.createTime', type: 'datetime', sortable: true },
      ],
      search: [{ name: 'name', label: 'storeSpec.name', maxLength: 32 }],
      toolbar: [
        { key: 'add', label: 'storeSpec.add', icon: <PlusOutlined />, primary: true, permission: 'store:spec:add', testId: 'spec-add', onClick: () => setEditing({}) },
      ],
      rowActions: [
        { key: 'edit', label: 'storeSpec.edit', permission: 'store:spec:edit', onClick: (row) => setEditing({ group: row }) },
        {
          key: 'delete', label: 'resource.delete', permission: 'store:spec:del', danger: true,
          confirm: 'storeSpec.confirmDelete', success: 'storeSpec.deleted',
          onClick: (row) => call(specGroupEndpoints.remove, { params: { id: row.id } }),
        },
      ],
    }),
    [],
  );
  const query = useMemo(() => ({ storeId }), [storeId]);
  return (
    <>
      <ResourcePage def={def} query={query} testId="spec-page" />
      {editing && <SpecEditor storeId={storeId} group={editing.group} onClose={() => setEditing(undefined)} />}
    </>
  );
}

/** 规格: the current store's reusable option groups (口味, 辣度, 加料 …) that dishes pick from. */
export default function SpecsPage() {
  return <StoreGate>{({ storeId }) => <Specs storeId={storeId} />}</StoreGate>;
}
