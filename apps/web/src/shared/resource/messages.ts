import {
  imageUploadMessages, passwordMessages, phoneMessages, urlMessage, codeMessages, smsCodeMessages, voiceUploadMessages,
} from '@canteen/contract';
import { addMessages, i18n } from '../i18n';

/** Texts of the generic resource page (key `resource`). */
addMessages(
  'resource',
  {
    search: '搜索', reset: '清空', add: '新增', edit: '编辑', delete: '删除', actions: '操作', refresh: '刷新',
    addChild: '新增下级', expandAll: '展开全部', collapseAll: '折叠全部', createTitle: '新增', editTitle: '编辑', ok: '确定', cancel: '取消',
    confirmDelete: '是否确认删除该条数据?', created: '新增成功', updated: '修改成功', deleted: '删除成功', done: '操作成功',
    empty: '暂无数据', total: '共 {{total}} 条', inputPlaceholder: '请输入{{label}}', selectPlaceholder: '请选择{{label}}',
    required: '请输入{{label}}', requiredSelect: '请选择{{label}}', startTime: '开始时间', endTime: '结束时间',
    yes: '是', no: '否',
    discardTitle: '放弃未保存的修改？', discardContent: '关闭后，已填写的内容不会保存。', discard: '放弃修改', keepEditing: '继续编辑',
  },
  {
    search: 'Search', reset: 'Reset', add: 'Add', edit: 'Edit', delete: 'Delete', actions: 'Actions', refresh: 'Refresh',
    addChild: 'Add child', expandAll: 'Expand all', collapseAll: 'Collapse all', createTitle: 'Add', editTitle: 'Edit', ok: 'OK', cancel: 'Cancel',
    confirmDelete: 'Delete this record?', created: 'Added', updated: 'Saved', deleted: 'Deleted', done: 'Done',
    empty: 'No data', total: '{{total}} in total', inputPlaceholder: 'Enter {{label}}', selectPlaceholder: 'Select {{label}}',
    required: 'Enter {{label}}', requiredSelect: 'Select {{label}}', startTime: 'Start time', endTime: 'End time',
    yes: 'Yes', no: 'No',
    discardTitle: 'Discard unsaved changes?', discardContent: 'What you entered will not be saved.', discard: 'Discard', keepEditing: 'Keep editing',
  },
);

/** The contract's validation messages (the specification's Chinese, verbatim) and their English. */
const validation: [string, string, string][] = [
  ['phoneEmpty', phoneMessages.empty, 'The phone number cannot be empty'],
  ['phoneLength', phoneMessages.length, 'The phone number is not 11 digits long'],
  ['phoneFormat', phoneMessages.format, 'The phone number format is wrong'],
  ['passwordEmpty', passwordMessages.empty, 'Enter the password'],
  ['passwordLength', passwordMessages.length, 'The password must be 6 to 12 characters'],
  ['codeEmpty', codeMessages.empty, 'Enter the code'],
  ['codeLength', codeMessages.length, 'The code is 4 characters'],
  ['smsCodeEmpty', smsCodeMessages.empty, 'Enter the SMS code'],
  ['smsCodeFormat', smsCodeMessages.format, 'The SMS code has 6 digits'],
  ['url', urlMessage, 'Enter an address beginning with http:// or https://'],
  ['imageType', imageUploadMessages.type, 'Wrong image format!'],
  ['imageSize', imageUploadMessages.size, 'The image must be smaller than 2M!'],
  ['voiceType', voiceUploadMessages.type, 'Wrong voice format!'],
  ['voiceSize', voiceUploadMessages.size, 'The voice file must be smaller than 2M!'],
];
addMessages(
  'validation',
  Object.fromEntries(validation.map(([key, zh]) => [key, zh])),
  Object.fromEntries(validation.map(([key, , en]) => [key, en])),
);
const keyOfMessage = new Map(validation.map(([key, zh]) => [zh, `validation.${key}`]));

/** A contract validator's message in the current language (the Chinese text itself in zh-CN). */
export const validationText = (message: string): string => {
  const key = keyOfMessage.get(message);
  return key ? i18n.t(key) : message;
};
