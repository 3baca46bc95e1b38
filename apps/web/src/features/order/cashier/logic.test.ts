import { describe, expect, it } from 'vitest';
import { orderCartSchema, type MenuCombo, type MenuDish, type OrderRecord } from '@canteen/contract';
import { addLine, changeQuantity, emptyDraft, lineNamedBy, toOrderCart, type CartLine } from './cart';
import { changeComboItem, comboLine, comboProblems, defaultComboChoice, defaultDishChoice, dishLine, dishProblems, isSingleChoice, toggleOption } from './picker';
import { collectedBy, dueOf, isSettled, payBody, quickTenders } from './pay';
import { matchesName, pinyinInitials } from './search';

const dish = (fields: Partial<MenuDish> = {}): MenuDish => ({
  id: '11', name: '辣子鸡', image: null, images: [], description: '', unit: '份', price: 3800, memberPrice: null, isWeighed: false, tags: [], packingFee: 0,
  orderTypes: ['dine_in', 'takeaway'], available: true, stock: null, skus: [], specGroups: [], ...fields,
});
const spicy = { id: 'g1', name: '辣度', selection: 'single' as const, minSelect: 1, maxSelect: 1, options: [
  { id: 'o1', name: '微辣', priceDelta: 0, isDefault: false }, { id: 'o2', name: '特辣', priceDelta: 0, isDefault: false },
] };
const extras = { id: 'g2', name: '加料', selection: 'multiple' as const, minSelect: 0, maxSelect: 2, options: [
  { id: 'o3', name: '加蛋', priceDelta: 200, isDefault: true }, { id: 'o4', name: '加肉', priceDelta: 500, isDefault: false }, { id: 'o5', name: '加面', priceDelta: 300, isDefault: false },
] };
const combo: MenuCombo = {
  id: '21', name: '双人套餐', images: [], image: null, description: '', price: 8800, memberPrice: null, available: true,
  groups: [
    { id: 'c1', name: '主食', kind: 'fixed', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [
      { id: 'i1', dishId: '1', skuId: null, name: '米饭', quantity: 2, extraPrice: 0, isDefault: true, available: true }] },
    { id: 'c2', name: '热菜', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: false, items: [
      { id: 'i2', dishId: '2', skuId: null, name: '宫保鸡丁', quantity: 1, extraPrice: 0, isDefault: true, available: true },
      { id: 'i3', dishId: '3', skuId: null, name: '水煮鱼', quantity: 1, extraPrice: 800, isDefault: false, available: true },
      { id: 'i4', dishId: '4', skuId: null, name: '回锅肉', quantity: 1, extraPrice: 0, isDefault: false, available: true }] },
    { id: 'c3', name: '饮料', kind: 'optional', minChoose: 1, maxChoose: 1, allowRepeat: false, items: [
      { id: 'i5', dishId: '5', skuId: null, name: '可乐', quantity: 1, extraPrice: 0, isDefault: false, available: true },
      { id: 'i6', dishId: '6', skuId: null, name: '雪碧', quantity: 1, extraPrice: 0, isDefault: false, available: true }] },
  ],
};

describe('cashier cart', () => {
  const line = (fields: Partial<Omit<CartLine, 'key'>> = {}): Omit<CartLine, 'key'> => ({
    kind: 'dish', itemId: '11', optionIds: [], choices: [], quantity: 1, remark: '', name: '辣子鸡', specText: '', weighed: false, ...fields,
  });

  it('adds the same dish to its line, a different choice or a weighed dish as a line of its own', () => {
    let { lines, key } = addLine([], line());
    const first = key;
    ({ lines, key } = addLine(lines, line({ quantity: 2 })));
    expect(key).toBe(first);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
    ({ lines } = addLine(lines, line({ optionIds: ['o1'] })));
    ({ lines } = addLine(lines, line({ itemId: '12', weighed: true, quantity: 0.35 })));
    ({ lines } = addLine(lines, line({ itemId: '12', weighed: true, quantity: 0.35 })));
    expect(lines.map((l) => l.quantity)).toEqual([3, 1, 0.35, 0.35]);
  });

  it('+ and − step by one portion or 0.1 of a weighed unit, without float dust; − on the last portion removes the line', () => {
    const { lines } = addLine([], line());
    const weighed = addLine(lines, line({ itemId: '12', weighed: true, quantity: 0.2 }));
    let next = changeQuantity(weighed.lines, weighed.key, 1);
    expect(next[1]!.quantity).toBe(0.3);
    next = changeQuantity(next, lines[0]!.key, 1);
    expect(next[0]!.quantity).toBe(2);
    next = changeQuantity(changeQuantity(next, lines[0]!.key, -1), lines[0]!.key, -1);
    expect(next).toHaveLength(1);
  });

  it('sends what was chosen and never a price; a table and guests only when dining in, a coupon only with a member', () => {
    const { lines } = addLine([], line({ skuId: '7', optionIds: ['31'], remark: ' 少辣 ' }));
    expect(toOrderCart('1', emptyDraft())).toBeUndefined();
    const takeaway = toOrderCart('1', { ...emptyDraft('takeaway'), tableId: '9', guests: 2, couponId: '5', lines });
    expect(takeaway).toEqual({ storeId: '1', type: 'takeaway', remark: '', lines: [{ kind: 'dish', itemId: '11', skuId: '7', optionIds: ['31'], choices: [], quantity: 1, remark: '少辣' }] });
    const dineIn = toOrderCart('1', { ...emptyDraft('dine_in'), tableId: '9', guests: 2, memberId: '3', couponId: '5', remark: '快点', lines });
    expect(dineIn).toMatchObject({ tableId: '9', guests: 2, memberId: '3', couponId: '5', remark: '快点' });
    expect(orderCartSchema.safeParse(dineIn).success).toBe(true);
    expect(JSON.stringify(dineIn)).not.toMatch(/price|amount/i);
  });

  it('finds the line a refusal names, the longest name first', () => {
    const a = addLine([], line({ name: '辣子鸡' }));
    const b = addLine(a.lines, line({ itemId: '12', name: '辣子鸡丁' }));
    expect(lineNamedBy(b.lines, '辣子鸡丁（大份）已售罄')).toBe(b.key);
    expect(lineNamedBy(b.lines, '辣子鸡已下架')).toBe(a.key);
    expect(lineNamedBy(b.lines, '门店已打烊')).toBeUndefined();
  });
});

describe('cashier picker', () => {
  it('keeps a required single choice chosen when it is clicked again, and clears an optional one', () => {
    const sauce = { id: 'g3', name: '蘸料', selection: 'single' as const, minSelect: 0, maxSelect: 1, options: [
      { id: 'o6', name: '香油碟', priceDelta: 0, isDefault: true }, { id: 'o7', name: '干碟', priceDelta: 0, isDefault: false },
    ] };
    const d = dish({ specGroups: [{ ...spicy, options: spicy.options.map((o, i) => ({ ...o, isDefault: i === 0 })) }, sauce] });
    let choice = defaultDishChoice(d);
    expect(choice.optionIds).toEqual(['o1', 'o6']);
    choice = toggleOption(d, choice, 'o1');
    expect(choice.optionIds).toEqual(['o1', 'o6']);
    expect(dishProblems(d, choice)).toEqual([]);
    choice = toggleOption(d, choice, 'o6');
    expect(choice.optionIds).toEqual(['o1']);
    expect(isSingleChoice(spicy) && isSingleChoice(sauce) && !isSingleChoice(extras)).toBe(true);
    expect(isSingleChoice({ ...extras, maxSelect: 1 })).toBe(true);
  });

  it('needs a SKU and the required option group; a single group swaps, a multiple group stops at its max', () => {
    const d = dish({ skus: [
      { id: 's1', name: '小份', price: 2800, memberPrice: null, available: false, stock: 0 },
      { id: 's2', name: '大份', price: 3800, memberPrice: null, available: true, stock: null },
    ], specGroups: [spicy, extras] });
    let choice = defaultDishChoice(d);
    expect(choice).toEqual({ skuId: 's2', optionIds: ['o3'], quantity: 1 });
    expect(dishProblems(d, choice).map((p) => p.key)).toEqual(['atLeast']);
    choice = toggleOption(d, toggleOption(d, choice, 'o1'), 'o2');
    expect(choice.optionIds).toEqual(['o3', 'o2']);
    choice = toggleOption(d, toggleOption(d, choice, 'o4'), 'o5');
    expect(dishProblems(d, choice)).toEqual([{ groupId: 'g2', key: 'atMost', values: { group: '加料', n: 2 } }]);
    choice = toggleOption(d, choice, 'o5');
    expect(dishProblems(d, { ...choice, skuId: 's1' }).map((p) => p.key)).toEqual(['skuSoldOut']);
    expect(dishProblems(d, choice)).toEqual([]);
    expect(dishLine(d, choice)).toMatchObject({ skuId: 's2', optionIds: ['o2', 'o3', 'o4'], specText: '大份/特辣/加蛋/加肉' });
  });

  it('takes a weighed quantity with three decimals at most, a portion dish whole portions', () => {
    const weighed = dish({ isWeighed: true, unit: '斤' });
    expect(defaultDishChoice(weighed).quantity).toBe(0);
    expect(dishProblems(weighed, { optionIds: [], quantity: 0 }).map((p) => p.key)).toEqual(['quantity']);
    expect(dishProblems(weighed, { optionIds: [], quantity: 1.235 })).toEqual([]);
    expect(dishProblems(weighed, { optionIds: [], quantity: 1.2345 }).map((p) => p.key)).toEqual(['quantity']);
    expect(dishProblems(dish(), { optionIds: [], quantity: 1.5 }).map((p) => p.key)).toEqual(['quantity']);
  });

  it('counts a combo group within its min and max; a one-of group swaps its choice', () => {
    let choice = defaultComboChoice(combo);
    expect(choice).toEqual({ i2: 1 });
    expect(comboProblems(combo, choice).map((p) => [p.groupId, p.key])).toEqual([['c2', 'comboAtLeast'], ['c3', 'comboAtLeast']]);
    choice = changeComboItem(combo, choice, 'i3', 1);
    choice = changeComboItem(combo, choice, 'i4', 1); // the group is full: stays
    expect(choice).toEqual({ i2: 1, i3: 1 });
    choice = changeComboItem(combo, choice, 'i3', 1); // no repeats
    expect(choice.i3).toBe(1);
    choice = changeComboItem(combo, changeComboItem(combo, choice, 'i5', 1), 'i6', 1);
    expect(choice).toEqual({ i2: 1, i3: 1, i6: 1 });
    expect(comboProblems(combo, choice)).toEqual([]);
    expect(comboLine(combo, choice, 2)).toMatchObject({
      kind: 'combo', itemId: '21', quantity: 2, specText: '宫保鸡丁/水煮鱼/雪碧',
      choices: [{ comboItemId: 'i2', quantity: 1 }, { comboItemId: 'i3', quantity: 1 }, { comboItemId: 'i6', quantity: 1 }],
    });
  });
});

describe('cashier search and payment form', () => {
  it('names on the receipt who took the money, not who placed the order (a diner\'s QR order is placed by 扫码顾客)', () => {
    const paid = (operatorName: string, status: 'success' | 'pending' = 'success') => ({ operatorName, status }) as OrderRecord['payments'][number];
    expect(collectedBy({ operatorName: '扫码顾客', payments: [paid('张三')] })).toBe('张三');
    expect(collectedBy({ operatorName: '扫码顾客', payments: [paid('张三'), paid('李四'), paid('张三'), paid('王五', 'pending')] })).toBe('张三、李四');
    expect(collectedBy({ operatorName: '张三', payments: [] })).toBe('张三');
  });

  it('offers the cash a customer hands over: exact, then rounded up to ¥10, ¥20, ¥50 and ¥100', () => {
    expect(quickTenders(3750)).toEqual([3750, 4000, 5000, 10000]);
    expect(quickTenders(3000)).toEqual([3000, 4000, 5000, 10000]);
    expect(quickTenders(12800)).toEqual([12800, 13000, 14000, 15000, 20000]);
    expect(quickTenders(10000)).toEqual([10000]);
    expect(quickTenders(0)).toEqual([]);
    expect(quickTenders(Number.NaN)).toEqual([]);
  });

  it('matches a name or its pinyin initials', () => {
    expect(pinyinInitials('宫保鸡丁')).toBe('gbjd');
    expect(pinyinInitials('麻婆豆腐2')).toBe('mpdf2');
    expect(matchesName('辣子鸡', 'lzj')).toBe(true);
    expect(matchesName('辣子鸡', '子鸡')).toBe(true);
    expect(matchesName('辣子鸡', 'gb')).toBe(false);
  });

  it('pays what is due by default, refuses more than due or tendered below the amount, and computes the change', () => {
    expect(dueOf({ payableAmount: 5000, paidAmount: 2000 })).toBe(3000);
    expect(payBody({ method: 'cash', amount: null, tendered: 50 }, 3000)).toEqual({ body: { method: 'cash', amount: 3000, tendered: 5000 }, change: 2000 });
    expect(payBody({ method: 'cash', amount: 30, tendered: 20 }, 3000)).toEqual({ problem: 'tenderedLow' });
    expect(payBody({ method: 'balance', amount: 40, tendered: null }, 3000)).toEqual({ problem: 'amountHigh' });
    expect(payBody({ method: 'wechat', amount: 10.5, tendered: null }, 3000)).toEqual({ body: { method: 'wechat', amount: 1050 }, change: 0 });
    expect(payBody({ method: 'cash', amount: 0, tendered: null }, 3000)).toEqual({ problem: 'amountInvalid' });
    expect(isSettled({ status: 'pending', payableAmount: 5000, paidAmount: 3000 })).toBe(false);
    expect(isSettled({ status: 'paid', payableAmount: 5000, paidAmount: 5000 })).toBe(true);
  });
});
