import { useQuery } from '@tanstack/react-query';
import { couponPlanEndpoints, memberEndpoints, type MemberRow } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { usePermission } from '../../../shared/session/session';
import { COUPON_PLANS_KEY, MEMBERS_KEY } from '../queryKeys';

/** The active coupon plans (GET /customer/coupon-plan/list), for the gift coupon picker of a recharge plan and the issue dialog. */
export const useCouponPlanOptions = () => {
  const allowed = usePermission('customer:coupon:index');
  return useQuery({
    queryKey: [COUPON_PLANS_KEY, 'list'],
    queryFn: () => call(couponPlanEndpoints.list, {}),
    enabled: allowed,
    staleTime: 30_000,
  });
};

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
