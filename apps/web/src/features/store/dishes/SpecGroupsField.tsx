import { Button, Empty, Select, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type SpecGroupRecord } from '@canteen/contract';
import { moveItem } from './ImagesField';
import { SPEC_GROUPS_MAX } from './form';
import './messages';

export interface SpecGroupsFieldProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  groups: SpecGroupRecord[];
  loading?: boolean;
  id?: string;
}

/** The option groups a dish offers, picked from the store's 规格, in the order a diner meets them. */
export function SpecGroupsField({ value, onChange, groups, loading, id }: SpecGroupsFieldProps) {
  const { t } = useTranslation();
  const ids = value ?? [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  const options = (g: SpecGroupRecord) =>
    g.options.filter((o) => o.enabled !== false).map((o) => (o.priceDelta ? `${o.name}+${formatFen(o.priceDelta)}` : o.name)).join(' / ');
  return (
    <div data-testid="dish-spec-groups">
      <Select
        id={id}
        mode="multiple"
        value={ids}
        loading={loading}
        onChange={(next: string[]) => onChange?.(next)}
        optionFilterProp="label"
        placeholder={t('storeDish.editor.specGroups')}
        options={groups.map((g) => ({ value: g.id, label: g.name, disabled: !ids.includes(g.id) && ids.length >= SPEC_GROUPS_MAX }))}
        notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeDish.editor.specGroupsEmpty')} />}
        style={{ width: '100%' }}
        aria-label={t('storeDish.editor.specGroups')}
      />
      {ids.length > 0 && (
        <ol style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }} data-testid="dish-spec-order">
          {ids.map((groupId, index) => {
            const group = byId.get(groupId);
            return (
              <li key={groupId} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
                <span style={{ minWidth: 20 }}>{index + 1}.</span>
                <Tag color="blue">{group?.name ?? groupId}</Tag>
                <Typography.Text type="secondary" ellipsis style={{ flex: 1, fontSize: 12 }}>
                  {group ? options(group) : ''}
                </Typography.Text>
                <Space size={0}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('storeDish.editor.specUp')} onClick={() => onChange?.(moveItem(ids, index, index - 1))} />
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === ids.length - 1} aria-label={t('storeDish.editor.specDown')} onClick={() => onChange?.(moveItem(ids, index, index + 1))} />
                  <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('storeDish.editor.specRemove')} onClick={() => onChange?.(ids.filter((x) => x !== groupId))} />
                </Space>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
