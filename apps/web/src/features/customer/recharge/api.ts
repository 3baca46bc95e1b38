import { useQuery } from '@tanstack/react-query';
import { memberEndpoints, type MemberRow } from '@canteen/contract';
import { api } from '../../../shared/http/client';
import { call } from '../../../shared/http/call';
import { COUPON_PLANS_KEY, MEMBERS_KEY } from '../queryKeys';

/** A coupon plan as the pickers show it (GET /customer/coupon-plan/list: the active plans). */
export interface CouponPlanOption {
  id: string;
  name: string;
}

/** The active coupon plans, for the gift coupon picker of a recharge plan. */
export const useCouponPlanOptions = (enabled = true) =>
  useQuery({
    queryKey: [COUPON_PLANS_KEY, 'list'],
    queryFn: () => api.get<CouponPlanOption[]>(`${COUPON_PLANS_KEY}/list`),
    enabled,
    staleTime: 30_000,
  });

/** Members whose phone, member number or name starts with `keyword` (the member search selects). */
export const useMemberSearch = (keyword: string, enabled = true) =>
  useQuery({
    queryKey: [MEMBERS_KEY, 'search', keyword],
    queryFn: async (): Promise<MemberRow[]> => (await call(memberEndpoints.page, { query: { keyword, current: 1, size: 20 } })).records,
    enabled: enabled && keyword.trim().length > 0,
    staleTime: 10_000,
  });

/** `张三 138****1234 · M000123`: a member in a picker. */
export const memberLabel = (m: Pick<MemberRow, 'name' | 'phone' | 'memberNo'>) => `${m.name ? `${m.name} ` : ''}${m.phone} · ${m.memberNo}`;
