import { PAY_METHOD_NAMES, REPORT_NAMES } from '@canteen/contract';
import { addMessages } from '../../shared/i18n';

/**
 * Texts of 营业报表 and the home page's business cards (key `report`); the report and payment
 * method names come from the contract.
 */
addMessages(
  'report',
  {
    names: REPORT_NAMES,
    payMethods: PAY_METHOD_NAMES,
    types: { dine_in: '堂食', takeaway: '外带' },
    sources: { cashier: '收银台', qr: '扫码点餐' },
    presets: { today: '今天', yesterday: '昨天', last7: '近7天', last30: '近30天', thisMonth: '本月', custom: '自定义' },
    toolbar: {
      store: '门店', allStores: '全部门店', dates: '营业日期', export: '导出', print: '打印', refresh: '刷新', exported: '已导出 {{name}}',
      rangeTooLong: '日期范围不能超过{{days}}天', file: '营业报表-{{report}}-{{store}}-{{from}}至{{to}}.xlsx', noStore: '还没有可查看的门店',
      printedAt: '{{store}} · {{from}} 至 {{to}} · 打印于 {{time}}',
    },
    figures: {
      netAmount: '实收', orders: '订单数', guests: '客流', avgTicket: '客单价', perGuest: '人均', goodsAmount: '商品金额', packingFee: '打包费',
      discounts: '优惠合计', memberDiscount: '会员优惠', couponDiscount: '优惠券抵扣', manualDiscount: '整单优惠', paidAmount: '收款',
      refundAmount: '退款金额', refundCount: '退款笔数', cancelledCount: '取消订单',
    },
    compare: { previous: '上期 {{from}} 至 {{to}}', previousUntil: '上期 {{from}} 至 {{to}}，截至 {{until}}（与本期同一时刻）', vsPrevious: '较上期', vsYesterday: '较昨日', none: '—', current: '本期', previousShort: '上期', change: '变化' },
    columns: {
      date: '日期', rank: '排名', name: '名称', kind: '类型', category: '分类', quantity: '数量', amount: '金额', share: '占比', refundedQuantity: '退菜数量',
      refundAmount: '退款金额', method: '支付方式', count: '笔数', refundCount: '退款笔数', netAmount: '实收', hour: '时段', orders: '订单数', type: '订单类型',
      source: '来源', plan: '优惠券', issued: '发放', used: '使用', expired: '过期', useRate: '使用率', discount: '抵扣金额', ordersAmount: '带动订单金额',
      table: '桌台', area: '区域', uses: '使用次数', guests: '客流', turnover: '翻台率', avgMinutes: '平均用餐(分钟)', principalIn: '充值本金', bonusIn: '赠送金额',
      principalUsed: '本金消费', bonusUsed: '赠送消费', figure: '指标',
    },
    kinds: { dish: '菜品', combo: '套餐' },
    hourLabel: '{{hour}}:00',
    wallet: {
      rechargeCount: '充值笔数', principalIn: '充值本金', bonusIn: '赠送金额', principalUsed: '本金消费', bonusUsed: '赠送消费', rechargeRefunds: '充值退款',
      orderRefundsToBalance: '退回余额', outstandingPrincipal: '期末本金余额', outstandingBonus: '期末赠送余额', newMembers: '新增会员', brandWide: '期末余额为全部会员的储值余额（全品牌），不随门店筛选变化',
    },
    charts: { top: '前 {{count}} 名（按金额）', daily: '每日趋势', amountYuan: '金额（元）' },
    empty: '所选范围内没有数据',
    home: {
      net: '今日实收', orders: '今日订单', guests: '今日客流', avgTicket: '今日客单价', yesterday: '昨日同时段 {{value}}', trend: '近7天实收', topDishes: '今日热销',
      noDishes: '今天还没有售出菜品', allStores: '全部门店',
    },
  },
  {
    names: {
      overview: 'Overview', dishes: 'Dishes', categories: 'Categories', payments: 'Payment methods', hours: 'Hours', channels: 'Order types and sources',
      wallet: 'Stored value', coupons: 'Coupons', tables: 'Tables',
    },
    payMethods: { cash: 'Cash', balance: 'Member balance', wechat: 'WeChat Pay' },
    types: { dine_in: 'Dine-in', takeaway: 'Takeaway' },
    sources: { cashier: 'Counter', qr: 'Table QR' },
    presets: { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days', thisMonth: 'This month', custom: 'Custom' },
    toolbar: {
      store: 'Store', allStores: 'All stores', dates: 'Business dates', export: 'Export', print: 'Print', refresh: 'Refresh', exported: 'Exported {{name}}',
      rangeTooLong: 'The range cannot exceed {{days}} days', file: 'Sales-{{report}}-{{store}}-{{from}}-to-{{to}}.xlsx', noStore: 'No store to report on yet',
      printedAt: '{{store}} · {{from}} to {{to}} · printed {{time}}',
    },
    figures: {
      netAmount: 'Net sales', orders: 'Orders', guests: 'Guests', avgTicket: 'Average ticket', perGuest: 'Per guest', goodsAmount: 'Goods', packingFee: 'Packing fees',
      discounts: 'Discounts', memberDiscount: 'Member discounts', couponDiscount: 'Coupons', manualDiscount: 'Order discounts', paidAmount: 'Collected',
      refundAmount: 'Refunds', refundCount: 'Refund count', cancelledCount: 'Cancelled orders',
    },
    compare: { previous: 'Previous {{from}} to {{to}}', previousUntil: 'Previous {{from}} to {{to}}, up to {{until}} (the same point as now)', vsPrevious: 'vs previous', vsYesterday: 'vs yesterday', none: '—', current: 'This period', previousShort: 'Previous', change: 'Change' },
    columns: {
      date: 'Date', rank: 'Rank', name: 'Name', kind: 'Kind', category: 'Category', quantity: 'Quantity', amount: 'Amount', share: 'Share', refundedQuantity: 'Refunded qty',
      refundAmount: 'Refunds', method: 'Method', count: 'Count', refundCount: 'Refund count', netAmount: 'Net', hour: 'Hour', orders: 'Orders', type: 'Order type',
      source: 'Source', plan: 'Coupon', issued: 'Issued', used: 'Used', expired: 'Expired', useRate: 'Use rate', discount: 'Discount', ordersAmount: 'Orders driven',
      table: 'Table', area: 'Area', uses: 'Uses', guests: 'Guests', turnover: 'Turnover', avgMinutes: 'Avg. dining (min)', principalIn: 'Principal in', bonusIn: 'Bonus in',
      principalUsed: 'Principal used', bonusUsed: 'Bonus used', figure: 'Figure',
    },
    kinds: { dish: 'Dish', combo: 'Combo' },
    hourLabel: '{{hour}}:00',
    wallet: {
      rechargeCount: 'Recharges', principalIn: 'Principal in', bonusIn: 'Bonus in', principalUsed: 'Principal used', bonusUsed: 'Bonus used', rechargeRefunds: 'Recharge refunds',
      orderRefundsToBalance: 'Refunded to balance', outstandingPrincipal: 'Principal outstanding', outstandingBonus: 'Bonus outstanding', newMembers: 'New members',
      brandWide: 'Outstanding balances are every member\u2019s (brand-wide), whatever the store filter',
    },
    charts: { top: 'Top {{count}} by amount', daily: 'Daily', amountYuan: 'Amount (yuan)' },
    empty: 'No data in this range',
    home: {
      net: 'Net sales today', orders: 'Orders today', guests: 'Guests today', avgTicket: 'Average ticket today', yesterday: 'Yesterday by now {{value}}', trend: 'Net sales, 7 days',
      topDishes: 'Best sellers today', noDishes: 'No dishes sold yet today', allStores: 'All stores',
    },
  },
);
