import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Popconfirm, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, PlusOutlined, PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaEndpoints, formatFen, tableEndpoints, type AreaRecord, type TableRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { usePermissionCheck } from '../../../shared/session/session';
import { StoreGate } from '../shop/StoreGate';
import { ALL_AREAS, AreaPanel } from './AreaPanel';
import { saveBlob } from '../../../shared/http/save-blob';
import { AREAS_KEY, TABLES_KEY, qrsheetBlob } from './api';
import { QrDialog } from './QrDialog';
import { BatchForm, TableForm } from './TableForms';
import './messages';

function TableCard({ table, showArea, onQr, onEdit, onDelete }: {
  table: TableRecord;
  showArea: boolean;
  onQr: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const can = usePermissionCheck();
  const actions = [
    <Tooltip key="qr" title={t('storeTable.qrcode')}>
      <Button type="text" size="small" icon={<QrcodeOutlined />} aria-label={`${t('storeTable.qrcode')} ${table.code}`} onClick={onQr} />
    </Tooltip>,
  ];
  if (can('store:table:edit')) {
    actions.push(
      <Tooltip key="edit" title={t('storeTable.edit')}>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('storeTable.edit')} ${table.code}`} onClick={onEdit} />
      </Tooltip>,
    );
  }
  if (can('store:table:del')) {
    actions.push(
      <Popconfirm key="del" title={t('storeTable.confirmDeleteTable', { code: table.code })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={onDelete}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('storeTable.delete')} ${table.code}`} />
      </Popconfirm>,
    );
  }
  return (
    <Card
      size="small"
      data-testid={`table-${table.code}`}
      actions={actions}
      styles={{ body: { opacity: table.enabled ? 1 : 0.55 } }}
    >
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        {/* No state here: a table's state is its seating's, on the floor's table map (issue 24). */}
        <Typography.Text strong style={{ fontSize: 20 }}>{table.code}</Typography.Text>
        <Typography.Text type="secondary">
          {t('storeTable.seatsUnit', { n: table.seats })}
          {showArea ? ` · ${table.areaName}` : ''}
        </Typography.Text>
        <Space size={4} wrap>
          {table.minSpend != null && <Tag>{t('storeTable.minSpendShort', { amount: formatFen(table.minSpend) })}</Tag>}
          {!table.enabled && <Tag>{t('storeTable.disabled')}</Tag>}
        </Space>
      </Space>
    </Card>
  );
}

type Dialog =
  | { kind: 'table'; table?: TableRecord }
  | { kind: 'batch' }
  | { kind: 'qr'; table: TableRecord };

function Tables({ storeId, storeName }: { storeId: string; storeName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermissionCheck();
  const [area, setArea] = useState<string>(ALL_AREAS);
  const [dialog, setDialog] = useState<Dialog | undefined>();

  const areas = useQuery({
    queryKey: [AREAS_KEY, 'list', storeId],
    queryFn: () => call(areaEndpoints.page, { query: { storeId, current: 1, size: 1000 } }),
  });
  const tables = useQuery({
    queryKey: [TABLES_KEY, 'list', storeId],
    queryFn: () => call(tableEndpoints.page, { query: { storeId, current: 1, size: 1000 } }),
  });
  const areaList: AreaRecord[] = useMemo(() => areas.data?.records ?? [], [areas.data]);
  const current = areaList.find((a) => a.id === area);
  // A deleted (or another store's) area falls back to all areas.
  const areaId = current?.id;
  const inArea = useMemo(() => (tables.data?.records ?? []).filter((r) => !areaId || r.areaId === areaId), [tables.data, areaId]);
  const shown = inArea;

  const remove = useAction({
    run: (table: TableRecord) => call(tableEndpoints.remove, { params: { id: table.id } }),
    success: 'storeTable.tableDeleted',
    invalidates: [[TABLES_KEY], [AREAS_KEY]],
  });
  const print = useAction({
    run: async () => {
      const hide = message.loading(t('storeTable.printing'), 0);
      try {
        const blob = await qrsheetBlob(storeId, areaId);
        saveBlob(blob, t('storeTable.sheetFile', { store: storeName, area: current?.name ?? t('storeTable.allAreas') }));
      } finally {
        hide();
      }
    },
  });

  if (areas.isPending || tables.isPending) {
    return (
      <Card variant="borderless" data-testid="tables-loading">
        <Skeleton active />
      </Card>
    );
  }

  const noAreas = areaList.length === 0;
  return (
    <Card variant="borderless" data-testid="tables-page">
      <Row gutter={16} wrap={false}>
        <Col flex="220px">
          <AreaPanel storeId={storeId} areas={areaList} total={tables.data?.total ?? 0} selected={areaId ?? ALL_AREAS} onSelect={setArea} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
            <Space wrap>
              {can('store:table:add') && (
                <Button type="primary" icon={<PlusOutlined />} disabled={noAreas} onClick={() => setDialog({ kind: 'table' })} data-testid="table-add">
                  {t('storeTable.addTable')}
                </Button>
              )}
              {can('store:table:add') && (
                <Button icon={<AppstoreAddOutlined />} disabled={noAreas} onClick={() => setDialog({ kind: 'batch' })} data-testid="table-batch">
                  {t('storeTable.batchAdd')}
                </Button>
              )}
              <Button icon={<PrinterOutlined />} disabled={inArea.length === 0} loading={print.busy} onClick={() => void print.run()} data-testid="table-print">
                {t('storeTable.printSheet')}
              </Button>
            </Space>
          </Space>
          {noAreas ? (
            <Empty description={t('storeTable.noAreas')} />
          ) : shown.length === 0 ? (
            <Empty description={t(inArea.length === 0 ? 'storeTable.noTables' : 'storeTable.noMatch')} data-testid="no-tables">
              {inArea.length === 0 && can('store:table:add') && (
                <Button type="primary" icon={<AppstoreAddOutlined />} onClick={() => setDialog({ kind: 'batch' })}>
                  {t('storeTable.batchAdd')}
                </Button>
              )}
            </Empty>
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 12 }} data-testid="table-grid">
              {shown.map((table) => (
                <TableCard
                  key={table.id}
                  table={table}
                  showArea={!areaId}
                  onQr={() => setDialog({ kind: 'qr', table })}
                  onEdit={() => setDialog({ kind: 'table', table })}
                  onDelete={() => remove.run(table)}
                />
              ))}
            </div>
          )}
        </Col>
      </Row>
      {dialog?.kind === 'table' && (
        <TableForm storeId={storeId} areas={areaList} table={dialog.table} areaId={areaId ?? areaList[0]?.id} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'batch' && <BatchForm storeId={storeId} areas={areaList} areaId={areaId ?? areaList[0]?.id} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'qr' && <QrDialog table={dialog.table} onClose={() => setDialog(undefined)} />}
    </Card>
  );
}

/** 桌台: the current store's areas and a grid of their tables with their QR codes. */
export default function TablesPage() {
  return <StoreGate>{(store) => <Tables storeId={store.storeId} storeName={store.storeName} />}</StoreGate>;
}
