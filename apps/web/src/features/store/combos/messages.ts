import { addMessages } from '../../../shared/i18n';
import '../../../shared/resource/messages';

/** Texts of 套餐, the combo list, the combo editor and its preview (key `storeCombo`). */
addMessages(
  'storeCombo',
  {
    cover: '图片', name: '套餐名称', category: '分类', price: '价格', memberPrice: '会员价', groups: '内容', available: '可售', onShelf: '上架',
    availableYes: '可售', availableNo: '不可售', availableHelp: '已下架、已估清，或固定菜品已售罄/下架，或可选分组可点的菜品不足时不可售',
    onShelfYes: '已上架', onShelfNo: '已下架', add: '新增套餐', edit: '编辑', createTime: '创建时间', sort: '排序',
    confirmDelete: '确定删除该套餐吗？删除后顾客将看不到它，已有订单不受影响。', deleted: '套餐已删除',
    noCategory: '还没有套餐分类：请先到「菜品分类」新增一个类型为「套餐」的分类',
    fixedSummary: '{{name}}：{{items}}', optionalSummary: '{{name}}：{{items}} 选{{rule}}',
    ruleExactly: '{{n}}', ruleRange: '{{min}}–{{max}}', ruleUpTo: '0–{{max}}',
    editor: {
      addTitle: '新增套餐', editTitle: '编辑套餐：{{name}}', created: '套餐已新增', saved: '套餐已保存',
      basic: '基本信息', content: '套餐内容', name: '套餐名称', category: '套餐分类', images: '套餐图片', description: '套餐描述',
      price: '套餐价（元）', memberPrice: '会员价（元）', memberPriceHelp: '留空表示会员不打折', onShelf: '上架', soldOut: '估清（售罄）', sort: '排序',
      contentHelp: '固定分组的菜品都包含在套餐中；可选分组由顾客从中选 N 个（M 选 N），可设加价',
      addFixed: '添加固定菜品分组', addOptional: '添加可选分组（M 选 N）', noGroups: '还没有分组：添加固定菜品或可选分组',
      group: {
        title: '分组 {{n}}', name: '分组名称', kind: '类型', fixed: '固定', optional: '可选', minChoose: '最少选', maxChoose: '最多选',
        allowRepeat: '可重复选同一菜品', up: '上移分组', down: '下移分组', remove: '删除分组',
        fixedName: '主食', optionalName: '饮品任选', fixedHelp: '以下菜品都包含在套餐中', optionalHelp: '顾客从以下菜品中选择',
      },
      item: {
        dish: '菜品', sku: '规格', quantity: '份数', extraPrice: '加价（元）', isDefault: '默认选中', add: '添加菜品', remove: '删除菜品',
        dishPlaceholder: '选择菜品', skuPlaceholder: '选择规格', offShelf: '已下架', soldOut: '已估清',
      },
    },
    preview: {
      title: '顾客看到的效果', reset: '恢复默认', total: '合计', extra: '加价', chooseExactly: '请选 {{n}} 项', chooseRange: '请选 {{min}}–{{max}} 项',
      chooseUpTo: '可选 0–{{max}} 项', chosen: '已选 {{n}}', ready: '已选好，可以下单', notReady: '还有分组没选好', empty: '添加分组后在这里预览',
      included: '已包含', unavailable: '不可点', more: '加一份', less: '减一份', member: '会员价 {{price}}',
    },
    v: {
      name: '请输入套餐名称', nameLength: '套餐名称不能超过64个字符', category: '请选择套餐分类', price: '请输入套餐价', memberPrice: '会员价不能高于价格',
      description: '套餐描述不能超过500个字符', groups: '套餐至少要有一个分组', groupsMax: '套餐分组不能超过10个',
      groupName: '请输入分组名称', groupNameLength: '分组名称不能超过32个字符', items: '分组至少要有一个菜品', itemsMax: '分组的菜品不能超过50个',
      minChoose: '请输入最少选择数', maxChoose: '请输入最多选择数', minMax: '最少选择不能大于最多选择', minItems: '最少选择不能多于可选菜品数',
      tooManyDefaults: '默认选中的菜品不能多于最多选择数',
      dish: '请选择菜品', sku: '该菜品有多个规格，请选择其中一个', quantity: '请输入份数', duplicate: '同一分组中的菜品不能重复',
      form: '请检查标红的内容',
    },
  },
  {
    cover: 'Image', name: 'Combo', category: 'Category', price: 'Price', memberPrice: 'Member price', groups: 'Content', available: 'Orderable', onShelf: 'On shelf',
    availableYes: 'Orderable', availableNo: 'Not orderable', availableHelp: 'Not orderable when off the shelf, sold out, a fixed item is sold out or off the shelf, or an optional group has too few orderable dishes',
    onShelfYes: 'On shelf', onShelfNo: 'Off shelf', add: 'Add combo', edit: 'Edit', createTime: 'Created', sort: 'Sort',
    confirmDelete: 'Delete this combo? Diners will no longer see it; existing orders are not affected.', deleted: 'The combo was deleted',
    noCategory: 'There is no combo category yet: add a category of kind Combos under Categories first',
    fixedSummary: '{{name}}: {{items}}', optionalSummary: '{{name}}: choose {{rule}} of {{items}}',
    ruleExactly: '{{n}}', ruleRange: '{{min}}–{{max}}', ruleUpTo: '0–{{max}}',
    editor: {
      addTitle: 'Add combo', editTitle: 'Edit combo: {{name}}', created: 'The combo was added', saved: 'The combo was saved',
      basic: 'Basics', content: 'Content', name: 'Combo name', category: 'Combo category', images: 'Pictures', description: 'Description',
      price: 'Combo price (yuan)', memberPrice: 'Member price (yuan)', memberPriceHelp: 'Leave empty for no member discount', onShelf: 'On shelf', soldOut: 'Sold out', sort: 'Sort',
      contentHelp: 'A fixed group’s dishes are all in the combo; diners choose N of an optional group’s M dishes, each may cost extra',
      addFixed: 'Add fixed dishes', addOptional: 'Add a choose-N-of-M group', noGroups: 'No groups yet: add fixed dishes or a group to choose from',
      group: {
        title: 'Group {{n}}', name: 'Group name', kind: 'Kind', fixed: 'Fixed', optional: 'Optional', minChoose: 'At least', maxChoose: 'At most',
        allowRepeat: 'The same dish may be chosen again', up: 'Move group up', down: 'Move group down', remove: 'Remove group',
        fixedName: 'Main', optionalName: 'Any drink', fixedHelp: 'These dishes are all in the combo', optionalHelp: 'Diners choose from these dishes',
      },
      item: {
        dish: 'Dish', sku: 'Size', quantity: 'Quantity', extraPrice: 'Extra (yuan)', isDefault: 'Default', add: 'Add dish', remove: 'Remove dish',
        dishPlaceholder: 'Choose a dish', skuPlaceholder: 'Choose a size', offShelf: 'Off shelf', soldOut: 'Sold out',
      },
    },
    preview: {
      title: 'What a diner sees', reset: 'Back to defaults', total: 'Total', extra: 'extra', chooseExactly: 'Choose {{n}}', chooseRange: 'Choose {{min}}–{{max}}',
      chooseUpTo: 'Choose up to {{max}}', chosen: '{{n}} chosen', ready: 'All chosen: ready to order', notReady: 'Some groups still need a choice', empty: 'Add groups to preview them here',
      included: 'Included', unavailable: 'Unavailable', more: 'One more', less: 'One less', member: 'Member {{price}}',
    },
    v: {
      name: 'Enter the combo name', nameLength: 'The combo name is at most 64 characters', category: 'Choose the combo category', price: 'Enter the combo price', memberPrice: 'The member price cannot be above the price',
      description: 'The description is at most 500 characters', groups: 'A combo needs at least one group', groupsMax: 'At most 10 groups',
      groupName: 'Enter the group name', groupNameLength: 'The group name is at most 32 characters', items: 'A group needs at least one dish', itemsMax: 'At most 50 dishes in a group',
      minChoose: 'Enter the least to choose', maxChoose: 'Enter the most to choose', minMax: 'The least cannot be above the most', minItems: 'The least cannot exceed the dishes to choose from',
      tooManyDefaults: 'No more defaults than the most to choose',
      dish: 'Choose the dish', sku: 'This dish has sizes: choose one', quantity: 'Enter the quantity', duplicate: 'A dish appears only once in a group',
      form: 'Check the fields marked in red',
    },
  },
);
