import { addMessages } from '../shared/i18n';

/** The shell's texts (zh-CN first; the specification's Chinese verbatim). */
const zh = {
  nav: { home: '首页', allMessages: '全部消息', info: '个人信息', iframe: '外部页面', breadcrumbHome: '首页' },
  tabs: { refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭全部', menu: '标签操作' },
  header: {
    expand: '展开菜单', collapse: '折叠菜单', search: '搜索菜单', store: '切换门店', storeClosed: '休息中', searchEmpty: '没有匹配的菜单', fullscreen: '全屏', exitFullscreen: '退出全屏',
    lock: '锁屏', theme: '主题', color: '主题色', log: '错误日志', settings: '系统信息', bell: '消息', noMessages: '暂无未读消息', language: '语言',
    menuTitle: '菜单', demoMode: '演示模式', demoModeHint: '演示模式：使用公开的演示账号与模拟支付，请勿用于真实营业',
  },
  mustChange: {
    title: '请修改初始密码', intro: '您的密码是管理员设置的初始密码，修改后才能继续使用系统。', oldPassword: '初始密码', newPassword: '新密码',
    confirmPassword: '确认密码', oldRequired: '请输入初始密码', confirmRequired: '请再次输入新密码', mismatch: '两次输入的密码不一致!',
    sameAsOld: '新密码不能与初始密码相同', submit: '修改密码', signOut: '退出登录', changed: '密码已修改',
  },
  themes: { default: '默认', colourful: '炫彩', black: '黑色', gradient: '渐变' },
  lock: {
    title: '设置锁屏密码', password: '锁屏密码', placeholder: '请输入锁屏密码', required: '锁屏密码不能为空', submit: '锁 屏',
    locked: '屏幕已锁定', unlock: '解锁', wrong: '解锁密码错误,请重新输入', toLogin: '退出并重新登录',
  },
  user: { info: '个人信息', permissions: '我的权限', support: '联系客服', logout: '退出系统', logoutConfirm: '是否退出系统, 是否继续?', tip: '提示', unknown: '用户' },
  settings: {
    title: '系统信息', version: '当前版本', switches: '显示设置',
    showTag: '标签栏', showDebug: '日志', showTheme: '主题', showColor: '主题色', showFullScren: '全屏', showLock: '锁屏', showSearch: '搜索', showCollapse: '折叠',
  },
  log: {
    title: '错误日志', type: '类型', message: '信息', stack: '堆栈', info: '来源', url: '地址', time: '时间', upload: '上传服务器', clear: '清空本地日志',
    uploadConfirm: '确定上传本地日志到服务器?', uploaded: '发送成功!', clearConfirm: '确定清空本地日志记录?', cleared: '清空成功!', empty: '暂无日志',
  },
  support: {
    title: '联系客服', intro: '使用中遇到问题，可以通过以下方式联系我们：', phone: '客服电话', email: '电子邮箱', hours: '服务时间',
  },
  perms: { title: '我的权限', menus: '菜单', buttons: '按钮', other: '其他权限', roles: '角色', empty: '暂无权限' },
  page: {
    notAvailable: '该页面暂未开放', notAvailableHint: '“{{name}}”正在建设中，敬请期待。', loading: '加载中…', iframeMissing: '缺少外部页面地址',
  },
  home: {
    greeting: '{{part}}，{{name}}', morning: '早上好', afternoon: '下午好', evening: '晚上好', roles: '当前角色', today: '今日概况',
    shortcuts: '快捷入口', noShortcuts: '暂无可用的功能模块',
    openTabs: '已打开标签', localErrors: '本地错误日志', unread: '未读消息', modules: '可用模块',
  },
};

const en: typeof zh = {
  nav: { home: 'Home', allMessages: 'All messages', info: 'Personal info', iframe: 'External page', breadcrumbHome: 'Home' },
  tabs: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all', menu: 'Tab actions' },
  header: {
    expand: 'Expand menu', collapse: 'Collapse menu', search: 'Search menu', store: 'Switch store', storeClosed: 'Closed', searchEmpty: 'No matching menu', fullscreen: 'Full screen', exitFullscreen: 'Exit full screen',
    lock: 'Lock screen', theme: 'Theme', color: 'Theme colour', log: 'Error log', settings: 'System info', bell: 'Messages', noMessages: 'No unread messages', language: 'Language',
    menuTitle: 'Menu', demoMode: 'Demo mode', demoModeHint: 'Demo mode: public demo accounts and simulated payments, not for real business',
  },
  mustChange: {
    title: 'Change your initial password', intro: 'Your password was set for you by an administrator: change it to go on.', oldPassword: 'Initial password', newPassword: 'New password',
    confirmPassword: 'Confirm password', oldRequired: 'Enter the initial password', confirmRequired: 'Enter the new password again', mismatch: 'The two passwords differ!',
    sameAsOld: 'The new password must differ from the initial one', submit: 'Change password', signOut: 'Sign out', changed: 'Password changed',
  },
  themes: { default: 'Default', colourful: 'Colourful', black: 'Black', gradient: 'Gradient' },
  lock: {
    title: 'Set a lock password', password: 'Lock password', placeholder: 'Enter a lock password', required: 'The lock password cannot be empty', submit: 'Lock',
    locked: 'Screen locked', unlock: 'Unlock', wrong: 'Wrong password, try again', toLogin: 'Sign out and sign in again',
  },
  user: { info: 'Personal info', permissions: 'My permissions', support: 'Contact support', logout: 'Sign out', logoutConfirm: 'Sign out of the system, continue?', tip: 'Notice', unknown: 'User' },
  settings: {
    title: 'System info', version: 'Version', switches: 'Display',
    showTag: 'Tag bar', showDebug: 'Log', showTheme: 'Theme', showColor: 'Theme colour', showFullScren: 'Full screen', showLock: 'Lock screen', showSearch: 'Search', showCollapse: 'Collapse',
  },
  log: {
    title: 'Error log', type: 'Type', message: 'Message', stack: 'Stack', info: 'Info', url: 'URL', time: 'Time', upload: 'Upload to server', clear: 'Clear local log',
    uploadConfirm: 'Upload the local log to the server?', uploaded: 'Sent!', clearConfirm: 'Clear the local log?', cleared: 'Cleared!', empty: 'No entries',
  },
  support: {
    title: 'Contact support', intro: 'Need help? Reach us here:', phone: 'Phone', email: 'Email', hours: 'Hours',
  },
  perms: { title: 'My permissions', menus: 'Menus', buttons: 'Buttons', other: 'Other permissions', roles: 'Roles', empty: 'No permissions' },
  page: {
    notAvailable: 'This screen is not available yet', notAvailableHint: '“{{name}}” is still being built.', loading: 'Loading…', iframeMissing: 'The external page address is missing',
  },
  home: {
    greeting: '{{part}}, {{name}}', morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening', roles: 'Roles', today: 'Today',
    shortcuts: 'Shortcuts', noShortcuts: 'No modules available',
    openTabs: 'Open tabs', localErrors: 'Local error log', unread: 'Unread messages', modules: 'Modules',
  },
};

/** English labels of the seeded menu, by path (the server's labels are Chinese). */
const menuEn: Record<string, string> = {
  '/admin': 'System', '/admin/user': 'Users', '/admin/role': 'Roles', '/admin/menu': 'Menus', '/admin/dept': 'Departments', '/admin/client': 'Clients',
  '/admin/token': 'Tokens', '/admin/log': 'Logs', '/store': 'Store', '/store/shop': 'Store info', '/store/printer': 'Printers', '/store/dish': 'Dishes',
  '/store/category': 'Categories', '/store/combo': 'Combos', '/store/spec': 'Specs', '/store/table': 'Tables', '/customer': 'Customers',
  '/customer/member': 'Members', '/customer/rechargecard': 'Recharge cards', '/customer/coupon': 'Coupons', '/order': 'Orders', '/order/list': 'Order list', '/order/cashier': 'Cashier',
  '/report': 'Reports', '/report/sales': 'Sales report', '/wxmp': 'Public account', '/wxmp/wxapp': 'Accounts', '/wxmp/wxuser': 'Followers',
  '/wxmp/wxusertags': 'Follower tags', '/wxmp/wxmaterial': 'Materials', '/wxmp/wxautoreply': 'Auto replies', '/wxmp/wxmenu': 'Custom menu', '/wxmp/wxmsg': 'Messages',
};

addMessages('shell', zh, en);
addMessages('menuLabel', {}, Object.fromEntries(Object.entries(menuEn).map(([k, v]) => [k.replace(/\//g, '_'), v])));
