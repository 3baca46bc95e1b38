import { addMessages } from '../../../shared/i18n';
import '../../../shared/resource/messages';

/** Texts of 规格, the reusable option groups (key `storeSpec`). */
addMessages(
  'storeSpec',
  {
    name: '规格名称', selection: '选择方式', single: '单选', multiple: '多选', rule: '选择规则', options: '选项',
    dishCount: '关联菜品', sort: '排序', createTime: '创建时间',
    required: '必选', optional: '可不选', chooseRange: '选 {{min}}–{{max}} 项', chooseUpTo: '最多选 {{max}} 项', chooseExactly: '选 {{n}} 项',
    minSelect: '最少选择', maxSelect: '最多选择', requiredHelp: '必选时顾客下单必须选择一项',
    option: { name: '选项名称', priceDelta: '加价（元）', isDefault: '默认', enabled: '启用', add: '添加选项', remove: '删除选项', up: '上移', down: '下移' },
    add: '新增规格', edit: '编辑', addTitle: '新增规格', editTitle: '编辑规格：{{name}}', created: '规格已新增', saved: '规格已保存',
    confirmDelete: '确定删除该规格吗？已关联菜品的规格不能删除。', deleted: '规格已删除',
    namePlaceholder: '如 辣度、甜度、加料', optionPlaceholder: '如 微辣',
    v: {
      name: '请输入规格名称', nameLength: '规格名称不能超过32个字符', optionName: '请输入选项名称', optionNameLength: '选项名称不能超过32个字符',
      noOptions: '规格至少要有一个选项', tooManyOptions: '规格选项不能超过30个', duplicate: '规格选项名称不能重复',
      oneDefault: '单选规格只能有一个默认选项', tooManyDefaults: '默认选项不能多于最多选择数', disabledDefault: '停用的选项不能设为默认',
      minMax: '最少选择不能大于最多选择', minEnabled: '最少选择不能多于可用选项数', maxOptions: '最多选择不能多于选项数',
      minSelect: '请输入最少选择', maxSelect: '请输入最多选择',
    },
  },
  {
    name: 'Option group', selection: 'Selection', single: 'Single', multiple: 'Multiple', rule: 'Rule', options: 'Options',
    dishCount: 'Dishes', sort: 'Sort', createTime: 'Created',
    required: 'Required', optional: 'Optional', chooseRange: 'Choose {{min}}–{{max}}', chooseUpTo: 'Up to {{max}}', chooseExactly: 'Choose {{n}}',
    minSelect: 'At least', maxSelect: 'At most', requiredHelp: 'When required, diners must pick one',
    option: { name: 'Option', priceDelta: 'Extra (yuan)', isDefault: 'Default', enabled: 'Enabled', add: 'Add option', remove: 'Remove option', up: 'Move up', down: 'Move down' },
    add: 'Add option group', edit: 'Edit', addTitle: 'Add option group', editTitle: 'Edit option group: {{name}}', created: 'The option group was added', saved: 'The option group was saved',
    confirmDelete: 'Delete this option group? A group attached to dishes cannot be deleted.', deleted: 'The option group was deleted',
    namePlaceholder: 'e.g. Spiciness, Sweetness, Add-ons', optionPlaceholder: 'e.g. Mild',
    v: {
      name: 'Enter the group name', nameLength: 'The group name is at most 32 characters', optionName: 'Enter the option name', optionNameLength: 'An option name is at most 32 characters',
      noOptions: 'A group needs at least one option', tooManyOptions: 'At most 30 options', duplicate: 'Option names must differ',
      oneDefault: 'A single-choice group has at most one default', tooManyDefaults: 'More defaults than the most a diner may choose', disabledDefault: 'A disabled option cannot be the default',
      minMax: 'At least cannot exceed at most', minEnabled: 'At least cannot exceed the enabled options', maxOptions: 'At most cannot exceed the options',
      minSelect: 'Enter the least', maxSelect: 'Enter the most',
    },
  },
);
