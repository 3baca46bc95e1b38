import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';

/** Texts of 储值卡: the recharge plans (充值方案) with their editor, and the recharge records (充值记录) with refund (key `customerRecharge`). */
addMessages(
  'customerRecharge',
  {
    tabs: { plans: '充值方案', records: '充值记录' },
    plan: {
      name: '方案名称', offer: '充值优惠', payAmount: '充值金额', bonusAmount: '赠送金额', bonusPoints: '赠送积分', gifts: '赠送优惠券',
      stores: '适用门店', allStores: '全部门店', validity: '有效期', always: '长期有效', perMemberLimit: '每人限充', unlimited: '不限', times: '{{n}} 次',
      enabled: '状态', enabledYes: '启用', enabledNo: '停用', sort: '排序', usedCount: '已充值次数',
      summary: '充 {{pay}} 送 {{bonus}} = 到账 {{total}}', summaryNoBonus: '充 {{pay}} = 到账 {{total}}',
      pointsExtra: '另送 {{points}} 积分', couponsExtra: '另送 {{n}} 张优惠券',
      add: '新增方案', edit: '编辑', confirmDelete: '确定删除充值方案「{{name}}」吗？已有充值记录的方案不能删除，请改为停用。', deleted: '充值方案已删除',
      from: '{{time}} 起', until: '至 {{time}}', range: '{{from}} 至 {{to}}',
    },
    editor: {
      addTitle: '新增充值方案', editTitle: '编辑充值方案：{{name}}', created: '充值方案已新增', saved: '充值方案已保存',
      name: '方案名称', namePlaceholder: '如 充500送80', payAmount: '充值金额（元）', bonusAmount: '赠送金额（元）', bonusPoints: '赠送积分',
      gifts: '赠送优惠券', giftsHelp: '充值成功后每种各送 1 张，最多 {{max}} 种；只能选择进行中的券模板', giftsPlaceholder: '选择券模板（可不选）',
      stores: '适用门店', storesHelp: '不选表示全部门店', storesPlaceholder: '全部门店',
      validity: '有效期', validityHelp: '不填表示长期有效；只在有效期内的方案会出现在收银台', validFrom: '开始时间', validTo: '结束时间',
      perMemberLimit: '每人限充次数', perMemberLimitHelp: '同一会员使用本方案的次数上限，不填表示不限', perMemberLimitPlaceholder: '不限',
      enabled: '启用', sort: '排序', sortHelp: '数字小的排在前面', preview: '收银台显示为',
    },
    v: {
      name: '请输入方案名称', nameLength: '方案名称不能超过32个字符', payAmount: '请输入充值金额', payAmountMin: '充值金额至少 ¥0.01',
      moneyMax: '金额不能超过 ¥9,999,999.99', bonusPoints: '赠送积分应为 0–9999999 的整数', giftsMax: '赠送优惠券最多 {{max}} 种',
      validRange: '开始时间必须早于结束时间', perMemberLimit: '每人限充次数应为 1–9999', form: '请检查标红的内容',
    },
    record: {
      time: '充值时间', businessDate: '营业日', member: '会员', phone: '手机号', store: '门店', plan: '充值方案', freeAmount: '自定义金额',
      pay: '实付', bonus: '赠送', bonusPoints: '赠送积分', method: '支付方式', reference: '支付流水号', operator: '操作人', status: '状态',
      refunded: '已退 本金 {{principal}} · 赠送金 {{bonus}}', refundReason: '退款原因：{{reason}}', refundedAt: '退款时间：{{time}}',
      statuses: { paid: '已到账', refunded: '已退款' },
      methods: { cash: '现金', external: '外部支付', wechat: '微信支付' },
      refund: '退款', empty: '没有充值记录',
    },
    filter: {
      dates: '营业日', store: '门店', method: '支付方式', status: '状态', member: '会员', memberPlaceholder: '输入手机号 / 尾号 / 会员号 / 姓名搜索',
      search: '查询', reset: '清空', all: '全部',
    },
    refund: {
      title: '充值退款', member: '会员', recharge: '充值', rechargeText: '{{time}} 在 {{store}} 充值 {{pay}}，赠送 {{bonus}}',
      loading: '正在读取会员余额…', balances: '会员当前余额：本金 {{principal}}，赠送金 {{bonus}}，积分 {{points}}',
      bonusBack: '扣回赠送金', principalBack: '退还本金（付给顾客）', pointsBack: '扣回积分',
      rule: '退款先扣回本次充值赠送的赠送金（以会员现有赠送金为限），再退还未消费的本金（最多为本次实付金额）；随本次充值赠送且未使用的优惠券一并作废。',
      nothing: '会员的本金已用完，没有可退的本金', frozenNote: '退款后此次充值标记为已退款，不能再次退款。',
      reason: '退款原因', reasonPlaceholder: '如 顾客要求退卡、重复充值（2–200 个字）',
      confirm: '确认退款：扣回赠送金 {{bonus}}，退还本金 {{principal}}', submit: '确认退款', done: '已退款：退还本金 {{principal}}，扣回赠送金 {{bonus}}',
      v: { reason: '请填写退款原因', reasonLength: '退款原因为 2–200 个字' },
    },
  },
  {
    tabs: { plans: 'Recharge plans', records: 'Recharges' },
    plan: {
      name: 'Plan', offer: 'Offer', payAmount: 'Pay', bonusAmount: 'Bonus', bonusPoints: 'Bonus points', gifts: 'Gift coupons',
      stores: 'Stores', allStores: 'All stores', validity: 'Valid', always: 'Always', perMemberLimit: 'Per member', unlimited: 'No limit', times: '{{n}} times',
      enabled: 'Status', enabledYes: 'Enabled', enabledNo: 'Disabled', sort: 'Sort', usedCount: 'Recharges',
      summary: 'Pay {{pay}} get {{bonus}} extra = {{total}} credited', summaryNoBonus: 'Pay {{pay}} = {{total}} credited',
      pointsExtra: 'plus {{points}} points', couponsExtra: 'plus {{n}} coupons',
      add: 'Add plan', edit: 'Edit', confirmDelete: 'Delete the plan "{{name}}"? A plan with recharges cannot be deleted: disable it instead.', deleted: 'The plan was deleted',
      from: 'from {{time}}', until: 'until {{time}}', range: '{{from}} to {{to}}',
    },
    editor: {
      addTitle: 'Add recharge plan', editTitle: 'Edit recharge plan: {{name}}', created: 'The plan was added', saved: 'The plan was saved',
      name: 'Plan name', namePlaceholder: 'e.g. Pay 500 get 80', payAmount: 'Pay (yuan)', bonusAmount: 'Bonus (yuan)', bonusPoints: 'Bonus points',
      gifts: 'Gift coupons', giftsHelp: 'One of each after the recharge, at most {{max}} kinds; only active coupon plans', giftsPlaceholder: 'Coupon plans (optional)',
      stores: 'Stores', storesHelp: 'None chosen: every store', storesPlaceholder: 'All stores',
      validity: 'Valid', validityHelp: 'Empty: always; the counter offers a plan only while it is valid', validFrom: 'From', validTo: 'To',
      perMemberLimit: 'Times per member', perMemberLimitHelp: 'How often one member may use this plan; empty: no limit', perMemberLimitPlaceholder: 'No limit',
      enabled: 'Enabled', sort: 'Sort', sortHelp: 'Smaller numbers first', preview: 'The counter shows',
    },
    v: {
      name: 'Enter the plan name', nameLength: 'The plan name is at most 32 characters', payAmount: 'Enter the amount to pay', payAmountMin: 'The amount is at least ¥0.01',
      moneyMax: 'At most ¥9,999,999.99', bonusPoints: 'Bonus points are a whole number from 0 to 9999999', giftsMax: 'At most {{max}} gift coupon plans',
      validRange: 'The start must be before the end', perMemberLimit: 'Times per member: 1 to 9999', form: 'Check the fields marked in red',
    },
    record: {
      time: 'Time', businessDate: 'Business date', member: 'Member', phone: 'Phone', store: 'Store', plan: 'Plan', freeAmount: 'Free amount',
      pay: 'Paid', bonus: 'Bonus', bonusPoints: 'Bonus points', method: 'Payment', reference: 'Payment ref.', operator: 'Operator', status: 'Status',
      refunded: 'Refunded principal {{principal}} · bonus {{bonus}}', refundReason: 'Reason: {{reason}}', refundedAt: 'Refunded at {{time}}',
      statuses: { paid: 'Credited', refunded: 'Refunded' },
      methods: { cash: 'Cash', external: 'External payment', wechat: 'WeChat Pay' },
      refund: 'Refund', empty: 'No recharges',
    },
    filter: {
      dates: 'Business date', store: 'Store', method: 'Payment', status: 'Status', member: 'Member', memberPlaceholder: 'Search by phone / last 4 / member no. / name',
      search: 'Search', reset: 'Reset', all: 'All',
    },
    refund: {
      title: 'Refund a recharge', member: 'Member', recharge: 'Recharge', rechargeText: '{{pay}} paid at {{store}} on {{time}}, {{bonus}} bonus',
      loading: 'Loading the member’s balance…', balances: 'The member now has principal {{principal}}, bonus {{bonus}}, {{points}} points',
      bonusBack: 'Bonus taken back', principalBack: 'Principal paid back to the customer', pointsBack: 'Points taken back',
      rule: 'A refund first takes back this recharge’s bonus (as far as the member still has bonus), then pays back the unspent principal (at most what was paid); the unused gift coupons of this recharge are voided.',
      nothing: 'The member has spent the principal: nothing to pay back', frozenNote: 'The recharge is then marked refunded and cannot be refunded again.',
      reason: 'Reason', reasonPlaceholder: 'e.g. the customer returns the card, paid twice (2–200 characters)',
      confirm: 'Refund: take back {{bonus}} bonus, pay back {{principal}} principal', submit: 'Refund', done: 'Refunded: {{principal}} principal paid back, {{bonus}} bonus taken back',
      v: { reason: 'Enter the reason', reasonLength: 'The reason is 2–200 characters' },
    },
  },
);
