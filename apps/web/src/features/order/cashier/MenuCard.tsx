import { useState } from 'react';
import { Badge, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@canteen/contract';
import type { MenuItem } from './search';
import './messages';

/** The side of a card's picture: fixed, so the grid keeps its place while pictures load. */
export const CARD_IMAGE_SIZE = 64;

const frame: React.CSSProperties = { flex: 'none', width: CARD_IMAGE_SIZE, height: CARD_IMAGE_SIZE, borderRadius: 6, overflow: 'hidden' };

/**
 * The dish's picture as the menu read model gives it (its cover; the server makes no smaller copy, the
 * browser scales it), loaded when scrolled near; a grey box with a picture icon when there is none or it fails.
 */
function CardImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        aria-hidden
        data-testid="cashier-item-noimage"
        style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 22, background: 'var(--ant-color-fill-tertiary, rgba(0,0,0,0.04))', color: 'var(--ant-color-text-quaternary, rgba(0,0,0,0.25))' }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={CARD_IMAGE_SIZE}
      height={CARD_IMAGE_SIZE}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      data-testid="cashier-item-image"
      style={{ ...frame, display: 'block', objectFit: 'cover', background: 'var(--ant-color-fill-tertiary, rgba(0,0,0,0.04))' }}
    />
  );
}

export interface MenuCardProps {
  menuItem: MenuItem;
  index: number;
  /** The card Enter adds. */
  lit: boolean;
  onPick: (item: MenuItem) => void;
  onHighlight: (index: number) => void;
}

const oneLine: React.CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
/** A small tag at the end of the price line (套餐, 称重). */
const tag: React.CSSProperties = { marginInlineStart: 'auto', marginInlineEnd: 0, fontSize: 11, lineHeight: '18px', paddingInline: 4 };

/** One dish or combo of the counter's menu: picture, name, price (and member price), its tags; greyed with a ribbon when sold out. */
export function MenuCard({ menuItem: m, index, lit, onPick, onHighlight }: MenuCardProps) {
  const { t } = useTranslation();
  const soldOut = !m.item.available;
  const unit = m.kind === 'dish' && m.item.isWeighed ? t('orderCashier.menu.perUnit', { unit: m.item.unit }) : '';
  const card = (
    <button
      type="button"
      data-index={index}
      data-testid={`cashier-item-${m.kind}-${m.item.id}`}
      disabled={soldOut}
      aria-disabled={soldOut}
      onClick={() => onPick(m)}
      onMouseEnter={() => onHighlight(index)}
      style={{
        width: '100%', height: '100%', textAlign: 'left', padding: 8, borderRadius: 8, cursor: soldOut ? 'not-allowed' : 'pointer',
        border: `1px solid ${lit ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
        boxShadow: lit ? '0 0 0 2px var(--ant-color-primary-bg, #e6f4ff)' : undefined,
        background: soldOut ? 'var(--ant-color-fill-secondary, #f5f5f5)' : 'var(--ant-color-bg-container, #fff)', opacity: soldOut ? 0.55 : 1,
        display: 'flex', alignItems: 'stretch', gap: 10, color: 'inherit', font: 'inherit',
      }}
    >
      <span style={soldOut ? { filter: 'grayscale(1)' } : undefined}>
        <CardImage src={m.item.image} />
      </span>
      <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
        <span style={{ ...oneLine, fontWeight: 600 }} title={m.item.name}>{m.item.name}</span>
        <span style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
          <span style={{ ...oneLine, flex: 'none', color: 'var(--ant-color-error, #cf1322)', fontWeight: 500 }}>{formatFen(m.item.price)}{unit}</span>
          {m.kind === 'combo' && <Tag color="purple" style={tag}>{t('orderCashier.menu.combo')}</Tag>}
          {m.kind === 'dish' && m.item.isWeighed && <Tag color="blue" style={tag}>{t('orderCashier.menu.weighed')}</Tag>}
        </span>
        <Typography.Text type="secondary" style={{ ...oneLine, fontSize: 12, minHeight: 20 }}>
          {m.item.memberPrice != null && t('orderCashier.menu.memberPrice', { price: formatFen(m.item.memberPrice) })}
        </Typography.Text>
      </span>
    </button>
  );
  return soldOut ? <Badge.Ribbon text={t('orderCashier.menu.soldOut')} color="gray">{card}</Badge.Ribbon> : card;
}
