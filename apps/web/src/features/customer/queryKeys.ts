/**
 * Query key prefixes of 客户管理, each the resource's base path: the screens of this feature
 * (会员, 储值卡, 优惠券) read under them and invalidate them, so a change on one screen refreshes
 * another (a recharge at the member drawer shows in 充值记录; a refund there, on the member).
 */
export const MEMBERS_KEY = '/customer/member';
export const LEVELS_KEY = '/customer/level';
export const RECHARGE_PLANS_KEY = '/customer/recharge-plan';
export const RECHARGES_KEY = '/customer/recharge';
export const COUPON_PLANS_KEY = '/customer/coupon-plan';
export const COUPONS_KEY = '/customer/coupon';

/** What a change of a member's balance or points makes stale: the member (list, detail, ledgers), recharges, coupons (gifts). */
export const WALLET_CHANGES = [[MEMBERS_KEY], [RECHARGES_KEY], [COUPONS_KEY], [RECHARGE_PLANS_KEY]] as const;
