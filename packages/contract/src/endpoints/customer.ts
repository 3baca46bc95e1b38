import { z } from 'zod';
import {
  availableRechargePlanSchema, balanceLedgerRecordSchema, integrityReportSchema, memberAdjustBodySchema, memberBalancesSchema, memberBodySchema,
  memberLevelBodySchema, memberLevelRecordSchema, memberQuerySchema, memberRecordSchema, memberRowSchema, memberStatusBodySchema,
  memberUpdateSchema, pointsLedgerRecordSchema, rechargeBodySchema, rechargePlanAvailableQuerySchema, rechargePlanBodySchema,
  rechargePlanQuerySchema, rechargePlanRecordSchema, rechargeQuerySchema, rechargeRecordSchema, rechargeRefundBodySchema, rechargeResultSchema,
} from '../customer.js';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import { pageQuerySchema, pageSchema } from '../paging.js';
import { crudEndpoints } from './crud.js';

/**
 * 客户管理, the money side: members, levels, ledgers, recharge plans, recharges. Members, levels
 * and plans are brand-wide; recharges carry a store and are scoped by the user's stores (another
 * store's recharge answers 404).
 */

const member = crudEndpoints({
  base: '/customer/member', tag: 'customer:member', screen: 'customer:member', label: '会员', record: memberRecordSchema,
  body: memberBodySchema, updateBody: memberUpdateSchema, query: memberQuerySchema,
});

export const memberEndpoints = {
  ...member,
  /** The list: phones masked (138****1234). */
  page: { ...member.page, data: pageSchema(memberRowSchema) },
  /** 冻结/解冻: a frozen member cannot pay by balance or recharge. */
  status: endpoint({
    method: 'PUT', path: '/customer/member/:id/status', tag: 'customer:member', summary: '冻结/解冻会员', access: { permission: 'customer:member:freeze' },
    params: idParamsSchema, body: memberStatusBodySchema, data: memberRecordSchema,
  }),
  /** Manual adjustment of principal, bonus and points (signed), with a reason; never below zero. */
  adjust: endpoint({
    method: 'POST', path: '/customer/member/:id/adjust', tag: 'customer:member', summary: '调整余额/积分', access: { permission: 'customer:member:adjust' },
    params: idParamsSchema, body: memberAdjustBodySchema, data: memberBalancesSchema,
  }),
  balanceLedger: endpoint({
    method: 'GET', path: '/customer/member/:id/balance-ledger', tag: 'customer:member', summary: '余额流水', access: { permission: 'customer:member:index' },
    params: idParamsSchema, query: pageQuerySchema, data: pageSchema(balanceLedgerRecordSchema),
  }),
  pointsLedger: endpoint({
    method: 'GET', path: '/customer/member/:id/points-ledger', tag: 'customer:member', summary: '积分流水', access: { permission: 'customer:member:index' },
    params: idParamsSchema, query: pageQuerySchema, data: pageSchema(pointsLedgerRecordSchema),
  }),
  /** The consistency check: members whose balances or points differ from their ledgers' sums. */
  integrity: endpoint({
    method: 'GET', path: '/customer/member/integrity', tag: 'customer:member', summary: '余额一致性检查', access: { permission: 'customer:member:adjust', rateLimit: 'check' },
    data: integrityReportSchema,
  }),
};

export const memberLevelEndpoints = {
  list: endpoint({
    method: 'GET', path: '/customer/level/list', tag: 'customer:member', summary: '会员等级列表', access: { permission: 'customer:member:index' },
    data: z.array(memberLevelRecordSchema),
  }),
  create: endpoint({
    method: 'POST', path: '/customer/level', tag: 'customer:member', summary: '新增会员等级', access: { permission: 'customer:member:level' },
    body: memberLevelBodySchema, data: memberLevelRecordSchema,
  }),
  update: endpoint({
    method: 'PUT', path: '/customer/level', tag: 'customer:member', summary: '修改会员等级', access: { permission: 'customer:member:level' },
    body: memberLevelBodySchema, data: memberLevelRecordSchema,
  }),
  /** 409 while members hold it; the rank-0 level cannot be deleted. */
  remove: endpoint({
    method: 'DELETE', path: '/customer/level/:id', tag: 'customer:member', summary: '删除会员等级', access: { permission: 'customer:member:level' },
    params: idParamsSchema, data: z.boolean(),
  }),
};

export const rechargePlanEndpoints = {
  ...crudEndpoints({
    base: '/customer/recharge-plan', tag: 'customer:rechargecard', screen: 'customer:rechargecard', label: '充值方案', record: rechargePlanRecordSchema,
    body: rechargePlanBodySchema, query: rechargePlanQuerySchema,
  }),
  /** What the counter offers this member in this store. */
  available: endpoint({
    method: 'GET', path: '/customer/recharge-plan/available', tag: 'customer:rechargecard', summary: '可用充值方案', access: { permission: 'customer:member:recharge' },
    query: rechargePlanAvailableQuerySchema, data: z.array(availableRechargePlanSchema),
  }),
};

export const rechargeEndpoints = {
  /** A recharge at the counter; the same paymentRef again answers the same recharge (no second credit). */
  create: endpoint({
    method: 'POST', path: '/customer/recharge', tag: 'customer:rechargecard', summary: '会员充值', access: { permission: 'customer:member:recharge' },
    body: rechargeBodySchema, data: rechargeResultSchema,
  }),
  page: endpoint({
    method: 'GET', path: '/customer/recharge/page', tag: 'customer:rechargecard', summary: '充值记录分页', access: { permission: 'customer:rechargecard:index' },
    query: rechargeQuerySchema, data: pageSchema(rechargeRecordSchema),
  }),
  get: endpoint({
    method: 'GET', path: '/customer/recharge/:id', tag: 'customer:rechargecard', summary: '充值记录详情', access: { permission: 'customer:rechargecard:index' },
    params: idParamsSchema, data: rechargeRecordSchema,
  }),
  /** Takes back what is left of the bonus first, then refunds the unspent principal up to the pay amount. */
  refund: endpoint({
    method: 'POST', path: '/customer/recharge/:id/refund', tag: 'customer:rechargecard', summary: '充值退款', access: { permission: 'customer:rechargecard:refund' },
    params: idParamsSchema, body: rechargeRefundBodySchema, data: rechargeRecordSchema,
  }),
};
