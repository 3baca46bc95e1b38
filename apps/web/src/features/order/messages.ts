import { ORDER_STATUS_NAMES, PAY_METHOD_NAMES } from '@canteen/contract';
import { addMessages } from '../../shared/i18n';

/**
 * The texts every screen of 订单管理 shares (key `order`): the names of states, payment methods,
 * order types and sources (the Chinese ones from the contract), and the new-order alert. Each
 * screen adds its own file (messages-list.ts, …).
 */
addMessages(
  'order',
  {
    statuses: ORDER_STATUS_NAMES,
    payMethods: PAY_METHOD_NAMES,
    types: { dine_in: '堂食', takeaway: '外带' },
    sources: { cashier: '收银台', qr: '扫码点餐' },
    alert: {
      paid: '新订单 {{orderNo}}',
      dining: '新的扫码订单 {{orderNo}}',
      table: '桌号 {{table}}',
      pickup: '取餐号 {{pickup}}',
      amount: '{{type}} · {{source}} · {{amount}}',
      open: '点击查看订单',
    },
  },
  {
    statuses: { dining: 'Dining', pending: 'Unpaid', paid: 'Paid', making: 'Preparing', finished: 'Finished', cancelled: 'Cancelled', refunded: 'Refunded', partially_refunded: 'Partly refunded' },
    payMethods: { cash: 'Cash', balance: 'Member balance', wechat: 'WeChat Pay' },
    types: { dine_in: 'Dine-in', takeaway: 'Takeaway' },
    sources: { cashier: 'Counter', qr: 'Table QR' },
    alert: {
      paid: 'New order {{orderNo}}',
      dining: 'New table order {{orderNo}}',
      table: 'Table {{table}}',
      pickup: 'Pickup {{pickup}}',
      amount: '{{type}} · {{source}} · {{amount}}',
      open: 'Click to view the order',
    },
  },
);
