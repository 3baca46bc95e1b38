import { describe, expect, it } from 'vitest';
import { comboBodySchema, type ComboRecord } from '@canteen/contract';
import { itemsProblem, ruleOf, toComboBody, toComboForm } from './form';
import { defaultPicks, groupReady, keepValid, signature, step, toggle, totalPrice, type Picks, type PreviewGroup } from './preview';

const item = (key: string, extraPrice = 0, fields: Partial<PreviewGroup['items'][number]> = {}) => ({ key, name: key, quantity: 1, extraPrice, isDefault: false, available: true, ...fields });
const fixed: PreviewGroup = { name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [item('rice')] };
const drink: PreviewGroup = { name: '饮品', kind: 'optional', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [item('cola', 0, { isDefault: true }), item('juice', 300)] };
const sides: PreviewGroup = { name: '小食', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: false, items: [item('fries', 200), item('wings', 500), item('salad', 0, { available: false })] };
const sauces: PreviewGroup = { name: '酱料', kind: 'optional', minChoose: 0, maxChoose: 3, allowRepeat: true, items: [item('chili', 100), item('garlic')] };

describe('the combo preview', () => {
  it('starts from the orderable defaults and prices the combo with the extras picked', () => {
    const groups = [fixed, drink, sides, sauces];
    const picks = defaultPicks(groups);
    expect(picks).toEqual([{}, { cola: 1 }, {}, {}]);
    expect(groups.map((g, i) => groupReady(g, picks[i]))).toEqual([true, true, false, true]);
    expect(totalPrice(3000, groups, picks)).toBe(3000);
    const chosen: Picks = [{}, { juice: 1 }, { fries: 1, wings: 1 }, { chili: 2 }];
    expect(totalPrice(3000, groups, chosen)).toBe(3000 + 300 + 200 + 500 + 200);
  });

  it('picks one of a radio-like group, up to the most of a check-box group, and repeats with steppers', () => {
    expect(toggle(drink, { cola: 1 }, 'juice')).toEqual({ juice: 1 });
    expect(toggle(drink, { cola: 1 }, 'cola')).toEqual({});
    let p = toggle(sides, {}, 'fries');
    p = toggle(sides, p, 'wings');
    expect(toggle(sides, p, 'salad')).toEqual({ fries: 1, wings: 1 });
    let s = step(sauces, {}, 'chili', 1);
    s = step(sauces, s, 'chili', 1);
    s = step(sauces, s, 'garlic', 1);
    expect(step(sauces, s, 'garlic', 1)).toEqual({ chili: 2, garlic: 1 });
    expect(step(sauces, s, 'garlic', -1)).toEqual({ chili: 2 });
  });

  it('keeps picks valid while the combo is edited', () => {
    const seen = [fixed, drink, sides].map(signature);
    const smaller: PreviewGroup = { ...sides, maxChoose: 1, minChoose: 1 };
    expect(keepValid([fixed, drink, smaller], [{}, { juice: 1 }, { fries: 1, wings: 1 }], seen)).toEqual([{}, { juice: 1 }, { fries: 1 }]);
    const changed: PreviewGroup = { ...drink, items: [item('tea', 0, { isDefault: true })] };
    expect(keepValid([fixed, changed], [{}, { juice: 1 }], seen)).toEqual([{}, { tea: 1 }]);
  });

  it('names each rule', () => {
    expect(ruleOf({ minChoose: 2, maxChoose: 2 })).toEqual({ key: 'Exactly', values: { n: 2 } });
    expect(ruleOf({ minChoose: 0, maxChoose: 3 })).toEqual({ key: 'UpTo', values: { max: 3 } });
    expect(ruleOf({ minChoose: 1, maxChoose: 2 })).toEqual({ key: 'Range', values: { min: 1, max: 2 } });
  });
});

describe('combo form values', () => {
  const record: ComboRecord = {
    id: '9', storeId: '1', categoryId: '13', categoryName: '超值套餐', name: '单人餐', images: ['/media/combo/a.png'], description: '', price: 3900, memberPrice: 3500,
    onShelf: true, soldOut: false, sort: 2, available: true, createTime: '', updateTime: '',
    groups: [
      { id: 'g2', name: '饮品', kind: 'optional', minChoose: 1, maxChoose: 1, allowRepeat: false, sort: 1, items: [
        { id: 'i3', dishId: '5', dishName: '奶茶', skuId: '52', skuName: '大杯', quantity: 1, extraPrice: 350, isDefault: true, sort: 0 },
      ] },
      { id: 'g1', name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, sort: 0, items: [
        { id: 'i1', dishId: '1', dishName: '水煮牛肉', skuId: null, skuName: null, quantity: 1, extraPrice: 0, isDefault: false, sort: 0 },
      ] },
    ],
  };

  it('round-trips a combo through the editor values, extras in yuan, groups in order', () => {
    const form = toComboForm(record);
    expect(form.groups.map((g) => g.name)).toEqual(['主食', '饮品']);
    expect(form.groups[1]!.items[0]!.extraPrice).toBe(3.5);
    const body = toComboBody('1', form, '9');
    expect(comboBodySchema.parse(body)).toMatchObject({
      id: '9', price: 3900, memberPrice: 3500, images: ['/media/combo/a.png'],
      groups: [
        { name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, sort: 0, items: [{ dishId: '1', skuId: null, extraPrice: 0 }] },
        { name: '饮品', kind: 'optional', sort: 1, items: [{ dishId: '5', skuId: '52', extraPrice: 350, isDefault: true }] },
      ],
    });
  });

  it('finds what is wrong with a group’s dishes', () => {
    expect(itemsProblem({ kind: 'optional', maxChoose: 1, items: [] })).toBe('items');
    expect(itemsProblem({ kind: 'optional', maxChoose: 2, items: [{ dishId: '1' }, { dishId: '1', skuId: null }] })).toBe('duplicate');
    expect(itemsProblem({ kind: 'optional', maxChoose: 1, items: [{ dishId: '1', isDefault: true }, { dishId: '2', isDefault: true }] })).toBe('tooManyDefaults');
    expect(itemsProblem({ kind: 'fixed', maxChoose: 1, items: [{ dishId: '1', isDefault: true }, { dishId: '2', isDefault: true }] })).toBeNull();
  });
});
