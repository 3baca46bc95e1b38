import type { ReactNode } from 'react';
import { Empty, Pagination, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PAGE_SIZES } from '@canteen/contract';
import type { Material } from '../api';
import { NewsPreview, THUMB_SIZE } from './NewsPreview';
import '../messages';

/** Image and news materials as a card wall: image thumbnails 100px high, news previews 300px wide. */
export function MaterialWall({ items, actions }: { items: Material[]; actions: (material: Material) => ReactNode }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.common.empty')} />;
  return (
    <div className="wxmp-wall" data-testid="material-wall" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
      {items.map((material) =>
        material.type === 'news' ? (
          <div key={material.mediaId} data-testid="material-card" data-media-id={material.mediaId}>
            <NewsPreview articles={material.content?.articles ?? []} footer={actions(material)} />
          </div>
        ) : (
          <div
            key={material.mediaId}
            data-testid="material-card"
            data-media-id={material.mediaId}
            style={{ width: 160, border: '1px solid #e5e5e5', borderRadius: 6, padding: 8, background: '#fff' }}
          >
            <div style={{ height: THUMB_SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa' }}>
              {material.url && <img src={material.url} alt={material.name ?? ''} style={{ maxWidth: '100%', height: THUMB_SIZE, objectFit: 'contain' }} />}
            </div>
            <Typography.Text ellipsis={{ tooltip: material.name }} style={{ display: 'block', margin: '6px 0 2px', fontSize: 12 }}>
              {material.name}
            </Typography.Text>
            <div style={{ textAlign: 'center' }}>{actions(material)}</div>
          </div>
        ),
      )}
    </div>
  );
}

/** The material lists' pager: 20 a page by default, 10 or 20. */
export function MaterialPager({ current, size, total, onChange }: { current: number; size: number; total: number; onChange: (current: number, size: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pagination
      style={{ marginTop: 16, textAlign: 'right', justifyContent: 'flex-end' }}
      current={current}
      pageSize={size}
      total={total}
      showSizeChanger
      pageSizeOptions={MATERIAL_PAGE_SIZES.map(String)}
      showTotal={(n) => t('wxmp.common.total', { total: n })}
      onChange={onChange}
    />
  );
}
