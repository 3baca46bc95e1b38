import { useMemo, useState } from 'react';
import { Card, Empty, Skeleton, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_STATES, type TableState } from '@canteen/contract';
import { useCurrentStore } from '../../../shared/store/current-store';
import { useFloorRefresh } from '../useFloorRefresh';
import { FLOOR_KEY, useFloor } from './api';
import { STATE_COLOURS, tablesShown } from './state';
import { TableCard } from './TableCard';
import { TablePanel } from './TablePanel';
import { useNow } from './useNow';
import './messages';

/** The legend: each state's colour, name and count; a tap shows only that state (again: all). */
function Legend({ counts, state, onState }: { counts: Partial<Record<TableState, number>>; state: TableState | undefined; onState: (s: TableState | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={8} data-testid="floor-legend">
      {TABLE_STATES.map((s) => (
        <Tag.CheckableTag
          key={s}
          checked={state === s}
          onChange={(on) => onState(on ? s : undefined)}
          data-testid={`floor-legend-${s}`}
          style={{
            minHeight: 44, display: 'inline-flex', alignItems: 'center', padding: '0 14px', fontSize: 14,
            border: `2px solid ${STATE_COLOURS[s].border}`, background: state === s ? STATE_COLOURS[s].border : STATE_COLOURS[s].background,
            color: state === s ? '#fff' : STATE_COLOURS[s].text,
          }}
        >
          {t(`orderFloor.states.${s}`)} {counts[s] ?? 0}
        </Tag.CheckableTag>
      ))}
    </Space>
  );
}

function FloorMap({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const floor = useFloor(storeId);
  // Every floor event (a seating, a kitchen line, an edited plan) reloads the map and an open panel: no reload of the page.
  useFloorRefresh(storeId, [FLOOR_KEY], ['table', 'kitchen', 'plan']);
  const now = useNow();
  const [areaId, setAreaId] = useState('all');
  const [state, setState] = useState<TableState>();
  const [openId, setOpenId] = useState<string>();
  const tables = useMemo(() => tablesShown(floor.data?.tables ?? [], areaId, state), [floor.data, areaId, state]);

  if (floor.isPending) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!floor.data) return <Card variant="borderless"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /></Card>;
  const areas = [...floor.data.areas].sort((a, b) => a.sort - b.sort);
  return (
    <Card variant="borderless" data-testid="floor">
      <Tabs
        activeKey={areaId}
        onChange={setAreaId}
        size="large"
        items={[{ key: 'all', label: t('orderFloor.all') }, ...areas.map((a) => ({ key: a.id, label: a.name }))]}
        tabBarStyle={{ marginBottom: 8 }}
      />
      <Legend counts={floor.data.counts} state={state} onState={setState} />
      {tables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderFloor.empty')} />
      ) : (
        // Columns of at least 150 px: 5–6 cards across on a 1024 px tablet, more on a desktop.
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 12, marginTop: 12 }}>
          {tables.map((table) => <TableCard key={table.id} table={table} now={now} onOpen={(tb) => setOpenId(tb.id)} />)}
        </div>
      )}
      {openId && <TablePanel tableId={openId} floor={floor.data} now={now} onClose={() => setOpenId(undefined)} />}
    </Card>
  );
}

/** 桌台图 (order:floor:index): the current store's tables by area, live. */
export default function TableMapPage() {
  const { t } = useTranslation();
  const { storeId, loading } = useCurrentStore();
  if (loading) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!storeId) return <Card variant="borderless"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderFloor.noStore')} /></Card>;
  return <FloorMap key={storeId} storeId={storeId} />;
}
