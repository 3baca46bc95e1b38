import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { orderRefundBodySchema, type OrderStatus } from '@canteen/contract';
import { orderFilterQuery } from './filters';
import { orderRecord, orderRow } from './order-fixtures';
import { shownLines } from './OrderSections';
import { refundableLines, refundBody } from './refund-form';
import { actionsFor, isPartlyRefunded, shownStatus } from './status';

const all = () => true;

describe('订单列表 rules', () => {
  it('offers the actions of each state, only with their codes; refund while paid money is left', () => {
    expect(actionsFor(orderRow('1', { status: 'paid' }), all)).toEqual(['accept', 'cancel', 'refund']);
    expect(actionsFor(orderRow('1', { status: 'making' }), all)).toEqual(['finish', 'refund']);
    expect(actionsFor(orderRow('1', { status: 'finished' }), all)).toEqual(['refund']);
    expect(actionsFor(orderRow('1', { status: 'partially_refunded', refundedAmount: 1000 }), all)).toEqual(['refund']);
    expect(actionsFor(orderRow('1', { status: 'pending', paidAmount: 0 }), all)).toEqual(['pay', 'cancel']);
    expect(actionsFor(orderRow('1', { status: 'dining', paidAmount: 0 }), all)).toEqual(['bill', 'pay', 'cancel']);
    expect(actionsFor(orderRow('1', { status: 'cancelled' }), all)).toEqual([]);
    expect(actionsFor(orderRow('1', { status: 'refunded', refundedAmount: 5800 }), all)).toEqual([]);
    expect(actionsFor(orderRow('1', { status: 'finished', refundedAmount: 5800 }), all)).toEqual([]);
    expect(actionsFor(orderRow('1', { status: 'paid' }), (code) => code === 'order:order:edit')).toEqual(['accept', 'cancel']);
    expect(actionsFor(orderRow('1', { status: 'finished' }), (code) => code === 'order:order:edit')).toEqual([]);
  });

  it('offers 完成 of a paid order only when it is a pay-later tab, as the server finishes only those from paid', () => {
    const paidTab = orderRow('1', { status: 'paid', source: 'qr', payLater: true });
    expect(actionsFor(paidTab, all)).toEqual(['accept', 'finish', 'cancel', 'refund']);
    expect(actionsFor({ ...paidTab, payLater: false }, all)).toEqual(['accept', 'cancel', 'refund']);
    expect(actionsFor(paidTab, (code) => code === 'order:order:edit')).toEqual(['accept', 'finish', 'cancel']);
    // Being a tab changes nothing in the other states.
    const tab = (status: OrderStatus, fields: Parameters<typeof orderRow>[1] = {}) => orderRow('1', { status, payLater: true, ...fields });
    expect(actionsFor(tab('making'), all)).toEqual(['finish', 'refund']);
    expect(actionsFor(tab('pending', { paidAmount: 0 }), all)).toEqual(['pay', 'cancel']);
    expect(actionsFor(tab('dining', { paidAmount: 0 }), all)).toEqual(['bill', 'pay', 'cancel']);
    expect(actionsFor(tab('finished'), all)).toEqual(['refund']);
    expect(actionsFor(tab('cancelled'), all)).toEqual([]);
  });

  it('offers 收款 while something is left to pay, with the counter\'s code', () => {
    expect(actionsFor(orderRow('1', { status: 'pending', payableAmount: 5800, paidAmount: 2000 }), all)).toEqual(['pay', 'cancel']);
    expect(actionsFor(orderRow('1', { status: 'dining', payableAmount: 5800, paidAmount: 5800 }), all)).toEqual(['bill', 'cancel']);
    expect(actionsFor(orderRow('1', { status: 'pending', paidAmount: 0 }), (code) => code === 'order:order:edit')).toEqual(['cancel']);
    expect(actionsFor(orderRow('1', { status: 'pending', paidAmount: 0 }), (code) => code === 'order:cashier:pay')).toEqual(['pay']);
    expect(actionsFor(orderRow('1', { status: 'paid' }), (code) => code === 'order:cashier:pay')).toEqual([]);
  });

  it('shows a partial refund as 已完成 with the badge', () => {
    expect(shownStatus('partially_refunded')).toBe('finished');
    expect(isPartlyRefunded(orderRow('1', { status: 'partially_refunded', refundedAmount: 300 }))).toBe(true);
    expect(isPartlyRefunded(orderRow('1', { status: 'making', refundedAmount: 300 }))).toBe(true);
    expect(isPartlyRefunded(orderRow('1', { status: 'refunded', refundedAmount: 5800 }))).toBe(false);
    expect(isPartlyRefunded(orderRow('1', { status: 'finished' }))).toBe(false);
  });

  it('turns the filters into the list query', () => {
    expect(orderFilterQuery({})).toEqual({});
    expect(
      orderFilterQuery({ dates: [dayjs('2026-11-01'), dayjs('2026-11-25')], orderNo: ' 2611 ', phone: '1234', tableCode: ' A3 ', type: 'takeaway', source: 'qr', payMethod: 'wechat' }),
    ).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-25', orderNo: '2611', phone: '1234', tableCode: 'A3', type: 'takeaway', source: 'qr', payMethod: 'wechat' });
    expect(orderFilterQuery({ dates: [null, dayjs('2026-11-25')], orderNo: '  ' })).toEqual({ dateTo: '2026-11-25' });
  });

  it('puts combo items right under their combo', () => {
    const order = orderRecord('1');
    const lines = [order.lines[2]!, order.lines[0]!, order.lines[1]!, order.lines[4]!, order.lines[3]!];
    expect(shownLines(lines).map((s) => `${s.child ? '  ' : ''}${s.line.name}`)).toEqual(['辣子鸡', '双人套餐', '  宫保鸡丁', '  米饭', '酸梅汤']);
  });

  it('refunds chosen lines up to what is left of them, or the whole order', () => {
    const order = orderRecord('1', { lines: orderRecord('1').lines.map((l) => (l.id === '901' ? { ...l, refundedQuantity: 1 } : l)) });
    const lines = refundableLines(order);
    expect(lines.map((l) => [l.line.name, l.left])).toEqual([['辣子鸡', 1], ['双人套餐', 1], ['酸梅汤', 1]]);
    const body = refundBody({ mode: 'lines', quantities: { '901': 5, '905': 1, '902': 0 }, reason: ' 上错菜 ', restock: true }, lines);
    expect(body).toEqual({ reason: '上错菜', restock: true, lines: [{ lineId: '901', quantity: 1 }, { lineId: '905', quantity: 1 }] });
    expect(orderRefundBodySchema.parse(body)).toMatchObject({ lines: [{ lineId: '901', quantity: 1 }, { lineId: '905', quantity: 1 }] });
    expect(refundBody({ mode: 'lines', quantities: {}, reason: '上错菜', restock: false }, lines)).toBeUndefined();
    expect(refundBody({ mode: 'whole', quantities: { '901': 1 }, reason: '整单退', restock: false }, lines)).toEqual({ reason: '整单退', restock: false, lines: [] });
  });
});
