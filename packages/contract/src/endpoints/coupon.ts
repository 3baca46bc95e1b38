import { z } from 'zod';
import {
  couponIssueBodySchema, couponIssueResultSchema, couponPlanBodySchema, couponPlanQuerySchema, couponPlanRecordSchema, couponPlanStatusBodySchema,
  couponQuerySchema, couponRecordSchema, couponVoidBodySchema,
} from '../coupon.js';
import { endpoint } from '../endpoint.js';
import { idParamsSchema } from '../identity.js';
import { pageSchema } from '../paging.js';
import { crudEndpoints } from './crud.js';

/**
 * 优惠券 (customer:coupon): coupon plans, issuing them to members, the coupons issued. Plans are
 * brand-wide; a coupon used in an order carries that order's store.
 */

export const couponPlanEndpoints = {
  ...crudEndpoints({
    base: '/customer/coupon-plan', tag: 'customer:coupon', screen: 'customer:coupon', label: '优惠券', record: couponPlanRecordSchema,
    body: couponPlanBodySchema, query: couponPlanQuerySchema,
  }),
  /** Active plans, for pickers (issue dialog, recharge plan gifts). */
  list: endpoint({
    method: 'GET', path: '/customer/coupon-plan/list', tag: 'customer:coupon', summary: '可用优惠券列表', access: { permission: 'customer:coupon:index' },
    data: z.array(couponPlanRecordSchema),
  }),
  /** 暂停 / 恢复 / 结束. */
  status: endpoint({
    method: 'PUT', path: '/customer/coupon-plan/:id/status', tag: 'customer:coupon', summary: '修改优惠券状态', access: { permission: 'customer:coupon:edit' },
    params: idParamsSchema, body: couponPlanStatusBodySchema, data: couponPlanRecordSchema,
  }),
  /** One coupon to each chosen member or to every member of a level, within the quantity and the per-member limit. */
  issue: endpoint({
    method: 'POST', path: '/customer/coupon-plan/:id/issue', tag: 'customer:coupon', summary: '发放优惠券', access: { permission: 'customer:coupon:issue', rateLimit: 'batch' },
    params: idParamsSchema, body: couponIssueBodySchema, data: couponIssueResultSchema,
  }),
};

export const couponEndpoints = {
  page: endpoint({
    method: 'GET', path: '/customer/coupon/page', tag: 'customer:coupon', summary: '已发优惠券分页', access: { permission: 'customer:coupon:index' },
    query: couponQuerySchema, data: pageSchema(couponRecordSchema),
  }),
  get: endpoint({
    method: 'GET', path: '/customer/coupon/:id', tag: 'customer:coupon', summary: '优惠券详情', access: { permission: 'customer:coupon:index' },
    params: idParamsSchema, data: couponRecordSchema,
  }),
  /** Only an unused coupon; the reason is kept. */
  void: endpoint({
    method: 'POST', path: '/customer/coupon/:id/void', tag: 'customer:coupon', summary: '作废优惠券', access: { permission: 'customer:coupon:void' },
    params: idParamsSchema, body: couponVoidBodySchema, data: couponRecordSchema,
  }),
};
