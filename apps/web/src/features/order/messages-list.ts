import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';
import './messages';

/** Texts of 订单列表: tabs, filters, the table, the order drawer and its actions (key `orderList`). */
addMessages(
  'orderList',
  {
    tabs: { all: '全部', todo: '待处理', making: '制作中', finish: '已完成', canceled: '已取消' },
    filters: {
      dates: '营业日期', dateFrom: '开始日期', dateTo: '结束日期', orderNo: '订单号', phone: '会员手机号或后四位', tableCode: '桌号',
      type: '类型', source: '来源', payMethod: '支付方式', all: '全部', search: '搜索', reset: '清空', phoneWrong: '手机号请输入4到11位数字',
    },
    columns: {
      orderNo: '订单号', createTime: '下单时间', type: '类型', source: '来源', where: '桌号 / 取餐号', member: '会员', items: '菜品', payable: '应收',
      paid: '实收', payMethods: '支付方式', status: '状态', actions: '操作',
    },
    itemCount: '{{count}} 件',
    partRefund: '部分退款',
    refundedAmount: '已退 {{amount}}',
    table: '桌 {{table}}',
    pickup: '取餐号 {{pickup}}',
    detail: '详情', refresh: '刷新', none: '—',
    total: '共 {{total}} 单', empty: '还没有订单', emptyFiltered: '没有符合条件的订单', noStore: '还没有可管理的门店',
    actions: {
      accept: '接单', finish: '完成', bill: '买单', pay: '收款', cancel: '取消订单', refund: '退款', billed: '已买单，请收款', paid: '收款成功',
      accepted: '已接单', finished: '订单已完成', cancelled: '订单已取消', refundDone: '退款成功',
      confirmAccept: '确定接单 {{orderNo}} 吗？', confirmFinish: '确定订单 {{orderNo}} 已出餐完成吗？', confirmBill: '订单 {{orderNo}} 买单（不再加菜，等待收款）？',
    },
    drawer: {
      title: '订单详情', loading: '正在读取订单…',
      info: '订单信息', store: '门店', businessDate: '营业日期', guests: '就餐人数', member: '会员', coupon: '优惠券', createTime: '下单时间',
      paidTime: '支付时间', operator: '下单人', remark: '订单备注', cancelReason: '取消原因', expireTime: '未支付将于此时自动取消',
      lines: '菜品', name: '菜品', unitPrice: '单价', quantity: '数量', lineAmount: '金额', discount: '会员优惠', refundedQty: '已退 {{quantity}}',
      round: '第 {{round}} 轮', lineRemark: '备注：{{remark}}',
      amounts: '金额', goods: '商品金额', packing: '打包费', memberDiscount: '会员优惠', couponDiscount: '优惠券', payable: '应收', paid: '实收', refunded: '已退款',
      payments: '支付记录', method: '方式', amount: '金额', payStatus: '状态', tendered: '实收现金', change: '找零', tradeNo: '交易号', refundedPart: '已退',
      paymentStatuses: { pending: '待支付', success: '已支付', closed: '已关闭' },
      balanceParts: '本金 {{principal}} · 赠送金 {{bonus}}',
      refunds: '退款记录', refundReason: '原因：{{reason}}', refundOperator: '操作人：{{name}}', restocked: '已退回库存', refundTo: '退回',
      logs: '订单日志', noPayments: '还没有支付', noLogs: '还没有日志',
      logActions: {
        create: '下单', add: '加菜', bill: '买单', pay: '支付', paid: '支付完成', accept: '接单', finish: '完成', cancel: '取消', timeout: '超时取消',
        refund: '退款', settle: '结账', sold_out: '售罄取消',
        kitchen: '出餐', rush: '催菜', void: '退菜', transfer: '转台', merge: '并台',
      },
    },
    cancel: {
      title: '取消订单 {{orderNo}}', reason: '取消原因', reasonPlaceholder: '如 顾客不要了、菜品售罄', reasonRequired: '请填写取消原因',
      paidHint: '订单已支付 {{amount}}，取消后按原支付方式退回。', ok: '确定取消', back: '返回',
    },
    refund: {
      title: '退款 {{orderNo}}', mode: '退款方式', whole: '整单退款', byLine: '按菜品退款', line: '菜品', left: '可退', quantity: '退款数量', all: '全退',
      wholeHint: '退回剩余的 {{amount}}，按原支付方式退回。', pickLines: '请选择要退的菜品和数量',
      reason: '退款原因', reasonPlaceholder: '如 菜品有问题、上错菜', reasonRequired: '请填写退款原因',
      restock: '退回库存', restockHelp: '菜品没有做出来时打开，库存加回', ok: '确定退款', back: '返回',
    },
  },
  {
    tabs: { all: 'All', todo: 'To handle', making: 'Preparing', finish: 'Finished', canceled: 'Cancelled' },
    filters: {
      dates: 'Business date', dateFrom: 'From', dateTo: 'To', orderNo: 'Order no.', phone: 'Member phone or last 4 digits', tableCode: 'Table',
      type: 'Type', source: 'Source', payMethod: 'Payment', all: 'All', search: 'Search', reset: 'Clear', phoneWrong: 'Enter 4 to 11 digits of the phone',
    },
    columns: {
      orderNo: 'Order no.', createTime: 'Ordered at', type: 'Type', source: 'Source', where: 'Table / pickup', member: 'Member', items: 'Items', payable: 'Payable',
      paid: 'Paid', payMethods: 'Payment', status: 'Status', actions: 'Actions',
    },
    itemCount: '{{count}} items',
    partRefund: 'Partly refunded',
    refundedAmount: 'Refunded {{amount}}',
    table: 'Table {{table}}',
    pickup: 'Pickup {{pickup}}',
    detail: 'Details', refresh: 'Refresh', none: '—',
    total: '{{total}} orders', empty: 'No orders yet', emptyFiltered: 'No orders match', noStore: 'No store to manage yet',
    actions: {
      accept: 'Accept', finish: 'Done', bill: 'Bill', pay: 'Take payment', cancel: 'Cancel order', refund: 'Refund', billed: 'Bill requested: take the payment', paid: 'Payment received',
      accepted: 'Order accepted', finished: 'Order finished', cancelled: 'Order cancelled', refundDone: 'Refunded',
      confirmAccept: 'Accept order {{orderNo}}?', confirmFinish: 'Is order {{orderNo}} served?', confirmBill: 'Bill order {{orderNo}} (no more rounds, waiting for payment)?',
    },
    drawer: {
      title: 'Order details', loading: 'Loading the order…',
      info: 'Order', store: 'Store', businessDate: 'Business date', guests: 'Guests', member: 'Member', coupon: 'Coupon', createTime: 'Ordered at',
      paidTime: 'Paid at', operator: 'Taken by', remark: 'Remark', cancelReason: 'Cancel reason', expireTime: 'Cancelled if unpaid at',
      lines: 'Items', name: 'Item', unitPrice: 'Unit price', quantity: 'Qty', lineAmount: 'Amount', discount: 'Member discount', refundedQty: 'Refunded {{quantity}}',
      round: 'Round {{round}}', lineRemark: 'Note: {{remark}}',
      amounts: 'Amounts', goods: 'Goods', packing: 'Packing fee', memberDiscount: 'Member discount', couponDiscount: 'Coupon', payable: 'Payable', paid: 'Paid', refunded: 'Refunded',
      payments: 'Payments', method: 'Method', amount: 'Amount', payStatus: 'Status', tendered: 'Cash tendered', change: 'Change', tradeNo: 'Transaction no.', refundedPart: 'Refunded',
      paymentStatuses: { pending: 'Waiting', success: 'Paid', closed: 'Closed' },
      balanceParts: 'Principal {{principal}} · bonus {{bonus}}',
      refunds: 'Refunds', refundReason: 'Reason: {{reason}}', refundOperator: 'by {{name}}', restocked: 'Stock returned', refundTo: 'Back to',
      logs: 'Order log', noPayments: 'No payments yet', noLogs: 'No log yet',
      logActions: {
        create: 'Ordered', add: 'Dishes added', bill: 'Bill requested', pay: 'Payment', paid: 'Paid', accept: 'Accepted', finish: 'Finished', cancel: 'Cancelled', timeout: 'Cancelled (unpaid)',
        refund: 'Refund', settle: 'Settled', sold_out: 'Cancelled (sold out)',
        kitchen: 'Kitchen', rush: 'Rushed', void: 'Dish voided', transfer: 'Moved table', merge: 'Tables merged',
      },
    },
    cancel: {
      title: 'Cancel order {{orderNo}}', reason: 'Reason', reasonPlaceholder: 'e.g. customer changed their mind, sold out', reasonRequired: 'Enter the reason',
      paidHint: '{{amount}} was paid; it goes back the way it was paid.', ok: 'Cancel order', back: 'Back',
    },
    refund: {
      title: 'Refund {{orderNo}}', mode: 'Refund', whole: 'Whole order', byLine: 'By item', line: 'Item', left: 'Refundable', quantity: 'Quantity', all: 'All',
      wholeHint: 'The remaining {{amount}} goes back the way it was paid.', pickLines: 'Choose the items and quantities to refund',
      reason: 'Reason', reasonPlaceholder: 'e.g. wrong dish, quality problem', reasonRequired: 'Enter the reason',
      restock: 'Return to stock', restockHelp: 'Turn on when the dish was not made: its stock comes back', ok: 'Refund', back: 'Back',
    },
  },
);
