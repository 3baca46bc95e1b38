import { useEffect, useRef, useState } from 'react';
import { App, Button, Image, Space, Tag, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DISH_IMAGES_MAX } from '@canteen/contract';
import { uploadImage } from './api';
import './messages';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const EXTENSIONS = /\.(jpe?g|png|webp)$/i;
const MAX_BYTES = 2 * 1024 * 1024;

export interface ImagesFieldProps {
  /** Image URLs (or media keys), the first is the cover. */
  value?: string[];
  onChange?: (images: string[]) => void;
  /** The upload endpoint's path (multipart, field `file`; answers `{ key, url }`). */
  uploadPath: string;
  max?: number;
  disabled?: boolean;
  id?: string;
}

/** Moves the element at `from` to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A dish's or combo's pictures: thumbnails in order (the first marked as the cover), each
 * moved left or right (or dragged) and removed; new pictures are checked by type and size,
 * then uploaded one by one through the shared HTTP client, up to `max`.
 */
export function ImagesField({ value, onChange, uploadPath, max = DISH_IMAGES_MAX, disabled, id }: ImagesFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const images = value ?? [];
  // Uploads finish one after another: each adds to the latest list, not to the one it started with.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  });
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState<number | undefined>();
  const set = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const add = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      const { url } = await uploadImage(uploadPath, file);
      if (latest.current.length < max) {
        set([...latest.current, url]);
        void message.success(t('storeDish.editor.uploaded'));
      }
    } catch {
      /* shown by the HTTP client */
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const room = max - images.length - uploading;
  return (
    <div id={id} data-testid="images-field">
      <Space wrap align="start" size={12}>
        {images.map((src, index) => (
          <div
            key={`${src}-${index}`}
            data-testid={`image-${index}`}
            draggable={!disabled}
            onDragStart={(event) => {
              event.dataTransfer?.setData('text/plain', String(index));
              setDragging(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== undefined) set(moveItem(images, dragging, index));
              setDragging(undefined);
            }}
            onDragEnd={() => setDragging(undefined)}
            style={{ width: 96, border: '1px solid rgba(5, 5, 5, 0.12)', borderRadius: 8, padding: 4, opacity: dragging === index ? 0.5 : 1, cursor: disabled ? undefined : 'grab' }}
          >
            <div style={{ position: 'relative' }}>
              <Image src={src} width={86} height={86} style={{ objectFit: 'cover', borderRadius: 6 }} alt={t('storeDish.editor.images')} />
              {index === 0 && (
                <Tag color="gold" style={{ position: 'absolute', left: 2, top: 2, marginInlineEnd: 0 }}>
                  {t('storeDish.editor.imageCover')}
                </Tag>
              )}
            </div>
            {!disabled && (
              <Space size={0} style={{ width: '100%', justifyContent: 'center' }}>
                <Button type="text" size="small" icon={<ArrowLeftOutlined />} disabled={index === 0} aria-label={t('storeDish.editor.imageLeft')} onClick={() => set(moveItem(images, index, index - 1))} />
                <Button type="text" size="small" icon={<ArrowRightOutlined />} disabled={index === images.length - 1} aria-label={t('storeDish.editor.imageRight')} onClick={() => set(moveItem(images, index, index + 1))} />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('storeDish.editor.imageRemove')} onClick={() => set(images.filter((_, i) => i !== index))} />
              </Space>
            )}
          </div>
        ))}
        {!disabled && (room > 0 || uploading > 0) && (
          <Upload
            accept=".jpg,.jpeg,.png,.webp"
            multiple
            showUploadList={false}
            disabled={room <= 0}
            beforeUpload={(file, list) => {
              if (list.indexOf(file) >= room) {
                if (list.indexOf(file) === room) void message.error(t('storeDish.v.imagesMax', { max }));
                return Upload.LIST_IGNORE;
              }
              if (!TYPES.includes(file.type) && !EXTENSIONS.test(file.name)) {
                void message.error(t('storeDish.v.imageType'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_BYTES) {
                void message.error(t('storeDish.v.imageSize'));
                return Upload.LIST_IGNORE;
              }
              void add(file);
              return false;
            }}
          >
            <button
              type="button"
              data-testid="image-upload"
              style={{
                width: 96, height: 96, border: '1px dashed rgba(5, 5, 5, 0.25)', borderRadius: 8, background: 'transparent', cursor: room > 0 ? 'pointer' : 'default',
                display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 4,
              }}
            >
              {uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}
              <span style={{ fontSize: 12 }}>{t(uploading > 0 ? 'storeDish.editor.uploading' : 'storeDish.editor.upload')}</span>
            </button>
          </Upload>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        {t('storeDish.editor.imagesHelp', { max })}
      </Typography.Text>
    </div>
  );
}
