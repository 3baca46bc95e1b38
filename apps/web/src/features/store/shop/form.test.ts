import { describe, expect, it } from 'vitest';
import { storeBodySchema, type StoreRecord } from '@canteen/contract';
import { isOvernight, newStoreForm, overlappingDay, pickupExamples, toStoreBody, toStoreForm } from './form';

const record: StoreRecord = {
  id: '1', name: '川味小馆', logo: '/media/store/a.png', phone: '028-8888', region: '四川 成都', address: '春熙路 1 号',
  latitude: 30.657, longitude: 104.08, timeZone: 'Asia/Shanghai',
  businessHours: [{ days: [5, 6], open: '17:00', close: '02:00' }], isOpen: true, dayCutoffHour: 4,
  orderTypes: ['dine_in'], payMode: 'pay_later', pickupRule: { prefix: 'A', start: 1, end: 999, skip: ['4'] },
  packingFeeMode: 'per_item', packingFee: 150, notice: '欢迎', sort: 2, openNow: false, createTime: '', updateTime: '',
};

describe('store form values', () => {
  it('edits money in yuan and sends fen once, accepted by the contract', () => {
    const form = toStoreForm(record);
    expect(form.packingFee).toBe(1.5);
    const body = toStoreBody({ ...form, packingFee: 0.29 });
    expect(body.packingFee).toBe(29);
    expect(storeBodySchema.parse(body)).toMatchObject({ name: '川味小馆', packingFee: 29, businessHours: record.businessHours });
  });

  it('sends no packing fee without a packing-fee mode, and a new store passes the contract', () => {
    expect(toStoreBody({ ...toStoreForm(record), packingFeeMode: 'none', packingFee: 3 }).packingFee).toBe(0);
    expect(storeBodySchema.safeParse(toStoreBody({ ...newStoreForm(), name: ' 新店 ' })).success).toBe(true);
    expect(toStoreBody({ ...newStoreForm(), name: ' 新店 ' }).name).toBe('新店');
  });

  it('labels an overnight slot and finds overlapping days, the small hours counting on the next day', () => {
    expect(isOvernight({ open: '17:00', close: '02:00' })).toBe(true);
    expect(isOvernight({ open: '10:00', close: '22:00' })).toBe(false);
    expect(overlappingDay([{ days: [1, 2], open: '10:00', close: '14:00' }, { days: [2], open: '17:00', close: '21:00' }])).toBeNull();
    expect(overlappingDay([{ days: [1, 2], open: '10:00', close: '14:00' }, { days: [2], open: '13:00', close: '21:00' }])).toBe(2);
    // Friday's night runs into Saturday morning.
    expect(overlappingDay([{ days: [5], open: '20:00', close: '03:00' }, { days: [6], open: '01:00', close: '05:00' }])).toBe(6);
    // Sunday's night runs into Monday.
    expect(overlappingDay([{ days: [7], open: '22:00', close: '02:00' }, { days: [1], open: '01:00', close: '09:00' }])).toBe(1);
    // Incomplete slots are left to their own messages.
    expect(overlappingDay([{ days: [], open: '10:00', close: '14:00' }, undefined, { days: [1] }])).toBeNull();
  });

  it('shows pickup examples without the skipped digits', () => {
    expect(pickupExamples({ prefix: 'A', start: 2, end: 999, skip: ['4'] })).toEqual(['A2', 'A3', 'A5']);
    expect(pickupExamples({ start: 1, end: 2 })).toEqual(['1', '2']);
  });
});
