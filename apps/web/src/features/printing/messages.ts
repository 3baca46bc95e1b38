import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';

/** Texts of 打印机 and of the order drawer's 打印记录 (key `printing`). */
addMessages(
  'printing',
  {
    tabs: { printers: '打印机', jobs: '打印记录', account: '飞鹅账号' },
    noStore: '您还没有分配门店，请联系管理员', loading: '正在加载门店',
    name: '名称', brand: '品牌', address: '编号 / 地址', paper: '纸宽', tickets: '打印内容', copies: '份数', trigger: '打印时机',
    categories: '打印分类', kitchenSplit: '后厨单', enabled: '启用', status: '状态', checkedAt: '检查于', createdAt: '创建时间',
    feieSn: '打印机编号（SN）', feieKey: '打印机密钥（KEY）', feieKeyKeep: '修改时留空则保留已保存的密钥',
    host: '打印机地址', port: '端口', allCategories: '全部分类（留空）', categoriesHelp: '后厨单只打印这些分类的菜品；留空打印全部',
    paperMm: '{{mm}} 毫米', columns: '{{columns}} 字/行',
    brands: { feie: '飞鹅云打印机', escpos: '网络打印机（ESC/POS）' },
    ticketKinds: { receipt: '结账单', kitchen: '后厨单', refund: '退菜单', test: '测试页' },
    splits: { order: '一单一张', dish: '一菜一张' },
    triggers: { on_paid: '支付后打印', on_accepted: '接单后打印', manual: '手动打印' },
    statuses: { unknown: '未知', online: '在线', offline: '离线', no_paper: '缺纸' },
    jobStatuses: { pending: '待发送', sending: '发送中', sent: '已发送', failed: '发送失败' },
    testPrint: '测试打印', testPrinted: '测试页已加入打印队列', checkStatus: '刷新状态', statusChecked: '状态已刷新',
    preview: { title: '小票预览', ticket: '预览', empty: '选择打印内容后显示预览', failed: '预览加载失败：{{message}}' },
    jobs: {
      printer: '打印机', orderNo: '订单号', ticket: '内容', round: '轮次', roundN: '第{{round}}轮', status: '状态', attempts: '尝试次数',
      error: '错误', sentAt: '发送时间', createdAt: '创建时间', copies: '份数', reprint: '重打', reprinted: '已加入重打队列',
      confirmReprint: '确定重打这张小票吗？', reprintTag: '重打', nextAttempt: '下次重试 {{time}}', testPage: '测试页', none: '—',
    },
    drawer: { title: '打印记录', empty: '这笔订单还没有打印任务', print: '打印', printed: '已加入打印队列' },
    account: {
      user: '飞鹅账号', ukey: 'UKEY', ukeyKeep: '留空则保留已保存的UKEY（{{masked}}）', save: '保存', saved: '飞鹅账号已保存',
      help: '飞鹅开放平台的账号（注册手机号或邮箱）与UKEY，所有飞鹅打印机用它签名调用', notConfigured: '尚未配置飞鹅账号，飞鹅打印机无法打印',
      v: { user: '请输入飞鹅账号' },
    },
    alert: {
      offline: '打印机“{{name}}”离线', no_paper: '打印机“{{name}}”缺纸', online: '打印机“{{name}}”已恢复',
      open: '点击查看打印机', detail: '{{message}}',
    },
    v: { name: '请输入打印机名称', sn: '请输入打印机编号（SN）', key: '请输入打印机密钥（KEY）', host: '请输入打印机地址', tickets: '至少选择一种打印内容' },
  },
  {
    tabs: { printers: 'Printers', jobs: 'Print jobs', account: 'Feie account' },
    noStore: 'You have no store yet; ask an administrator', loading: 'Loading stores',
    name: 'Name', brand: 'Brand', address: 'SN / address', paper: 'Paper', tickets: 'Tickets', copies: 'Copies', trigger: 'Prints',
    categories: 'Categories', kitchenSplit: 'Kitchen ticket', enabled: 'Enabled', status: 'Status', checkedAt: 'Checked', createdAt: 'Created',
    feieSn: 'Printer SN', feieKey: 'Printer KEY', feieKeyKeep: 'When editing, leave empty to keep the saved key',
    host: 'Printer address', port: 'Port', allCategories: 'All categories (empty)', categoriesHelp: 'Kitchen tickets carry only dishes of these categories; empty: all',
    paperMm: '{{mm}} mm', columns: '{{columns}} columns',
    brands: { feie: 'Feie cloud printer', escpos: 'Network printer (ESC/POS)' },
    ticketKinds: { receipt: 'Receipt', kitchen: 'Kitchen', refund: 'Refund', test: 'Test page' },
    splits: { order: 'One per order', dish: 'One per dish' },
    triggers: { on_paid: 'When paid', on_accepted: 'When accepted', manual: 'Manually' },
    statuses: { unknown: 'Unknown', online: 'Online', offline: 'Offline', no_paper: 'Out of paper' },
    jobStatuses: { pending: 'Pending', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
    testPrint: 'Test print', testPrinted: 'The test page is queued', checkStatus: 'Check status', statusChecked: 'Status checked',
    preview: { title: 'Ticket preview', ticket: 'Preview', empty: 'Choose a ticket to preview it', failed: 'The preview failed: {{message}}' },
    jobs: {
      printer: 'Printer', orderNo: 'Order no.', ticket: 'Ticket', round: 'Round', roundN: 'Round {{round}}', status: 'Status', attempts: 'Attempts',
      error: 'Error', sentAt: 'Sent', createdAt: 'Created', copies: 'Copies', reprint: 'Reprint', reprinted: 'The reprint is queued',
      confirmReprint: 'Reprint this ticket?', reprintTag: 'Reprint', nextAttempt: 'Next try {{time}}', testPage: 'Test page', none: '—',
    },
    drawer: { title: 'Print jobs', empty: 'No print jobs for this order yet', print: 'Print', printed: 'Queued for printing' },
    account: {
      user: 'Feie user', ukey: 'UKEY', ukeyKeep: 'Leave empty to keep the saved UKEY ({{masked}})', save: 'Save', saved: 'The Feie account was saved',
      help: 'The Feie open platform account (phone or e-mail) and UKEY every Feie printer call is signed with', notConfigured: 'No Feie account yet: Feie printers cannot print',
      v: { user: 'Enter the Feie user' },
    },
    alert: {
      offline: 'Printer "{{name}}" is offline', no_paper: 'Printer "{{name}}" is out of paper', online: 'Printer "{{name}}" is back',
      open: 'Click to see the printers', detail: '{{message}}',
    },
    v: { name: 'Enter the printer name', sn: 'Enter the printer SN', key: 'Enter the printer KEY', host: 'Enter the printer address', tickets: 'Choose at least one ticket' },
  },
);
