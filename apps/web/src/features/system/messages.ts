import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';

/** Texts of the system-management screens (key `system`). */
addMessages(
  'system',
  {
    user: {
      username: '用户名', password: '密码', nickname: '昵称', avatar: '头像', phone: '手机号', dept: '所属部门',
      roles: '角色', lockFlag: '状态', createTime: '创建时间', normal: '有效', locked: '锁定',
      lock: '锁定', unlock: '解锁', confirmLock: '确定锁定该用户吗?', confirmUnlock: '确定解锁该用户吗?',
      resetPassword: '重置密码', newPassword: '新密码', resetDone: '密码已重置', allDepts: '全部部门',
    },
    role: {
      roleName: '角色名称', roleCode: '角色编码', roleDesc: '角色描述', createTime: '创建时间',
      grant: '分配权限', grantTitle: '分配权限：{{name}}', granted: '权限已保存', roleCodeRule: '角色编码须以 ROLE_ 开头，只含大写字母、数字和下划线',
      expandAll: '展开全部', collapseAll: '折叠全部', checkAll: '全选', checkNone: '全不选',
    },
    menu: {
      parent: '上级菜单', top: '顶级菜单', name: '名称', type: '类型', typeMenu: '菜单', typeButton: '按钮',
      permission: '权限标识', icon: '图标', path: '路由地址', component: '组件', sort: '排序', keepAlive: '缓存',
      keepAliveOn: '缓存', keepAliveOff: '不缓存', pickIcon: '选择图标', searchIcon: '搜索图标名', noIcon: '无',
      permissionRule: '权限标识格式为 模块:页面:操作',
      src: '外部地址', srcHelp: '填写后在页面内嵌打开该地址', query: '路由参数', queryHelp: '键值对 key=value（以 & 或换行分隔），或 JSON 对象',
      queryFormat: '路由参数须为 key=value（以 & 或换行分隔）或 JSON 对象', queryRule: '路由参数名不能含空白、& 或 =，且不能超过20个',
      roles: '可见角色', rolesHelp: '不选则所有被授权的角色可见',
    },
    dept: { parent: '上级部门', top: '顶级部门', name: '部门名称', sort: '排序', createTime: '创建时间' },
    client: {
      clientId: '终端ID', clientIdRule: '终端ID只能包含字母、数字、_ 和 -', clientSecret: '终端密钥', secretKeep: '留空则不修改密钥', scope: '作用域',
      grantTypes: '授权类型', accessTokenValidity: '令牌时效(秒)', refreshTokenValidity: '刷新时效(秒)', createTime: '创建时间',
    },
    token: {
      username: '用户名', clientId: '终端', grantType: '授权类型', remoteAddr: 'IP地址', createTime: '登录时间',
      expiresAt: '过期时间', kick: '强制下线', confirmKick: '确定让该令牌的用户下线吗?', kicked: '已强制下线',
    },
    log: {
      type: '类型', normal: '正常', error: '异常', title: '标题', source: '来源', remoteAddr: 'IP地址', method: '请求方式',
      requestUri: '请求地址', createBy: '操作人', time: '耗时(毫秒)', status: '状态码', createTime: '创建时间',
      range: '时间范围', exception: '异常信息', noException: '无异常信息',
    },
  },
  {
    user: {
      username: 'User name', password: 'Password', nickname: 'Nickname', avatar: 'Avatar', phone: 'Phone', dept: 'Department',
      roles: 'Roles', lockFlag: 'Status', createTime: 'Created', normal: 'Active', locked: 'Locked',
      lock: 'Lock', unlock: 'Unlock', confirmLock: 'Lock this user?', confirmUnlock: 'Unlock this user?',
      resetPassword: 'Reset password', newPassword: 'New password', resetDone: 'The password was reset', allDepts: 'All departments',
    },
    role: {
      roleName: 'Role name', roleCode: 'Role code', roleDesc: 'Description', createTime: 'Created',
      grant: 'Permissions', grantTitle: 'Permissions of {{name}}', granted: 'Permissions saved', roleCodeRule: 'A role code begins with ROLE_ and holds capitals, digits and underscores',
      expandAll: 'Expand all', collapseAll: 'Collapse all', checkAll: 'Check all', checkNone: 'Check none',
    },
    menu: {
      parent: 'Parent', top: 'Top level', name: 'Name', type: 'Type', typeMenu: 'Menu', typeButton: 'Button',
      permission: 'Permission', icon: 'Icon', path: 'Route path', component: 'Component', sort: 'Sort', keepAlive: 'Keep alive',
      keepAliveOn: 'Keep alive', keepAliveOff: 'Do not keep', pickIcon: 'Pick an icon', searchIcon: 'Search icon names', noIcon: 'None',
      permissionRule: 'A permission reads module:screen:action',
      src: 'External address', srcHelp: 'When set, the page opens this address inside the layout', query: 'Route query', queryHelp: 'key=value pairs (separated by & or new lines), or a JSON object',
      queryFormat: 'The route query must be key=value pairs (separated by & or new lines) or a JSON object', queryRule: 'Query names hold no blanks, & or =, and there are at most 20',
      roles: 'Visible to roles', rolesHelp: 'Leave empty for every granted role',
    },
    dept: { parent: 'Parent', top: 'Top level', name: 'Department', sort: 'Sort', createTime: 'Created' },
    client: {
      clientId: 'Client ID', clientIdRule: 'A client ID holds letters, digits, _ and -', clientSecret: 'Client secret', secretKeep: 'Leave empty to keep the secret', scope: 'Scope',
      grantTypes: 'Grant types', accessTokenValidity: 'Access token validity (s)', refreshTokenValidity: 'Refresh token validity (s)', createTime: 'Created',
    },
    token: {
      username: 'User name', clientId: 'Client', grantType: 'Grant type', remoteAddr: 'IP address', createTime: 'Signed in',
      expiresAt: 'Expires', kick: 'Sign out', confirmKick: 'Sign this token\'s user out?', kicked: 'Signed out',
    },
    log: {
      type: 'Type', normal: 'Normal', error: 'Error', title: 'Title', source: 'Source', remoteAddr: 'IP address', method: 'Method',
      requestUri: 'URI', createBy: 'User', time: 'Duration (ms)', status: 'Status', createTime: 'Created',
      range: 'Time range', exception: 'Exception', noException: 'No exception',
    },
  },
);
