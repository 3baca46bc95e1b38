import type { OrderLineRecord, OrderRecord, OrderRow } from '@canteen/contract';

/** Orders for the tests of 订单列表 (not part of the app: only tests import this). */
const at = '2026-11-25T04:00:00.000Z';

export const orderRow = (id: string, fields: Partial<OrderRow> = {}): OrderRow => ({
  id, orderNo: `2611250001${id}`, storeId: '1', storeName: '川味小馆', businessDate: '2026-11-25', type: 'dine_in', source: 'cashier', status: 'paid', payLater: false,
  tableId: '21', tableCode: 'A3', guests: 2, pickupNo: '012', memberId: null, memberName: null, memberPhone: null, paidAmount: 5800, refundedAmount: 0,
  payMethods: ['cash'], itemCount: 3, remark: '', createTime: at, paidTime: at,
  goodsAmount: 5800, packingFee: 0, memberDiscount: 0, couponDiscount: 0, payableAmount: 5800, ...fields,
});

export const orderLine = (id: string, name: string, fields: Partial<OrderLineRecord> = {}): OrderLineRecord => ({
  id, parentId: null, kind: 'dish', dishId: '100', comboId: null, skuId: null, categoryId: '11', name, specText: '', image: null, unit: '份',
  unitPrice: 1000, quantity: 1, lineAmount: 1000, discountAmount: 0, refundedQuantity: 0, remark: '', round: 1, ...fields,
});

/** 辣子鸡（大份/微辣）×2, a 双人套餐 with two items, and a drink: paid in cash (tendered ¥100, change ¥42). */
export const orderRecord = (id: string, fields: Partial<OrderRecord> = {}): OrderRecord => ({
  ...orderRow(id),
  coupon: null, cancelReason: null, expireTime: null, operatorName: '收银员小李',
  lines: [
    orderLine('901', '辣子鸡', { specText: '大份/微辣', unitPrice: 1500, quantity: 2, lineAmount: 3000 }),
    orderLine('902', '双人套餐', { kind: 'combo', dishId: null, comboId: '300', unitPrice: 2500, lineAmount: 2500 }),
    orderLine('903', '宫保鸡丁', { parentId: '902', kind: 'combo_item', unitPrice: 0, lineAmount: 0 }),
    orderLine('904', '米饭', { parentId: '902', kind: 'combo_item', specText: '加饭', unitPrice: 0, lineAmount: 0, quantity: 2 }),
    orderLine('905', '酸梅汤', { unitPrice: 300, lineAmount: 300 }),
  ],
  payments: [
    { id: '801', method: 'cash', amount: 5800, status: 'success', tendered: 10000, change: 4200, tradeNo: null, balancePrincipal: null, balanceBonus: null, refundedAmount: 0, operatorName: '收银员小李', paidTime: at, createTime: at },
  ],
  refunds: [],
  logs: [
    { id: '701', action: 'create', fromStatus: null, toStatus: 'pending', remark: '', operatorName: '收银员小李', createTime: at },
    { id: '702', action: 'pay', fromStatus: 'pending', toStatus: 'paid', remark: '现金 ¥58.00', operatorName: '收银员小李', createTime: at },
  ],
  ...fields,
});
