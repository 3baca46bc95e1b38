import { forwardRef, useEffect, useRef } from 'react';
import { Empty, Input, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderingMenu } from '@canteen/contract';
import { MenuCard } from './MenuCard';
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
        {/* Inset like the cards below (their grid keeps room at the edges). */}
        <div style={{ padding: '0 8px 0 2px' }}>
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
        </div>
        {!menu.store.openNow && <Typography.Text type="warning">{t('orderCashier.menu.storeClosed')}</Typography.Text>}
        <div
          ref={grid}
          data-testid="cashier-dishes"
          style={{
            flex: 1, overflowY: 'auto', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8, alignContent: 'start',
            // Room for the highlight's ring and the sold-out ribbon, which reach past a card's edge.
            padding: '2px 8px 2px 2px',
          }}
        >
          {items.length === 0 && <Empty style={{ gridColumn: '1 / -1' }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.menu.empty')} />}
          {items.map((m, index) => (
            <div key={`${m.kind}-${m.item.id}`}>
              <MenuCard menuItem={m} index={index} lit={index === highlighted} onPick={onPick} onHighlight={onHighlight} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});
