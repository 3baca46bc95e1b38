import { Badge, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@canteen/contract';
import type { MenuItem } from './search';
import { CoverImage } from '../../../shared/media/CoverImage';
import './messages';

/** The side of a card's picture: fixed, so the grid keeps its place while pictures load. */
export const CARD_IMAGE_SIZE = 64;

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
        <CoverImage src={m.item.image} size={CARD_IMAGE_SIZE} radius={6} testId="cashier-item" />
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
