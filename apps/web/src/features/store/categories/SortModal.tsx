import { useState, type ReactNode } from 'react';
import { Button, Empty, Modal, Skeleton, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './messages';

export interface SortItem {
  id: string;
  label: ReactNode;
  extra?: ReactNode;
}

export interface SortModalProps {
  title: ReactNode;
  items: SortItem[];
  loading?: boolean;
  saving?: boolean;
  onSave: (ids: string[]) => unknown;
  onClose: () => void;
}

/** Moves the element at `from` to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Reorders rows: drag a row by its handle, or move it with the up / down / top buttons (keyboard
 * users); 保存 sends the ids in their new order.
 */
export function SortModal({ title, items, loading, saving, onSave, onClose }: SortModalProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<SortItem[] | undefined>();
  const [dragging, setDragging] = useState<number | undefined>();
  const list = order ?? items;
  const move = (from: number, to: number) => setOrder(moved(list, from, to));
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void onSave(list.map((i) => i.id))}
      okText={t('storeCategory.sorting.save')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: saving, disabled: order === undefined }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('storeCategory.sorting.help')}</Typography.Paragraph>
      {loading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resource.empty')} />
      ) : (
        <ol data-testid="sort-list" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 480, overflow: 'auto' }}>
          {list.map((item, index) => (
            <li
              key={item.id}
              draggable
              data-testid={`sort-row-${item.id}`}
              style={{
                display: 'flex', alignItems: 'center', gap: 8, padding: '6px 8px', cursor: 'grab',
                borderBottom: '1px solid rgba(5, 5, 5, 0.06)', opacity: dragging === index ? 0.5 : 1,
              }}
              onDragStart={(event) => {
                event.dataTransfer?.setData('text/plain', item.id);
                setDragging(index);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                if (dragging !== undefined && dragging !== index) {
                  move(dragging, index);
                  setDragging(index);
                }
              }}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(undefined);
              }}
              onDragEnd={() => setDragging(undefined)}
            >
              <HolderOutlined style={{ color: '#999' }} />
              <span style={{ minWidth: 28 }}>{index + 1}.</span>
              <Space style={{ flex: 1 }}>
                <span>{item.label}</span>
                {item.extra}
              </Space>
              <Button type="text" size="small" icon={<VerticalAlignTopOutlined />} disabled={index === 0} aria-label={t('storeCategory.sorting.top')} title={t('storeCategory.sorting.top')} onClick={() => move(index, 0)} />
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('storeCategory.sorting.up')} title={t('storeCategory.sorting.up')} onClick={() => move(index, index - 1)} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={index === list.length - 1} aria-label={t('storeCategory.sorting.down')} title={t('storeCategory.sorting.down')} onClick={() => move(index, index + 1)} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
