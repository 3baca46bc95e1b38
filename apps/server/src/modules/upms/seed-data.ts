import { screenCodes, type PermissionScreen } from '@canteen/contract';

/** One screen of the seeded menu: its page and its buttons (the screen's permission codes). */
export interface SeedScreen {
  name: string;
  path: string;
  component: string;
  icon: string;
  screen: PermissionScreen;
}

export interface SeedGroup {
  name: string;
  path: string;
  icon: string;
  /** Only the super-admin role is granted this group (system management). */
  adminOnly?: boolean;
  screens: SeedScreen[];
}

const screen = (name: string, path: string, icon: string, permissionScreen: PermissionScreen): SeedScreen => ({
  name,
  path,
  component: `views${path}/index`,
  icon,
  screen: permissionScreen,
});

/** The complete menu of the product (docs/identity-api.md); component names are fixed. */
export const seedMenu: SeedGroup[] = [
  {
    name: '系统管理', path: '/admin', icon: 'SettingOutlined', adminOnly: true,
    screens: [
      screen('用户管理', '/admin/user', 'UserOutlined', 'sys:user'),
      screen('角色管理', '/admin/role', 'TeamOutlined', 'sys:role'),
      screen('菜单管理', '/admin/menu', 'MenuOutlined', 'sys:menu'),
      screen('部门管理', '/admin/dept', 'ApartmentOutlined', 'sys:dept'),
      screen('终端管理', '/admin/client', 'MobileOutlined', 'sys:client'),
      screen('令牌管理', '/admin/token', 'KeyOutlined', 'sys:token'),
      screen('日志管理', '/admin/log', 'FileTextOutlined', 'sys:log'),
    ],
  },
  {
    name: '门店管理', path: '/store', icon: 'ShopOutlined',
    screens: [
      screen('门店信息', '/store/shop', 'ShopOutlined', 'store:shop'),
      screen('打印机', '/store/printer', 'PrinterOutlined', 'store:printer'),
      screen('菜品', '/store/dish', 'CoffeeOutlined', 'store:dish'),
      screen('菜品分类', '/store/category', 'AppstoreOutlined', 'store:category'),
      screen('套餐', '/store/combo', 'GiftOutlined', 'store:combo'),
      screen('规格', '/store/spec', 'TagsOutlined', 'store:spec'),
      screen('桌台', '/store/table', 'TableOutlined', 'store:table'),
    ],
  },
  {
    name: '客户管理', path: '/customer', icon: 'IdcardOutlined',
    screens: [
      screen('会员', '/customer/member', 'UserOutlined', 'customer:member'),
      screen('储值卡', '/customer/rechargecard', 'CreditCardOutlined', 'customer:rechargecard'),
      screen('优惠券', '/customer/coupon', 'TagOutlined', 'customer:coupon'),
    ],
  },
  {
    name: '订单管理', path: '/order', icon: 'ProfileOutlined',
    screens: [
      screen('订单列表', '/order/list', 'UnorderedListOutlined', 'order:order'),
      screen('收银台', '/order/cashier', 'ShopOutlined', 'order:cashier'),
      screen('桌台图', '/order/floor', 'LayoutOutlined', 'order:floor'),
      screen('厨房看板', '/order/kitchen', 'FireOutlined', 'order:kitchen'),
      screen('取餐叫号', '/order/pickup', 'SoundOutlined', 'order:pickup'),
    ],
  },
  {
    name: '报表统计', path: '/report', icon: 'BarChartOutlined',
    screens: [screen('营业报表', '/report/sales', 'LineChartOutlined', 'report:sales')],
  },
  {
    name: '公众号管理', path: '/wxmp', icon: 'WechatOutlined',
    screens: [
      screen('公众号配置', '/wxmp/wxapp', 'WechatOutlined', 'wxmp:wxapp'),
      screen('公众号用户', '/wxmp/wxuser', 'UserOutlined', 'wxmp:wxuser'),
      screen('用户标签', '/wxmp/wxusertags', 'TagsOutlined', 'wxmp:wxusertags'),
      screen('素材管理', '/wxmp/wxmaterial', 'PictureOutlined', 'wxmp:wxmaterial'),
      screen('消息自动回复', '/wxmp/wxautoreply', 'MessageOutlined', 'wxmp:wxautoreply'),
      screen('自定义菜单', '/wxmp/wxmenu', 'MenuOutlined', 'wxmp:wxmenu'),
      screen('用户消息', '/wxmp/wxmsg', 'CommentOutlined', 'wxmp:wxmsg'),
    ],
  },
];

/**
 * Screens added after databases were first seeded, by the seed version that added them: an
 * upgraded database's roles that hold `heldWith` get them too (with their group and their buttons
 * but admin-only ones), as the super-admin and operator roles do. The service floor's screens
 * follow the order list: whoever works with orders gets the floor, the kitchen and the pickup board.
 */
export const seedScreensFollowing: { version: number; screens: PermissionScreen[]; heldWith: string }[] = [
  { version: 4, screens: ['order:floor', 'order:kitchen', 'order:pickup'], heldWith: 'order:order:index' },
];

const actionNames: Record<string, string> = {
  index: '查看', get: '详情', add: '新增', edit: '修改', del: '删除', perm: '分配权限',
  synchro: '同步', 'edit:remark': '修改备注', tagging: '打标签',
  freeze: '冻结', adjust: '调整', recharge: '充值', level: '等级', refund: '退款', issue: '发放', void: '作废',
  pay: '收款', export: '导出', rebuild: '重算', account: '飞鹅账号', port: '非标准端口', secret: '接口凭证',
  open: '开台', transfer: '转台并台', clear: '清台',
};

/** Buttons whose action means something else on their screen (void is 作废 for coupons, 退菜 on the floor). */
const codeNames: Record<string, string> = { 'order:floor:void': '桌台图退菜', 'order:kitchen:edit': '厨房看板出餐' };

/** A screen's buttons: name and permission code, e.g. 用户管理新增 / sys:user:add. */
export const seedButtons = (s: SeedScreen) =>
  screenCodes(s.screen).map((code) => ({ name: codeNames[code] ?? `${s.name}${actionNames[code.slice(s.screen.length + 1)] ?? code}`, permission: code }));
