import type { PageMap } from '../../shared/navigation/pages';

/** The customer pages (客户管理) by menu `component` name, each its own lazily loaded chunk, with the code needed to see it. */
export const customerPages: PageMap = {
  'views/customer/member/index': { load: () => import('./members/MembersPage'), permission: 'customer:member:index' },
  'views/customer/rechargecard/index': { load: () => import('./recharge/RechargeCardPage'), permission: 'customer:rechargecard:index' },
  'views/customer/coupon/index': { load: () => import('./coupons/CouponsPage'), permission: 'customer:coupon:index' },
};
