import { addMessages } from '../../../shared/i18n';
import '../../../shared/resource/messages';

/** Texts of 菜品分类 (key `storeCategory`). */
addMessages(
  'storeCategory',
  {
    name: '分类名称', kind: '类型', dish: '菜品', combo: '套餐', sort: '排序', enabled: '启用', itemCount: '菜品/套餐数',
    createTime: '创建时间', on: '启用', off: '停用', kindHelp: '套餐分类只放套餐，菜品分类只放菜品',
    reorder: '调整顺序', reorderTitle: '调整分类顺序', sorted: '分类顺序已保存',
    confirmDelete: '确定删除该分类吗？分类下还有菜品或套餐时不能删除。', deleted: '分类已删除',
    sorting: { save: '保存顺序', help: '拖动行，或用右侧按钮移动，然后保存', top: '移到最前', up: '上移', down: '下移' },
    v: { name: '请输入分类名称', nameLength: '分类名称不能超过32个字符', kind: '请选择分类类型', sort: '排序应在 -99999 到 99999 之间' },
  },
  {
    name: 'Category', kind: 'Kind', dish: 'Dishes', combo: 'Combos', sort: 'Sort', enabled: 'Enabled', itemCount: 'Items',
    createTime: 'Created', on: 'Enabled', off: 'Disabled', kindHelp: 'A combo category holds combos only, a dish category dishes only',
    reorder: 'Reorder', reorderTitle: 'Reorder categories', sorted: 'The order was saved',
    confirmDelete: 'Delete this category? A category that still holds dishes or combos cannot be deleted.', deleted: 'The category was deleted',
    sorting: { save: 'Save order', help: 'Drag the rows, or move them with the buttons, then save', top: 'Move to top', up: 'Move up', down: 'Move down' },
    v: { name: 'Enter the category name', nameLength: 'The category name is at most 32 characters', kind: 'Choose the kind', sort: 'Sort is between -99999 and 99999' },
  },
);
