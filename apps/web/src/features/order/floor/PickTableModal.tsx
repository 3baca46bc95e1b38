import { useState } from 'react';
import { Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FloorTable } from '@canteen/contract';
import './messages';

/** 转台 / 并台: one table of those offered (free ones, or occupied ones). */
export function PickTableModal({ title, tables, empty, busy, onPick, onClose }: {
  title: string; tables: FloorTable[]; empty: string; busy: boolean; onPick: (tableId: string) => unknown; onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tableId, setTableId] = useState<string>();
  return (
    <Modal open title={title} onCancel={onClose} okText={t('orderFloor.actions.ok')} cancelText={t('orderFloor.actions.cancel')}
      okButtonProps={{ disabled: !tableId, loading: busy, size: 'large' }} cancelButtonProps={{ size: 'large' }} onOk={() => { if (tableId) void onPick(tableId); }}>
      <Select
        size="large" style={{ width: '100%' }} value={tableId} onChange={setTableId} placeholder={t('orderFloor.actions.pickTable')} notFoundContent={empty}
        aria-label={t('orderFloor.actions.pickTable')} data-testid="floor-pick-table" showSearch={{ optionFilterProp: 'label' }}
        options={tables.map((tb) => ({ value: tb.id, label: `${tb.code} · ${t(`orderFloor.states.${tb.state}`)}` }))}
      />
    </Modal>
  );
}
