import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { areaEndpoints, type AreaRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { usePermissionCheck } from '../../../shared/session/session';
import { AREAS_KEY, TABLES_KEY } from './api';
import './messages';

export const ALL_AREAS = 'all';

interface AreaFormValues {
  name: string;
  sort: number;
}

/** Adds or renames an area. */
function AreaForm({ storeId, area, onClose }: { storeId: string; area?: AreaRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AreaFormValues>();
  const initial = useMemo<AreaFormValues>(() => ({ name: area?.name ?? '', sort: area?.sort ?? 0 }), [area]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const save = useAction({
    run: (v: AreaFormValues) => {
      const body = { storeId, name: v.name.trim(), sort: v.sort ?? 0 };
      return area ? call(areaEndpoints.update, { body: { ...body, id: area.id } }) : call(areaEndpoints.create, { body });
    },
    success: area ? 'storeTable.areaSaved' : 'storeTable.areaCreated',
    invalidates: [[AREAS_KEY], [TABLES_KEY]],
    onSuccess: onClose,
  });
  const submit = () => form.validateFields().then((v) => void save.run(v), () => undefined);
  return (
    <Modal
      open
      title={area ? t('storeTable.areaTitleEdit', { name: area.name }) : t('storeTable.areaTitleAdd')}
      onCancel={close}
      onOk={submit}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: save.busy }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="area-form" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('storeTable.areaName')}
          rules={[{ required: true, whitespace: true, message: t('storeTable.v.areaName') }, { max: 32, message: t('storeTable.v.areaNameLength') }]}
        >
          <Input maxLength={32} placeholder={t('storeTable.areaPlaceholder')} />
        </Form.Item>
        <Form.Item name="sort" label={t('storeTable.sort')}>
          <InputNumber min={-99999} max={99999} precision={0} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

export interface AreaPanelProps {
  storeId: string;
  areas: AreaRecord[];
  /** Tables of the whole store (the 全部区域 count). */
  total: number;
  selected: string;
  onSelect: (key: string) => void;
}

/** The store's areas as a side list: all areas, then each with its table count; add, rename, delete. */
export function AreaPanel({ storeId, areas, total, selected, onSelect }: AreaPanelProps) {
  const { t } = useTranslation();
  const can = usePermissionCheck();
  const [editing, setEditing] = useState<{ area?: AreaRecord } | undefined>();
  const remove = useAction({
    run: (area: AreaRecord) => call(areaEndpoints.remove, { params: { id: area.id } }),
    success: 'storeTable.areaDeleted',
    invalidates: [[AREAS_KEY], [TABLES_KEY]],
    onSuccess: (_done, area) => {
      if (selected === area.id) onSelect(ALL_AREAS);
    },
  });
  const item = (key: string, label: string, count: number, area?: AreaRecord) => (
    <li
      key={key}
      data-testid={`area-${key}`}
      aria-selected={selected === key}
      role="option"
      tabIndex={0}
      onClick={() => onSelect(key)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onSelect(key);
      }}
      style={{
        display: 'flex', alignItems: 'center', gap: 4, padding: '6px 8px', borderRadius: 6, cursor: 'pointer',
        background: selected === key ? 'rgba(22, 119, 255, 0.1)' : undefined,
      }}
    >
      <Typography.Text strong={selected === key} ellipsis style={{ flex: 1 }}>{label}</Typography.Text>
      <Typography.Text type="secondary">{count}</Typography.Text>
      {area && can('store:table:edit') && (
        <Tooltip title={t('storeTable.editArea')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('storeTable.editArea')} ${area.name}`}
            onClick={(e) => {
              e.stopPropagation();
              setEditing({ area });
            }}
          />
        </Tooltip>
      )}
      {area && can('store:table:del') && (
        <Popconfirm
          title={t('storeTable.confirmDeleteArea', { name: area.name })}
          okText={t('resource.ok')}
          cancelText={t('resource.cancel')}
          onConfirm={() => remove.run(area)}
          onPopupClick={(e) => e.stopPropagation()}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('storeTable.deleteArea')} ${area.name}`}
            onClick={(e) => e.stopPropagation()}
          />
        </Popconfirm>
      )}
    </li>
  );
  return (
    <div data-testid="area-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong>{t('storeTable.areas')}</Typography.Text>
        {can('store:table:add') && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="area-add">
            {t('storeTable.addArea')}
          </Button>
        )}
      </Space>
      {areas.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeTable.noAreas')} data-testid="no-areas" />
      ) : (
        <ul role="listbox" aria-label={t('storeTable.areas')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {item(ALL_AREAS, t('storeTable.allAreas'), total)}
          {areas.map((a) => item(a.id, a.name, a.tableCount, a))}
        </ul>
      )}
      {editing && <AreaForm storeId={storeId} area={editing.area} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
