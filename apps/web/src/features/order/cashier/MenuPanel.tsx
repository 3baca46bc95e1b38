import { forwardRef, useEffect, useRef } from 'react';
import { Badge, Empty, Input, Tag, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderingMenu } from '@canteen/contract';
import type { MenuItem } from './search';
import './messages';

export interface MenuPanelProps {
  menu: OrderingMenu;
  categoryId: string | undefined;
  onCategory: (categoryId: string | undefined) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  items: MenuItem[];
  /** The card Enter adds (moved with ↑↓ in the search box). */
  highlighted: number;
  onHighlight: (index: number) => void;
  onPick: (item: MenuItem) => void;
  /** Keys typed in the search box that belong to the counter (Enter, ↑↓, +, −). */
  onSearchKey: (event: React.KeyboardEvent<HTMLInputElement>) => void;
}

const available = (m: MenuItem) => m.item.available;

/** The menu side of the counter: categories as a side list, dishes and combos as cards, the search above. */
export const MenuPanel = forwardRef<InputRef, MenuPanelProps>(function MenuPanel(props, searchRef) {
  const { menu, categoryId, onCategory, keyword, onKeyword, items, highlighted, onHighlight, onPick, onSearchKey } = props;
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    grid.current?.querySelector(`[data-index="${highlighted}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  const searching = keyword.trim() !== '';

  return (
    <div style={{ display: 'flex', gap: 12, height: '100%', minHeight: 0 }}>
      <nav aria-label={t('orderCashier.title')} data-testid="cashier-categories" style={{ width: 120, flex: 'none', overflowY: 'auto' }}>
        {[{ id: undefined as string | undefined, name: t('orderCashier.menu.all') }, ...menu.categories].map((c) => {
          const active = !searching && c.id === categoryId;
          return (
            <button
              key={c.id ?? 'all'}
              type="button"
              onClick={() => { onKeyword(''); onCategory(c.id); }}
              aria-pressed={active}
              style={{
                display: 'block', width: '100%', textAlign: 'left', padding: '10px 12px', marginBottom: 4, borderRadius: 6, cursor: 'pointer',
                border: 'none', background: active ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'transparent',
                color: active ? 'var(--ant-color-primary, #1677ff)' : 'inherit', fontWeight: active ? 600 : 400,
              }}
            >
              {c.name}
            </button>
          );
        })}
      </nav>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Input.Search
          ref={searchRef}
          allowClear
          value={keyword}
          onChange={(e) => onKeyword(e.target.value)}
          onKeyDown={onSearchKey}
          placeholder={t('orderCashier.menu.search')}
          aria-label={t('orderCashier.menu.search')}
          data-testid="cashier-search"
        />
        {!menu.store.openNow && <Typography.Text type="warning">{t('orderCashier.menu.storeClosed')}</Typography.Text>}
        <div ref={grid} data-testid="cashier-dishes" style={{ flex: 1, overflowY: 'auto', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 10, alignContent: 'start' }}>
          {items.length === 0 && <Empty style={{ gridColumn: '1 / -1' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.menu.empty')} />}
          {items.map((m, index) => {
            const soldOut = !available(m);
            const lit = index === highlighted;
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
                  width: '100%', height: '100%', minHeight: 84, textAlign: 'left', padding: 10, borderRadius: 8, cursor: soldOut ? 'not-allowed' : 'pointer',
                  border: `1px solid ${lit ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
                  boxShadow: lit ? '0 0 0 2px var(--ant-color-primary-bg, #e6f4ff)' : undefined,
                  background: soldOut ? 'var(--ant-color-fill-secondary, #f5f5f5)' : 'var(--ant-color-bg-container, #fff)', opacity: soldOut ? 0.55 : 1,
                  display: 'flex', flexDirection: 'column', justifyContent: 'space-between', gap: 6,
                }}
              >
                <span style={{ fontWeight: 600 }}>{m.item.name}</span>
                <span>
                  <span style={{ color: 'var(--ant-color-error, #cf1322)' }}>{formatFen(m.item.price)}{unit}</span>
                  {m.item.memberPrice != null && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                      {t('orderCashier.menu.memberPrice', { price: formatFen(m.item.memberPrice) })}
                    </Typography.Text>
                  )}
                </span>
                <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                  {m.kind === 'combo' && <Tag color="purple">{t('orderCashier.menu.combo')}</Tag>}
                  {m.kind === 'dish' && m.item.isWeighed && <Tag color="blue">{t('orderCashier.menu.weighed')}</Tag>}
                </span>
              </button>
            );
            return (
              <div key={`${m.kind}-${m.item.id}`}>
                {soldOut ? <Badge.Ribbon text={t('orderCashier.menu.soldOut')} color="gray">{card}</Badge.Ribbon> : card}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});
