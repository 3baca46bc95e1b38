import { describe, expect, it } from 'vitest';
import { ORDER_LINE_QUANTITY_MAX, orderLineInputSchema, type MenuCombo, type MenuDish } from '@canteen/contract';
import { addLine, cartEstimate, changeQuantity, cartCount, countOf, lineEstimate, QUANTITY_MAX, quantityText, toDinerCart } from './cart';
import { changeComboItem, comboChoices, dishNeedsPicker, comboProblem, comboUnitPrice, defaultComboChoice, defaultDishChoice, dishProblem, dishSpecText, dishUnitPrice, toggleOption } from './choices';
import { translator } from './i18n';

const t = translator('zh');
const option = (id: string, name: string, priceDelta = 0, isDefault = false) => ({ id, name, priceDelta, isDefault });
const dish: MenuDish = {
  id: '1', name: '辣子鸡', image: null, images: [], description: '', unit: '份', price: 3800, memberPrice: null, isWeighed: false, tags: [], packingFee: 0,
  orderTypes: ['dine_in', 'takeaway'], available: true, stock: null,
  skus: [{ id: '11', name: '小份', price: 2800, memberPrice: null, available: true, stock: null }, { id: '12', name: '大份', price: 3800, memberPrice: null, available: false, stock: 0 }],
  specGroups: [
    { id: '21', name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, options: [option('211', '微辣'), option('212', '特辣')] },
    { id: '22', name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 2, options: [option('221', '加蛋', 200, true), option('222', '加肉', 500), option('223', '加菜', 100)] },
  ],
};
const combo: MenuCombo = {
  id: '3', name: '单人餐', image: null, images: [], description: '', price: 4800, memberPrice: null, available: true,
  groups: [
    { id: '31', name: '主菜', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [{ id: '311', dishId: '1', skuId: null, name: '回锅肉', quantity: 1, extraPrice: 0, isDefault: true, available: true }] },
    { id: '32', name: '饮品', kind: 'optional', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [
      { id: '321', dishId: '5', skuId: null, name: '可乐', quantity: 1, extraPrice: 0, isDefault: false, available: true },
      { id: '322', dishId: '6', skuId: null, name: '奶茶', quantity: 1, extraPrice: 300, isDefault: false, available: true },
    ] },
    { id: '33', name: '小吃', kind: 'optional', minChoose: 2, maxChoose: 3, allowRepeat: true, items: [
      { id: '331', dishId: '7', skuId: null, name: '薯条', quantity: 1, extraPrice: 100, isDefault: false, available: true },
      { id: '332', dishId: '8', skuId: null, name: '鸡块', quantity: 1, extraPrice: 0, isDefault: false, available: false },
    ] },
  ],
};

describe('the dish picker\'s rules', () => {
  it('starts on the first orderable SKU and the default options, and names a required group left empty', () => {
    const choice = defaultDishChoice(dish);
    expect(choice).toEqual({ skuId: '11', optionIds: ['221'] });
    expect(dishProblem(dish, choice, t)).toBe('请选择辣度');
    const spicy = toggleOption(dish, choice, '21', '212');
    expect(dishProblem(dish, spicy, t)).toBeUndefined();
    expect(dishUnitPrice(dish, spicy)).toBe(3000);
    expect(dishSpecText(dish, spicy)).toBe('小份/特辣/加蛋');
    expect(dishProblem(dish, { ...spicy, skuId: '12' }, t)).toBe('辣子鸡（大份）已售罄');
  });

  it('swaps within a single-choice group and stops a multiple one at its max', () => {
    let choice = toggleOption(dish, { skuId: '11', optionIds: [] }, '21', '211');
    choice = toggleOption(dish, choice, '21', '212');
    expect(choice.optionIds).toEqual(['212']);
    for (const id of ['221', '222', '223']) choice = toggleOption(dish, choice, '22', id);
    expect(choice.optionIds).toEqual(['212', '221', '222']);
    choice = toggleOption(dish, choice, '22', '221');
    expect(choice.optionIds).toEqual(['212', '222']);
  });
});

describe('the combo picker\'s rules', () => {
  it('counts each optional group against its min and max, with repeats where allowed', () => {
    let choice = defaultComboChoice(combo);
    expect(comboProblem(combo, choice, t)).toBe('请选择饮品');
    choice = changeComboItem(combo, choice, '32', '321', 1);
    choice = changeComboItem(combo, choice, '32', '322', 1);
    expect(choice).toEqual({ 322: 1 });
    choice = changeComboItem(combo, choice, '33', '331', 1);
    expect(comboProblem(combo, choice, t)).toBe('小吃至少选2项');
    choice = changeComboItem(combo, choice, '33', '331', 1);
    choice = changeComboItem(combo, choice, '33', '331', 1);
    choice = changeComboItem(combo, choice, '33', '331', 1);
    expect(choice).toEqual({ 322: 1, 331: 3 });
    expect(changeComboItem(combo, choice, '33', '332', 1)).toBe(choice);
    expect(comboProblem(combo, choice, t)).toBeUndefined();
    expect(comboUnitPrice(combo, choice)).toBe(4800 + 300 + 300);
    expect(comboChoices(choice)).toEqual([{ comboItemId: '322', quantity: 1 }, { comboItemId: '331', quantity: 3 }]);
  });
});

describe('the cart', () => {
  it('merges the same choices into one line, drops a line at 0 and sends choices, never prices', () => {
    const line = { kind: 'dish' as const, itemId: '1', skuId: '11', optionIds: ['212', '221'], choices: [], name: '辣子鸡', specText: '小份/特辣/加蛋', unitPrice: 3000 };
    let cart = addLine([], line);
    cart = addLine(cart, { ...line, optionIds: ['221', '212'] }, 2);
    cart = addLine(cart, { ...line, optionIds: ['211'] });
    expect(cart.map((l) => l.quantity)).toEqual([3, 1]);
    expect(cartCount(cart)).toBe(4);
    expect(countOf(cart, 'dish', '1')).toBe(4);
    cart = changeQuantity(cart, cart[1]!.key, -1);
    expect(cart).toHaveLength(1);
    expect(toDinerCart(cart, 'takeaway', ' 少辣 ')).toEqual({
      type: 'takeaway', remark: '少辣', lines: [{ kind: 'dish', itemId: '1', skuId: '11', optionIds: ['212', '221'], choices: [], quantity: 3 }],
    });
  });

  it('keeps a weighed dish as its weight: half-unit steps, one piece whatever it weighs, priced unit price × weight as the server rounds', () => {
    const fish = { kind: 'dish' as const, itemId: '9', optionIds: [], choices: [], name: '清蒸鲈鱼', specText: '', unitPrice: 6800, weighed: true, unit: '斤' };
    let cart = addLine([], fish, 1.5);
    cart = addLine(cart, { kind: 'dish', itemId: '1', optionIds: [], choices: [], name: '米饭', specText: '', unitPrice: 300 }, 2);
    expect(cartCount(cart)).toBe(3);
    expect(countOf(cart, 'dish', '9')).toBe(1);
    expect(quantityText(cart[0]!)).toBe('1.5斤');
    expect(quantityText(cart[1]!)).toBe('2');
    cart = changeQuantity(cart, cart[0]!.key, 1);
    expect(cart[0]!.quantity).toBe(2);
    cart = changeQuantity(cart, cart[0]!.key, -3);
    expect(cart[0]!.quantity).toBe(0.5);
    expect(cartEstimate(cart)).toBe(3400 + 600);
    // Half-up to the fen, once per line (the server's lineAmountOf).
    expect(lineEstimate(3333, 1.5)).toBe(5000);
    expect(lineEstimate(3333, 0.125)).toBe(417);
    const sent = toDinerCart(cart, 'dine_in', '');
    expect(sent.lines[0]).toEqual({ kind: 'dish', itemId: '9', optionIds: [], choices: [], quantity: 0.5 });
    expect(orderLineInputSchema.parse(sent.lines[0]).quantity).toBe(0.5);
    expect(changeQuantity(cart, cart[0]!.key, -1)).toHaveLength(1);
    expect(QUANTITY_MAX).toBe(ORDER_LINE_QUANTITY_MAX);
    expect(dishNeedsPicker({ ...dish, skus: [], specGroups: [], isWeighed: true, unit: '斤' })).toBe(true);
    expect(dishNeedsPicker({ ...dish, skus: [], specGroups: [] })).toBe(false);
  });
});
