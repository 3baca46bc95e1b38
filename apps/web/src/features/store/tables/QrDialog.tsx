import { useState } from 'react';
import { Button, Modal, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tableEndpoints, type TableRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { saveBlob } from '../../../shared/http/save-blob';
import { TABLES_KEY, qrcodeBlob } from './api';
import './messages';

/** A blob as a data: URL (nothing to revoke afterwards; a QR PNG is a few kilobytes). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

/**
 * One table's QR code: the PNG (fetched with the bearer token), its ordering address, download,
 * and 重新生成二维码 after a warning that the old stickers stop working.
 */
export function QrDialog({ table: given, onClose }: { table: TableRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const canEdit = usePermission('store:table:edit');
  const [table, setTable] = useState(given);
  // The address carries the token: a new token is a new picture.
  const png = useQuery({
    queryKey: [TABLES_KEY, 'qrcode', table.id, table.orderUrl],
    queryFn: async () => {
      const blob = await qrcodeBlob(table.id);
      return { blob, src: await dataUrlOf(blob) };
    },
    staleTime: Infinity,
  });
  const src = png.data?.src;
  const regenerate = useAction({
    run: () => call(tableEndpoints.regenerateToken, { params: { id: table.id } }),
    success: 'storeTable.regenerated',
    onSuccess: (next) => setTable(next),
    invalidates: [[TABLES_KEY, 'list']],
  });
  return (
    <Modal open title={t('storeTable.qrTitle', { code: table.code })} onCancel={onClose} footer={null} destroyOnHidden width={420}>
      <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 260 }}>
        {png.isError ? (
          <Result status="warning" title={t('storeTable.qrFailed')} subTitle={png.error instanceof Error ? png.error.message : undefined} />
        ) : src ? (
          <img src={src} width={240} height={240} alt={t('storeTable.qrTitle', { code: table.code })} data-testid="qr-image" />
        ) : (
          <Spin tip={t('storeTable.qrLoading')}><div style={{ width: 240, height: 240 }} /></Spin>
        )}
      </div>
      <Typography.Paragraph type="secondary" copyable={{ text: table.orderUrl }} ellipsis style={{ textAlign: 'center' }} data-testid="qr-url">
        {t('storeTable.orderUrl')}：{table.orderUrl}
      </Typography.Paragraph>
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        <Button icon={<DownloadOutlined />} disabled={!png.data} onClick={() => png.data && saveBlob(png.data.blob, `${table.areaName}-${table.code}.png`)} data-testid="qr-download">
          {t('storeTable.downloadPng')}
        </Button>
        {canEdit && (
          <Popconfirm title={t('storeTable.confirmRegenerate')} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => regenerate.run()}>
            <Button danger icon={<ReloadOutlined />} loading={regenerate.busy} data-testid="qr-regenerate">
              {t('storeTable.regenerate')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Modal>
  );
}
