/** 优惠券: the routes, the service other modules call (`app.customer.coupons`), the expiry job and the demo seed step. */
export { couponRoutes } from './routes.js';
export { CouponService, type LockInput, type LockResult } from './service.js';
export { COUPON_EXPIRY_KIND, expireCoupons } from './expiry.js';
export { seedCoupons } from './seed.js';
