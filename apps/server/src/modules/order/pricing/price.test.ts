import { describe, expect, it } from 'vitest';
import type { MenuDish, OrderingMenu } from '@canteen/contract';
import { catalogueOf } from './catalogue.js';
import { levelDiscountOf, lineAmountOf, priceCart, type ParsedLine } from './price.js';

const dish = (id: string, name: string, fields: Partial<MenuDish> = {}): MenuDish => ({
  id, name, image: null, images: [], description: '', unit: '份', price: 1000, memberPrice: null, isWeighed: false, tags: [], packingFee: 0,
  orderTypes: ['dine_in', 'takeaway'], available: true, stock: null, skus: [], specGroups: [], ...fields,
});

const menu = (store: Partial<OrderingMenu['store']> = {}): OrderingMenu => ({
  store: { id: '1', name: '店', logo: null, notice: '', openNow: true, isOpen: true, nextOpenAt: null, timeZone: 'Asia/Shanghai', orderTypes: ['dine_in', 'takeaway'], payMode: 'pay_first', packingFeeMode: 'per_item', packingFee: 200, ...store },
  version: 1,
  categories: [
    {
      id: '10', name: '热菜', kind: 'dish', combos: [],
      dishes: [
        dish('100', '鱼', { price: 3333, isWeighed: true, unit: '斤', packingFee: 150 }),
        dish('101', '汤', { price: 999, memberPrice: 800, packingFee: 100, stock: 7 }),
        dish('102', '面', { price: 1500, stock: null, skus: [{ id: '900', name: '大碗', price: 1800, memberPrice: null, available: true, stock: 4 }],
          specGroups: [{ id: '50', name: '浇头', selection: 'multiple', minSelect: 0, maxSelect: 3, options: [
            { id: '51', name: '牛肉', priceDelta: 600, isDefault: false }, { id: '52', name: '青菜', priceDelta: -2000, isDefault: false },
          ] }] }),
      ],
    },
    {
      id: '20', name: '套餐', kind: 'combo', dishes: [],
      combos: [{
        id: '200', name: '双人餐', images: [], image: null, description: '', price: 8800, memberPrice: null, available: true,
        groups: [
          { id: '60', name: '汤', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [{ id: '61', dishId: '101', skuId: null, name: '汤', quantity: 2, extraPrice: 0, isDefault: true, available: true }] },
          { id: '70', name: '主食', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: true, items: [{ id: '71', dishId: '102', skuId: '900', name: '面（大碗）', quantity: 1, extraPrice: 300, isDefault: false, available: true }] },
        ],
      }],
    },
  ],
});

const line = (fields: Partial<ParsedLine> & Pick<ParsedLine, 'itemId'>): ParsedLine => ({ kind: 'dish', quantity: 1, ...fields });

describe('amounts', () => {
  it('rounds half-up to the fen once per line (three-decimal quantities)', () => {
    expect(lineAmountOf(3333, 1.5)).toBe(5000); // 4999.5 → 5000
    expect(lineAmountOf(3333, 0.001)).toBe(3); // 3.333 → 3
    expect(lineAmountOf(999, 3)).toBe(2997);
    expect(levelDiscountOf(2997, 88)).toBe(360); // 2997 × 0.88 = 2637.36 → 2637; 360 off
    expect(levelDiscountOf(2997, 100)).toBe(0);
  });
});

describe('pricing a cart', () => {
  const catalogue = catalogueOf(menu());

  it('member price where there is one, the level rate elsewhere (never both), and never below zero', () => {
    const priced = priceCart(catalogue, {
      type: 'dine_in', member: { levelRate: 90 },
      lines: [line({ itemId: '101', quantity: 3 }), line({ itemId: '100', quantity: 1.5 }), line({ itemId: '102', skuId: '900', optionIds: ['52'] })],
    });
    expect(priced.lines.map((l) => [l.name, l.unitPrice, l.lineAmount, l.discountAmount])).toEqual([
      ['汤', 800, 2400, 0],
      ['鱼', 3333, 5000, 500],
      ['面', 0, 0, 0], // 18 − 20 → 0, not negative
    ]);
    expect(priced).toMatchObject({ goodsAmount: 7400, memberDiscount: 500, packingFee: 0, itemCount: 5.5 });
  });

  it('packing fees: per item on takeaway (a weighed line one container, a combo its dishes), per order, none on dine-in', () => {
    const lines = [line({ itemId: '100', quantity: 2.5 }), line({ itemId: '101', quantity: 2 }), line({ kind: 'combo', itemId: '200', quantity: 1, choices: [{ comboItemId: '71', quantity: 2 }] })];
    expect(priceCart(catalogue, { type: 'takeaway', member: null, lines }).packingFee).toBe(150 + 200 + 200);
    expect(priceCart(catalogueOf(menu({ packingFeeMode: 'per_order' })), { type: 'takeaway', member: null, lines }).packingFee).toBe(200);
    expect(priceCart(catalogueOf(menu({ packingFeeMode: 'none' })), { type: 'takeaway', member: null, lines }).packingFee).toBe(0);
    expect(priceCart(catalogue, { type: 'dine_in', member: null, lines }).packingFee).toBe(0);
  });

  it('packing fees per item: a dish (or combo) without a fee of its own is charged the store\'s, on its line and in the total', () => {
    // 面 has no fee of its own: ¥2.00 (the store's) for each of 3; 汤 keeps its own ¥1.00.
    const priced = priceCart(catalogue, { type: 'takeaway', member: null, lines: [line({ itemId: '102', skuId: '900', quantity: 3 }), line({ itemId: '101', quantity: 1 })] });
    expect(priced.lines.map((l) => l.packingFee)).toEqual([600, 100]);
    expect(priced.packingFee).toBe(700);
    const withoutOwn = catalogueOf({ ...menu(), categories: menu().categories.map((c) => ({ ...c, dishes: c.dishes.map((d) => ({ ...d, packingFee: 0 })) })) });
    const combo = priceCart(withoutOwn, { type: 'takeaway', member: null, lines: [line({ kind: 'combo', itemId: '200', quantity: 2, choices: [{ comboItemId: '71', quantity: 2 }] })] });
    expect(combo.packingFee).toBe(2 * 200);
  });

  it('a combo: its price plus the extras of the choices, fixed and chosen items as child lines, stock of each counted dish', () => {
    const priced = priceCart(catalogue, {
      type: 'dine_in', member: null,
      lines: [line({ kind: 'combo', itemId: '200', quantity: 2, choices: [{ comboItemId: '71', quantity: 2 }] }), line({ itemId: '101' }), line({ itemId: '102', skuId: '900' })],
    });
    const [combo] = priced.lines;
    expect([combo!.unitPrice, combo!.lineAmount, combo!.specText]).toEqual([9400, 18800, '面（大碗）×2']);
    expect(combo!.children.map((c) => [c.name, c.quantity, c.specText])).toEqual([['汤', 4, ''], ['面（大碗）', 4, '+¥3.00']]);
    // Added up per dish and SKU, dishes before SKUs.
    expect(priced.stock.map((s) => [s.dishId, s.skuId, s.quantity, s.name])).toEqual([['101', null, 5, '汤'], ['102', '900', 5, '面（大碗）']]);
  });

  it('refuses an order type the store does not take', () => {
    expect(() => priceCart(catalogueOf(menu({ orderTypes: ['dine_in'] })), { type: 'takeaway', member: null, lines: [line({ itemId: '101' })] })).toThrow('本店不支持外带');
    expect(() => priceCart(catalogue, { type: 'dine_in', member: null, lines: [line({ itemId: '404' })] })).toThrow('该菜品已下架');
    expect(() => priceCart(catalogue, { type: 'dine_in', member: null, lines: [line({ itemId: '404' })], offMenuNames: new Map([['dish:404', '辣子鸡']]) })).toThrow('辣子鸡已下架');
  });
});
