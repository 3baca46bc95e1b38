import { describe, expect, it } from 'vitest';
import { specGroupBodySchema } from '@canteen/contract';
import { newSpecForm, optionsProblem, toSpecBody, toSpecForm } from './form';

describe('option group form', () => {
  it('sends price deltas in fen, options in their order, accepted by the contract', () => {
    const body = toSpecBody('1', {
      name: ' 加料 ', selection: 'multiple', minSelect: 0, maxSelect: 2, sort: 0,
      options: [
        { name: '加蛋', priceDelta: 2, isDefault: false, enabled: true },
        { id: '7', name: '小份', priceDelta: -1.5, isDefault: false, enabled: true },
      ],
    });
    expect(body).toMatchObject({ name: '加料', options: [{ name: '加蛋', priceDelta: 200, sort: 0 }, { id: '7', name: '小份', priceDelta: -150, sort: 1 }] });
    expect(specGroupBodySchema.safeParse(body).success).toBe(true);
    expect(toSpecForm({ ...body, id: '3', storeId: '1', selection: 'multiple', minSelect: 0, maxSelect: 2, sort: 0, dishCount: 0, createTime: '', options: body.options.map((o, i) => ({ ...o, id: String(i + 1), isDefault: false, enabled: true, sort: o.sort ?? 0, priceDelta: o.priceDelta ?? 0 })) }).options[1]!.priceDelta).toBe(-1.5);
  });

  it('a single group sends at most one', () => {
    expect(toSpecBody('1', { ...newSpecForm(), name: '辣度', selection: 'single', maxSelect: 3 }).maxSelect).toBe(1);
  });

  it('names what is wrong with the options', () => {
    const base = { selection: 'single' as const, maxSelect: 1 };
    expect(optionsProblem({ ...base, options: [] })).toBe('noOptions');
    expect(optionsProblem({ ...base, options: [{ name: '微辣' }, { name: '微辣 ' }] })).toBe('duplicate');
    expect(optionsProblem({ ...base, options: [{ name: 'a', isDefault: true }, { name: 'b', isDefault: true }] })).toBe('oneDefault');
    expect(optionsProblem({ selection: 'multiple', maxSelect: 1, options: [{ name: 'a', isDefault: true }, { name: 'b', isDefault: true }] })).toBe('tooManyDefaults');
    expect(optionsProblem({ ...base, options: [{ name: 'a', isDefault: true, enabled: false }] })).toBe('disabledDefault');
    expect(optionsProblem({ ...base, options: [{ name: 'a', isDefault: true, enabled: true }, { name: 'b' }] })).toBeNull();
  });
});
