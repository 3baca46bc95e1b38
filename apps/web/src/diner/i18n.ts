import type { OrderStatus } from '@canteen/contract';

/**
 * The diners' page's texts: Chinese, and English by the switch in the header (kept in
 * localStorage). A tiny dictionary rather than the admin app's i18next: this page has its own
 * small bundle. Order states use the contract's names (ORDER_STATUS_NAMES, copied here to keep
 * zod out of the bundle; i18n.test.ts checks the copy).
 */
export type Language = 'zh' | 'en';

const zh = {
  title: '扫码点餐',
  table: '桌号 {code}',
  language: 'English',
  loading: '加载中…',
  invalidTable: '桌台二维码无效或已失效，请联系店员',
  tableInUse: '该桌已有顾客在用餐，请联系服务员',
  cancelReason: '取消原因：{reason}',
  closed: '本店休息中，暂不接单',
  opensAt: '{when} 开始营业',
  soldOut: '已售罄',
  unavailable: '暂不可点',
  choose: '选规格',
  chooseWeight: '选重量',
  weighed: '称重',
  weight: '重量',
  weighedNote: '称重菜，单价 {price}/{unit}，按所点重量计价',
  add: '加入购物车',
  required: '必选',
  chooseUpTo: '最多选 {max} 项',
  chooseBetween: '选 {min}–{max} 项',
  pickGroup: '请选择{name}',
  pickAtLeast: '{name}至少选{min}项',
  pickAtMost: '{name}最多选{max}项',
  fixed: '固定搭配',
  cart: '购物车',
  cartEmpty: '购物车是空的',
  clear: '清空',
  items: '共 {n} 件',
  remark: '备注',
  remarkHint: '口味、忌口等要求（选填）',
  dineIn: '堂食',
  takeaway: '外带',
  packingFee: '打包费',
  discount: '优惠',
  total: '合计',
  submit: '提交订单',
  submitting: '提交中…',
  payFirst: '下单后请用微信支付',
  payLater: '用餐后到收银台结账',
  orderNo: '订单号 {no}',
  pickupNo: '取餐号 {no}',
  payNow: '去支付',
  payAtCounter: '请到收银台结账',
  orderMore: '继续点餐',
  requestBill: '买单',
  billRequested: '已买单，可到收银台结账或在线支付',
  round: '第{n}轮',
  tableOrder: '本桌订单（{status}）{amount}，点此查看或买单',
  paid: '已付 {amount}',
  expires: '请在 {time} 前支付',
  stepPending: '待支付',
  stepPaid: '已支付',
  stepMaking: '制作中',
  stepFinished: '已完成',
  retry: '重试',
};
export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  title: 'Order at the table',
  table: 'Table {code}',
  language: '中文',
  loading: 'Loading…',
  invalidTable: 'This table QR code is invalid or has expired: please ask the staff',
  tableInUse: 'Another party is dining at this table: please ask the staff',
  cancelReason: 'Reason: {reason}',
  closed: 'The store is closed and takes no orders now',
  opensAt: 'Opens {when}',
  soldOut: 'Sold out',
  unavailable: 'Unavailable',
  choose: 'Options',
  chooseWeight: 'Weight',
  weighed: 'By weight',
  weight: 'Weight',
  weighedNote: 'Sold by weight: {price} per {unit}, charged for the weight you order',
  add: 'Add to cart',
  required: 'Required',
  chooseUpTo: 'Up to {max}',
  chooseBetween: 'Choose {min}–{max}',
  pickGroup: 'Please choose {name}',
  pickAtLeast: '{name}: choose at least {min}',
  pickAtMost: '{name}: choose at most {max}',
  fixed: 'Included',
  cart: 'Cart',
  cartEmpty: 'Your cart is empty',
  clear: 'Clear',
  items: '{n} items',
  remark: 'Remark',
  remarkHint: 'Taste, allergies… (optional)',
  dineIn: 'Dine in',
  takeaway: 'Takeaway',
  packingFee: 'Packing fee',
  discount: 'Discount',
  total: 'Total',
  submit: 'Place order',
  submitting: 'Placing…',
  payFirst: 'Pay with WeChat Pay after ordering',
  payLater: 'Pay at the counter after the meal',
  orderNo: 'Order {no}',
  pickupNo: 'Pickup {no}',
  payNow: 'Pay now',
  payAtCounter: 'Please pay at the counter',
  orderMore: 'Order more',
  requestBill: 'Request the bill',
  billRequested: 'Bill requested: pay at the counter or online',
  round: 'Round {n}',
  tableOrder: 'This table\'s order ({status}) {amount}: view it or request the bill',
  paid: 'Paid {amount}',
  expires: 'Please pay before {time}',
  stepPending: 'Unpaid',
  stepPaid: 'Paid',
  stepMaking: 'Preparing',
  stepFinished: 'Done',
  retry: 'Retry',
};

export const STATUS_ZH: Record<OrderStatus, string> = {
  dining: '就餐中', pending: '待支付', paid: '已支付', making: '制作中', finished: '已完成', cancelled: '已取消', refunded: '已退款', partially_refunded: '部分退款',
};
const STATUS_EN: Record<OrderStatus, string> = {
  dining: 'Dining', pending: 'Unpaid', paid: 'Paid', making: 'Preparing', finished: 'Done', cancelled: 'Cancelled', refunded: 'Refunded', partially_refunded: 'Partly refunded',
};

const STORAGE_KEY = 'canteen-diner-language';

export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'zh' || saved === 'en') return saved;
  } catch {
    // storage refused (private mode): the browser's language decides
  }
  return navigator.language.toLowerCase().startsWith('zh') || !navigator.language ? 'zh' : 'en';
}

export function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not kept: the switch still applies to this visit
  }
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The translate function of a language: `{name}` placeholders filled from `values`. */
export function translator(language: Language): Translate {
  const dictionary = language === 'en' ? en : zh;
  return (key, values) => dictionary[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));
}

export const statusName = (language: Language, status: OrderStatus): string => (language === 'en' ? STATUS_EN : STATUS_ZH)[status];
