import { TABLE_STATE_NAMES } from '@canteen/contract';
import { addMessages } from '../../../shared/i18n';

/** Texts of 收银台 (key `orderCashier`). */
addMessages(
  'orderCashier',
  {
    title: '收银台',
    noStore: '您还没有可用的门店，请联系管理员分配门店',
    menu: {
      search: '搜索菜品（名称或拼音首字母）', all: '全部', empty: '没有匹配的菜品', soldOut: '已售罄', combo: '套餐', weighed: '称重',
      memberPrice: '会员 {{price}}', perUnit: '/{{unit}}', loading: '正在加载菜单…', storeClosed: '门店当前不在营业时间',
    },
    order: {
      type: '订单类型', dine_in: '堂食', takeaway: '外带', table: '桌台', tablePlaceholder: '选择桌台（可不选）', guests: '人数',
      tableStatus: TABLE_STATE_NAMES,
      openTab: '该桌有进行中的订单 {{no}}（已点 {{amount}}），本次点的菜将作为加菜加入该订单',
      billedTab: '该桌订单 {{no}} 已买单，待收款 {{due}}：请先收款，不能再加菜',
    },
    cart: {
      title: '购物车', empty: '点击左侧菜品加入购物车', clear: '清空', remove: '删除', remark: '备注', lineRemark: '菜品备注（如 不要香菜）',
      orderRemark: '订单备注', orderRemarkPlaceholder: '整单备注（如 打包两份餐具）', pricing: '计算中…', notPriced: '—',
      goods: '商品金额', packing: '打包费', memberDiscount: '会员优惠', coupon: '优惠券', couponPlaceholder: '选择优惠券', noCoupon: '不使用优惠券',
      couponNone: '无可用优惠券', payable: '应收', submit: '下单并收款', submitHint: 'F9', refused: '无法下单：{{message}}',
      created: '订单 {{no}} 已下单，待收款', continuePay: '继续收款', newOrder: '新订单', quantity: '数量', weight: '重量（{{unit}}）',
      round: '本次加菜', tabDue: '本桌未付',
    },
    member: {
      title: '会员', lookup: '查找会员', change: '更换', clear: '移除', placeholder: '输入手机号或尾号查找会员（F2）', search: '查找', none: '没有找到会员',
      level: '等级', balance: '余额', frozen: '已冻结', pick: '选择', dialogTitle: '查找会员', hint: '输入手机号、手机尾号后四位或会员号，回车选择', several: '找到 {{n}} 位会员，↑↓ 选择，回车确定',
      applied: '已按会员价计算',
    },
    picker: {
      add: '加入购物车', cancel: '取消', sku: '规格', required: '必选', optional: '可选', multiple: '可多选，最多 {{n}} 项', range: '选 {{min}}–{{max}} 项',
      chooseN: '选 {{n}} 项', fixed: '固定搭配', extra: '+{{price}}', quantity: '数量', weight: '重量（{{unit}}）', weightHelp: '最多三位小数',
      soldOut: '已售罄',
      problems: {
        chooseSku: '请选择规格', skuSoldOut: '{{name}} 已售罄', atLeast: '{{group}}至少选择{{n}}项', atMost: '{{group}}最多选择{{n}}项',
        quantity: '请输入正确的数量', comboAtLeast: '{{group}}至少选择{{n}}份', comboAtMost: '{{group}}最多选择{{n}}份', noRepeat: '{{group}}每个菜品只能选一份',
      },
    },
    pay: {
      title: '收款 · {{no}}', payable: '应收', paid: '已收', remaining: '待收', method: '支付方式', cash: '现金', balance: '会员余额', wechat: '微信支付',
      amount: '本次收款（元）', amountHelp: '少于待收金额时为组合支付，余下的再选其他方式', tendered: '实收（元）', change: '找零', quickTenders: '快捷实收', exact: '刚好 {{amount}}',
      balanceOf: '会员余额 {{balance}}', noMember: '未选择会员，不能用余额支付', notEnough: '余额不足', frozen: '会员已冻结，不能用余额支付',
      submit: '确认收款', scan: '请顾客用微信扫码支付', waiting: '等待支付结果…', openSim: '打开模拟器的支付页面', otherMethod: '换其他方式',
      payments: '收款记录', close: '稍后收款', done: '收款完成', tenderedLow: '实收金额不能少于本次收款',
      amountInvalid: '请输入正确的收款金额', amountHigh: '本次收款不能超过待收金额',
    },
    receipt: {
      title: '收款完成', heading: '结账单', orderNo: '订单号', pickupNo: '取餐号', table: '桌台', type: '类型', time: '时间', member: '会员',
      item: '菜品', qty: '数量', amount: '金额', goods: '商品金额', packing: '打包费', memberDiscount: '会员优惠', coupon: '优惠券', payable: '应收',
      paid: '实收', tendered: '收 {{amount}}', change: '找零 {{amount}}', operator: '收银员', print: '打印', newOrder: '新订单', remark: '备注',
    },
    keys: { hint: '快捷键', search: '/ 搜索', enter: 'Enter 加入', arrows: '↑↓ 选择', plusMinus: '+ / − 最后一项数量', member: 'F2 会员', pay: 'F9 收款', esc: 'Esc 关闭' },
  },
  {
    title: 'Cashier',
    noStore: 'You work in no store yet: ask an administrator to assign one',
    menu: {
      search: 'Search dishes (name or pinyin initials)', all: 'All', empty: 'No matching dishes', soldOut: 'Sold out', combo: 'Combo', weighed: 'Weighed',
      memberPrice: 'Member {{price}}', perUnit: '/{{unit}}', loading: 'Loading the menu…', storeClosed: 'The store is outside its opening hours',
    },
    order: {
      type: 'Order type', dine_in: 'Dine in', takeaway: 'Takeaway', table: 'Table', tablePlaceholder: 'Choose a table (optional)', guests: 'Guests',
      tableStatus: { idle: 'Free', opened: 'Seated', dining: 'Dining', billing: 'Bill asked', to_clear: 'To clear' },
      openTab: 'This table has an open order {{no}} ({{amount}} so far): these dishes are added to it as a new round',
      billedTab: 'Order {{no}} of this table asked for the bill, {{due}} due: take the payment first, no more dishes',
    },
    cart: {
      title: 'Cart', empty: 'Click a dish on the left to add it', clear: 'Clear', remove: 'Remove', remark: 'Note', lineRemark: 'Dish note (e.g. no coriander)',
      orderRemark: 'Order note', orderRemarkPlaceholder: 'Note for the whole order', pricing: 'Pricing…', notPriced: '—',
      goods: 'Goods', packing: 'Packing fee', memberDiscount: 'Member discount', coupon: 'Coupon', couponPlaceholder: 'Choose a coupon', noCoupon: 'No coupon',
      couponNone: 'No usable coupon', payable: 'Payable', submit: 'Order and take payment', submitHint: 'F9', refused: 'Cannot order: {{message}}',
      created: 'Order {{no}} placed, awaiting payment', continuePay: 'Take payment', newOrder: 'New order', quantity: 'Quantity', weight: 'Weight ({{unit}})',
      round: 'This round', tabDue: 'Table unpaid',
    },
    member: {
      title: 'Member', lookup: 'Find member', change: 'Change', clear: 'Remove', placeholder: 'Find a member by phone or its last 4 (F2)', search: 'Search', none: 'No member found',
      level: 'Level', balance: 'Balance', frozen: 'Frozen', pick: 'Choose', dialogTitle: 'Find member', hint: 'Type a phone, its last four digits or a member number; Enter picks', several: '{{n}} members found: ↑↓ to choose, Enter to take',
      applied: 'Priced at member prices',
    },
    picker: {
      add: 'Add to cart', cancel: 'Cancel', sku: 'Size', required: 'Required', optional: 'Optional', multiple: 'Several, up to {{n}}', range: 'Choose {{min}}–{{max}}',
      chooseN: 'Choose {{n}}', fixed: 'Included', extra: '+{{price}}', quantity: 'Quantity', weight: 'Weight ({{unit}})', weightHelp: 'Up to three decimals',
      soldOut: 'Sold out',
      problems: {
        chooseSku: 'Choose a size', skuSoldOut: '{{name}} is sold out', atLeast: '{{group}}: choose at least {{n}}', atMost: '{{group}}: choose at most {{n}}',
        quantity: 'Enter a valid quantity', comboAtLeast: '{{group}}: choose at least {{n}}', comboAtMost: '{{group}}: choose at most {{n}}', noRepeat: '{{group}}: each dish once',
      },
    },
    pay: {
      title: 'Payment · {{no}}', payable: 'Payable', paid: 'Paid', remaining: 'Due', method: 'Method', cash: 'Cash', balance: 'Member balance', wechat: 'WeChat Pay',
      amount: 'This payment (yuan)', amountHelp: 'Less than due makes a split payment; pay the rest by another method', tendered: 'Tendered (yuan)', change: 'Change', quickTenders: 'Quick tender', exact: 'Exact {{amount}}',
      balanceOf: 'Member balance {{balance}}', noMember: 'No member chosen: balance payment unavailable', notEnough: 'Balance too low', frozen: 'The member is frozen: balance payment unavailable',
      submit: 'Take payment', scan: 'Ask the customer to scan with WeChat', waiting: 'Waiting for the payment…', openSim: "Open the simulator's pay page", otherMethod: 'Another method',
      payments: 'Payments', close: 'Pay later', done: 'Paid', tenderedLow: 'Tendered must cover this payment',
      amountInvalid: 'Enter a valid amount', amountHigh: 'This payment cannot exceed the amount due',
    },
    receipt: {
      title: 'Payment complete', heading: 'Receipt', orderNo: 'Order no.', pickupNo: 'Pickup no.', table: 'Table', type: 'Type', time: 'Time', member: 'Member',
      item: 'Item', qty: 'Qty', amount: 'Amount', goods: 'Goods', packing: 'Packing fee', memberDiscount: 'Member discount', coupon: 'Coupon', payable: 'Payable',
      paid: 'Paid', tendered: 'tendered {{amount}}', change: 'change {{amount}}', operator: 'Cashier', print: 'Print', newOrder: 'New order', remark: 'Note',
    },
    keys: { hint: 'Keys', search: '/ search', enter: 'Enter add', arrows: '↑↓ select', plusMinus: '+ / − last line', member: 'F2 member', pay: 'F9 pay', esc: 'Esc close' },
  },
);
