import { describe, expect, it } from 'vitest';
import { printerBodySchema } from '@canteen/contract';
import { printerBody, printerToForm, withEnabled } from './form';
import { printer } from './printing-fixtures';

describe('printer form values', () => {
  it('sends only the chosen brand\'s connection fields, and a key only when one was typed', () => {
    const feie = printerBody('1', { name: ' 前台 ', brand: 'feie', feieSn: '916500101', feieKey: '  ', host: '10.0.0.1', port: 9200, paper: '80', tickets: ['receipt'] });
    expect(feie).toEqual({
      storeId: '1', name: '前台', brand: 'feie', feieSn: '916500101', port: 9100, paper: 80, tickets: ['receipt'], kitchenSplit: 'order',
      categoryIds: [], copies: 1, trigger: 'on_paid', enabled: true,
    });
    expect(printerBodySchema.safeParse(feie).success).toBe(true);
    expect(printerBody('1', { name: 'a', brand: 'feie', feieSn: 'X1', feieKey: 'k3y' }).feieKey).toBe('k3y');

    const escpos = printerBody('1', { name: '后厨', brand: 'escpos', feieSn: '916500101', feieKey: 'k', host: ' 10.0.0.8 ', port: 9101, paper: '58', tickets: ['kitchen'], kitchenSplit: 'dish', categoryIds: ['11'], copies: 2, trigger: 'on_accepted', enabled: false });
    expect(escpos).toEqual({
      storeId: '1', name: '后厨', brand: 'escpos', host: '10.0.0.8', port: 9101, paper: 58, tickets: ['kitchen'], kitchenSplit: 'dish',
      categoryIds: ['11'], copies: 2, trigger: 'on_accepted', enabled: false,
    });
    expect(printerBodySchema.safeParse(escpos).success).toBe(true);
  });

  it('round-trips a saved printer through the form, the key left empty (kept), and flips enabled alone', () => {
    const saved = printer('7', '吧台', { paper: 80, tickets: ['kitchen', 'refund'], categoryIds: ['12'], copies: 3 });
    expect(printerToForm(saved)).toMatchObject({ feieKey: '', paper: '80', tickets: ['kitchen', 'refund'] });
    expect(withEnabled(saved, false)).toEqual({
      id: '7', storeId: '1', name: '吧台', brand: 'feie', feieSn: saved.feieSn, port: 9100, paper: 80, tickets: ['kitchen', 'refund'],
      kitchenSplit: 'order', categoryIds: ['12'], copies: 3, trigger: 'on_paid', enabled: false,
    });
  });
});
