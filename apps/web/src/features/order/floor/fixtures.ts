import type { Floor, FloorTable, OrderRecord, TableSession } from '@canteen/contract';

/** Test data of the floor: a store with 大厅 and 包间, one table in each of three states. */
// Times before the page's clock starts (this module loads first): a seating 25 minutes ago shows 25, not 24.
const base = Date.now();
export const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();

export const session = (tableId: string, tableCode: string, fields: Partial<TableSession> = {}): TableSession => ({
  id: `5${tableId}`, storeId: '1', tableId, tableCode, state: 'dining', guests: 3, note: '', orderCount: 1, amount: 3800, unpaidAmount: 3800, linesToMake: 2, rushed: 0,
  mergedIntoId: null, mergedIntoTableCode: null, mergedTableCodes: [], openedAt: at(25), openedBy: '张三', firstOrderAt: at(20), billAt: null, paidAt: null, ...fields,
});

const table = (id: string, areaId: string, code: string, s: TableSession | null): FloorTable => ({
  id, areaId, code, seats: 4, minSpend: null, enabled: true, state: s?.state ?? 'idle', session: s,
});

export const floorOf = (): Floor => ({
  storeId: '1', asOf: at(0),
  areas: [{ id: '1', name: '大厅', sort: 0 }, { id: '2', name: '包间', sort: 1 }],
  tables: [
    table('301', '1', 'A01', null),
    table('302', '1', 'A02', session('302', 'A02', { rushed: 2 })),
    table('303', '2', 'B01', session('303', 'B01', { state: 'billing', mergedTableCodes: ['B02'] })),
  ],
  counts: { idle: 1, opened: 0, dining: 1, billing: 1, to_clear: 0 },
});

export const tabOf = (tableId: string, tableCode: string): OrderRecord => ({
  id: '9001', orderNo: '2611250010001', storeId: '1', storeName: '川味小馆', businessDate: '2026-11-25', type: 'dine_in', source: 'cashier', status: 'dining', payLater: true,
  tableId, tableCode, guests: 3, pickupNo: null, memberId: null, memberName: null, memberPhone: null, goodsAmount: 3800, packingFee: 0,
  memberDiscount: 0, couponDiscount: 0, payableAmount: 3800, paidAmount: 0, refundedAmount: 0, payMethods: [], itemCount: 2, remark: '', createTime: at(20), paidTime: null,
  coupon: null, cancelReason: null, expireTime: null, operatorName: '', payments: [], refunds: [], logs: [],
  lines: [
    { kind: 'dish', dishId: '11', comboId: null, skuId: null, categoryId: '1', name: '辣子鸡', specText: '', image: null, unit: '份', unitPrice: 3000, quantity: 1, lineAmount: 3000, discountAmount: 0, remark: '', id: '850', parentId: null, refundedQuantity: 0, round: 1 },
    { kind: 'dish', dishId: '12', comboId: null, skuId: null, categoryId: '1', name: '米饭', specText: '', image: null, unit: '碗', unitPrice: 400, quantity: 2, lineAmount: 800, discountAmount: 0, remark: '', id: '851', parentId: null, refundedQuantity: 0, round: 2 },
  ],
});
