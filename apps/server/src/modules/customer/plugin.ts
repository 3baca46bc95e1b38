import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { couponRoutes, CouponService } from './coupons/index.js';
import { levelRoutes } from './levels/routes.js';
import { memberRoutes } from './members/routes.js';
import { rechargePlanRoutes } from './recharge-plans/routes.js';
import { rechargeRoutes } from './recharges/routes.js';
import { Wallet } from './wallet/service.js';

/**
 * The customer side's services for other modules (orders, later): `app.customer`. An
 * interface, so that a part of the module built beside this one adds its service by
 * declaration merging, e.g. the coupons:
 *
 *   declare module '../plugin.js' { interface CustomerServices { coupons: CouponService } }
 *
 * and assigns `app.customer.coupons = …` in its own plugin, registered after this one.
 */
export interface CustomerServices {
  /** Stored value and points: charge, refund, earnPoints, addSpend, adjust (wallet/service.ts). */
  wallet: Wallet;
  /** Coupons: issue, lock/use/release for orders, issueForRecharge (coupons/service.ts). */
  coupons: CouponService;
}

declare module 'fastify' {
  interface FastifyInstance {
    customer: CustomerServices;
  }
}

/**
 * 客户管理 (money side): members, levels, the wallet with its ledgers, recharge plans and
 * recharges. The routes run after the store hook, which resolves the signed-in user's stores
 * once per request: recharges carry a store and answer 404 for another store's.
 */
const customerRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (request.user) await app.store.scope.of(request);
  });
  await app.register(levelRoutes);
  await app.register(memberRoutes);
  await app.register(rechargePlanRoutes);
  await app.register(rechargeRoutes);
  await app.register(couponRoutes, { service: app.customer.coupons });
};

export const customerPlugin = fp(async (app) => {
  const services: CustomerServices = { wallet: new Wallet(), coupons: new CouponService() };
  app.decorate('customer', services);
  await app.register(customerRoutes);
}, { name: 'customer', dependencies: ['store'] });
