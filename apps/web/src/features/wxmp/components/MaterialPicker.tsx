import { useState } from 'react';
import { Button, Empty, Modal, Spin, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PAGE_SIZE } from '@canteen/contract';
import { formatDateTime } from '../../../shared/resource';
import { materialPage, type Material, type MaterialType } from '../api';
import { wxmpKeys } from '../queryKeys';
import { MaterialPager, MaterialWall } from './MaterialWall';
import '../messages';

export interface MaterialPickerProps {
  open: boolean;
  appId: string;
  /** image and news show as a card wall, voice and video as a table. */
  type: MaterialType;
  onSelect: (material: Material) => void;
  onClose: () => void;
}

/** The material picker dialog: one permanent material of a type, 20 a page (10 or 20). */
export function MaterialPicker({ open, appId, type, onSelect, onClose }: MaterialPickerProps) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: MATERIAL_PAGE_SIZE });
  const params = { appId, type, current: paging.current, size: paging.size };
  const page = useQuery({
    queryKey: wxmpKeys.materials.page(params),
    queryFn: () => materialPage(params),
    enabled: open && Boolean(appId),
    placeholderData: keepPreviousData,
  });
  const items = page.data?.items ?? [];
  const choose = (material: Material) => (
    <Button type="primary" size="small" onClick={() => onSelect(material)}>
      {t('wxmp.common.choose')}
    </Button>
  );
  const wall = type === 'image' || type === 'news';
  return (
    <Modal
      open={open}
      title={t('wxmp.picker.title', { type: t(`wxmp.material.${type}`) })}
      width={wall ? 1000 : 800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid={`material-picker-${type}`}>
        {wall ? (
          <Spin spinning={page.isFetching}>{page.isLoading ? <div style={{ minHeight: 120 }} /> : <MaterialWall items={items} actions={choose} />}</Spin>
        ) : (
          <Table<Material>
            rowKey="mediaId"
            size="small"
            loading={page.isFetching}
            dataSource={items}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.common.empty')} /> }}
            columns={[
              { key: 'mediaId', dataIndex: 'mediaId', title: t('wxmp.common.mediaId'), ellipsis: true },
              { key: 'name', dataIndex: type === 'video' ? 'title' : 'name', title: t('wxmp.common.name'), ellipsis: true },
              { key: 'updateTime', dataIndex: 'updateTime', title: t('wxmp.common.updateTime'), render: (v: string | null) => formatDateTime(v) },
              { key: 'actions', title: t('wxmp.common.actions'), render: (_: unknown, row) => choose(row) },
            ]}
          />
        )}
        <MaterialPager
          current={paging.current}
          size={paging.size}
          total={page.data?.totalCount ?? 0}
          onChange={(current, size) => setPaging({ current: size === paging.size ? current : 1, size })}
        />
      </div>
    </Modal>
  );
}
