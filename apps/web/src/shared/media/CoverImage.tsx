import { useState } from 'react';
import { Image } from 'antd';
import { PictureOutlined } from '@ant-design/icons';

const GREY = 'var(--ant-color-fill-tertiary, rgba(0,0,0,0.04))';

export interface CoverImageProps {
  src: string | null | undefined;
  /** The side of the square, in px: fixed, so a list or grid keeps its place while pictures load. */
  size: number;
  alt?: string;
  radius?: number;
  /** Click to see it large (a list's cell); off where a click means something else (the cashier's card). */
  preview?: boolean;
  /** `<testId>-image` on the picture, `<testId>-noimage` on the grey box. */
  testId?: string;
}

/**
 * A dish's or combo's cover: the picture cropped to a square, loaded when scrolled near, or a grey
 * box with a picture icon when there is none or it fails to load (菜品, 套餐, 收银台).
 */
export function CoverImage({ src, size, alt = '', radius = 4, preview = false, testId }: CoverImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame: React.CSSProperties = { flex: 'none', width: size, height: size, borderRadius: radius, overflow: 'hidden' };
  if (!src || failed === src) {
    return (
      <span
        aria-hidden
        data-testid={testId && `${testId}-noimage`}
        style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: Math.round(size * 0.34), background: GREY, color: 'var(--ant-color-text-quaternary, rgba(0,0,0,0.25))' }}
      >
        <PictureOutlined />
      </span>
    );
  }
  const common = { src, alt, width: size, height: size, onError: () => setFailed(src), 'data-testid': testId && `${testId}-image` };
  if (preview) return <Image {...common} style={{ objectFit: 'cover', borderRadius: radius }} />;
  return <img {...common} loading="lazy" decoding="async" draggable={false} style={{ ...frame, display: 'block', objectFit: 'cover', background: GREY }} />;
}
