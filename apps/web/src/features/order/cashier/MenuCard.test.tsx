import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuCombo, MenuDish } from '@canteen/contract';
import { renderWithApp } from '../../../../test/render';
import { CARD_IMAGE_SIZE, MenuCard } from './MenuCard';
import type { MenuItem } from './search';

const dish = (fields: Partial<MenuDish> = {}): MenuItem => ({
  kind: 'dish',
  categoryId: '101',
  item: {
    id: '11', name: '辣子鸡', image: '/media/dish/lazi.png', images: ['/media/dish/lazi.png'], description: '', unit: '份', price: 3800, memberPrice: 3400,
    isWeighed: false, tags: [], packingFee: 0, orderTypes: ['dine_in', 'takeaway'], available: true, stock: null, skus: [], specGroups: [], ...fields,
  },
});
const combo = (fields: Partial<MenuCombo> = {}): MenuItem => ({
  kind: 'combo',
  categoryId: '109',
  item: { id: '31', name: '双人套餐', image: null, images: [], description: '', price: 12800, memberPrice: null, available: true, groups: [], ...fields },
});

const renderCard = (menuItem: MenuItem) => {
  const onPick = vi.fn();
  const onHighlight = vi.fn();
  renderWithApp(<MenuCard menuItem={menuItem} index={3} lit={false} onPick={onPick} onHighlight={onHighlight} />);
  return { card: screen.getByTestId(`cashier-item-${menuItem.kind}-${menuItem.item.id}`), onPick, onHighlight };
};

describe('MenuCard (a dish card of 收银台)', () => {
  it("shows the dish's picture from the menu read model in a fixed, lazily loaded square, with its name and prices", async () => {
    const { card, onPick, onHighlight } = renderCard(dish());
    const image = within(card).getByTestId('cashier-item-image');
    expect(image).toHaveAttribute('src', '/media/dish/lazi.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', String(CARD_IMAGE_SIZE));
    expect(image).toHaveAttribute('height', String(CARD_IMAGE_SIZE));
    expect(image).toHaveStyle({ width: `${CARD_IMAGE_SIZE}px`, height: `${CARD_IMAGE_SIZE}px`, objectFit: 'cover' });
    // The picture is decoration: the card is named by the dish, as before.
    expect(image).toHaveAttribute('alt', '');
    expect(card).toHaveAccessibleName('辣子鸡 ¥38.00 会员 ¥34.00');
    expect(within(card).queryByTestId('cashier-item-noimage')).not.toBeInTheDocument();

    await userEvent.click(card);
    expect(onPick).toHaveBeenCalledWith(dish());
    fireEvent.mouseEnter(card);
    expect(onHighlight).toHaveBeenCalledWith(3);
    expect(card).toHaveAttribute('data-index', '3');
  });

  it('shows a placeholder of the same size when the dish has no picture', () => {
    const { card } = renderCard(combo());
    const placeholder = within(card).getByTestId('cashier-item-noimage');
    expect(placeholder).toHaveStyle({ width: `${CARD_IMAGE_SIZE}px`, height: `${CARD_IMAGE_SIZE}px` });
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).queryByTestId('cashier-item-image')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('双人套餐');
    expect(card).toHaveTextContent('¥128.00');
    expect(card).toHaveTextContent('套餐');
  });

  it('falls back to the placeholder when the picture cannot be loaded', () => {
    const { card } = renderCard(dish({ id: '12', name: '酸菜鱼', image: '/media/dish/gone.png' }));
    fireEvent.error(within(card).getByTestId('cashier-item-image'));
    expect(within(card).getByTestId('cashier-item-noimage')).toBeInTheDocument();
    expect(within(card).queryByTestId('cashier-item-image')).not.toBeInTheDocument();
  });

  it('keeps a sold-out dish disabled under its ribbon, picture and all', () => {
    const { card, onPick } = renderCard(dish({ available: false }));
    expect(card).toBeDisabled();
    expect(within(card).getByTestId('cashier-item-image')).toBeInTheDocument();
    expect(card.closest('.ant-ribbon-wrapper')).toHaveTextContent('已售罄');
    fireEvent.click(card);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('prices a weighed dish per unit and tags it', () => {
    const { card } = renderCard(dish({ id: '13', name: '鲜活鲈鱼', isWeighed: true, unit: '斤', price: 6800, memberPrice: null, image: null }));
    expect(card).toHaveTextContent('¥68.00/斤');
    expect(card).toHaveTextContent('称重');
    expect(within(card).getByTestId('cashier-item-noimage')).toBeInTheDocument();
  });
});
