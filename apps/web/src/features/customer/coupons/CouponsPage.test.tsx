import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  couponIssueBodySchema, couponPlanBodySchema, couponVoidBodySchema, type CategoryRecord, type CouponPlanRecord, type CouponRecord, type MemberRow,
} from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { checkDrawerCloseGuard } from '../../../../test/close-guard';

const at = '2026-11-20T02:00:00.000Z';
const couponPlan = (id: string, name: string, fields: Partial<CouponPlanRecord> = {}): CouponPlanRecord => ({
  id, name, kind: 'threshold', value: 2000, minSpend: 10000, maxDiscount: null, scope: 'all', scopeIds: [], scopeItems: [], orderTypes: ['dine_in', 'takeaway'],
  storeIds: [], validity: 'relative', validFrom: null, validTo: null, validDays: 30, quantity: 100, perMemberLimit: 1, issuedCount: 10, usedCount: 3, remaining: 90,
  status: 'active', description: '', createTime: at, updateTime: at, ...fields,
});
const coupon = (id: string, code: string, fields: Partial<CouponRecord> = {}): CouponRecord => ({
  id, planId: '31', planName: '满100减20', kind: 'threshold', value: 2000, minSpend: 10000, maxDiscount: null, memberId: '501', memberNo: 'M000501', memberName: '王小明',
  memberPhone: '138****1234', code, status: 'unused', validFrom: at, validTo: '2026-12-20T15:59:59.000Z', source: 'admin', rechargeId: null, orderId: null, storeId: null,
  storeName: null, discountAmount: null, lockedAt: null, usedAt: null, voidedAt: null, voidReason: null, createTime: at, ...fields,
});
const memberRow = (id: string, name: string, phone: string): MemberRow => ({
  id, memberNo: `M000${id}`, phone, name, gender: 'unknown', levelId: '1', levelName: '普通会员', points: 0, balancePrincipal: 0, balanceBonus: 0, balance: 0,
  totalRecharged: 0, totalSpent: 0, status: 'active', source: 'cashier', lastVisitAt: null, createTime: at,
});
const categories: CategoryRecord[] = [
  { id: '11', storeId: '1', name: '热菜', kind: 'dish', sort: 0, enabled: true, itemCount: 5, createTime: at },
  { id: '12', storeId: '1', name: '凉菜', kind: 'dish', sort: 1, enabled: true, itemCount: 3, createTime: at },
];

let plans: CouponPlanRecord[] = [];
let coupons: CouponRecord[] = [];

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/category/page') return okReply(pageOf(categories, 1, 1000));
  if (method === 'GET' && path === '/store/dish/page') return okReply(pageOf([], 1, 1000));
  if (method === 'GET' && path === '/customer/level/list') return okReply([]);
  if (method === 'GET' && path === '/customer/coupon-plan/page') return okReply(pageOf(plans, Number(query.current), Number(query.size)));
  if (method === 'POST' && path === '/customer/coupon-plan') {
    const b = couponPlanBodySchema.parse(body);
    const saved = couponPlan('40', b.name, { kind: b.kind, value: b.value, minSpend: b.minSpend ?? 0, maxDiscount: b.maxDiscount ?? null, issuedCount: 0, usedCount: 0 });
    plans = [...plans, saved];
    return okReply(saved);
  }
  if (method === 'GET' && path === '/customer/member/page') {
    const found = [memberRow('501', '王小明', '138****1234'), memberRow('502', '李娜', '138****5678')].filter(() => query.keyword === '138');
    return okReply(pageOf(found, 1, 20));
  }
  const issue = /^\/customer\/coupon-plan\/(\d+)\/issue$/.exec(path);
  if (method === 'POST' && issue) {
    const b = couponIssueBodySchema.parse(body);
    // 王小明 already holds the one coupon a member may have.
    const ids = b.memberIds ?? [];
    const skipped = ids.filter((m) => m === '501').map((memberId) => ({ memberId, reason: 'per_member_limit' as const, message: '已达每人限领（1张）' }));
    const issued = ids.length - skipped.length;
    plans = plans.map((p) => (p.id === issue[1] ? { ...p, issuedCount: p.issuedCount + issued, remaining: (p.remaining ?? 0) - issued } : p));
    return okReply({ issued, couponIds: ids.filter((m) => m !== '501').map((_, i) => String(800 + i)), skipped });
  }
  if (method === 'GET' && path === '/customer/coupon/page') {
    return okReply(pageOf(coupons.filter((c) => (!query.status || c.status === query.status) && (!query.code || c.code.startsWith(query.code))), Number(query.current), Number(query.size)));
  }
  const voiding = /^\/customer\/coupon\/(\d+)\/void$/.exec(path);
  if (method === 'POST' && voiding) {
    const { reason } = couponVoidBodySchema.parse(body);
    const target = coupons.find((c) => c.id === voiding[1]);
    if (!target || target.status !== 'unused') return failReply(409, '只有未使用的优惠券可以作废');
    const done = { ...target, status: 'voided' as const, voidReason: reason, voidedAt: at };
    coupons = coupons.map((c) => (c.id === done.id ? done : c));
    return okReply(done);
  }
  return undefined;
}

const server = apiServerForFile(route);

beforeEach(() => {
  plans = [
    couponPlan('31', '满100减20'),
    couponPlan('32', '8.8折', { kind: 'discount', value: 88, minSpend: 0, maxDiscount: 3000, quantity: -1, remaining: null, perMemberLimit: -1, status: 'paused' }),
  ];
  coupons = [
    coupon('701', 'K7Q2M9X4'),
    coupon('702', 'P3N8V6T1', { status: 'used', usedAt: '2026-11-21T04:30:00.000Z', orderId: '260001', storeId: '1', storeName: '川味小馆', discountAmount: 2000 }),
  ];
});

const all = ['customer:coupon:index', 'customer:coupon:add', 'customer:coupon:edit', 'customer:coupon:del', 'customer:coupon:issue', 'customer:coupon:void', 'customer:member:index'];
const open = async () => {
  const result = renderPage('views/customer/coupon/index');
  await screen.findByText('满100减20', undefined, { timeout: 60_000 });
  return result;
};
const row = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;
/** A button by its text (cheaper than role queries over antd tables). */
const button = (scope: ParentNode, label: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null;
const tab = (label: string) => screen.getByText(label, { selector: '[role=tab]' });

describe('CouponsPage (优惠券)', () => {
  it('lists the plans with value, condition, quantity and status, and issue only for active ones', async () => {
    signInWith(all);
    await open();
    expect(screen.getByTestId('coupon-plan-value-31')).toHaveTextContent('¥20');
    expect(row('满100减20')).toHaveTextContent('满100可用');
    expect(row('满100减20')).toHaveTextContent('剩余 90');
    expect(row('满100减20')).toHaveTextContent('进行中');
    expect(screen.getByTestId('coupon-plan-value-32')).toHaveTextContent('8.8折');
    expect(row('8.8折')).toHaveTextContent('无门槛，最多减¥30');
    expect(row('8.8折')).toHaveTextContent('已暂停');
    expect(button(row('满100减20'), '发放')).not.toBeNull();
    expect(button(row('8.8折'), '发放')).toBeNull();
    expect(button(row('8.8折'), '恢复')).not.toBeNull();
  });

  it('previews a new coupon as the customer sees it while its fields change with the kind', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('coupon-plan-add'));
    await screen.findByTestId('coupon-plan-form');
    await userEvent.type(screen.getByTestId('coupon-plan-name'), '满200减30');
    await userEvent.type(screen.getByTestId('coupon-plan-min-spend'), '200');
    await userEvent.type(screen.getByTestId('coupon-plan-amount'), '30');
    const preview = screen.getByTestId('coupon-preview');
    await waitFor(() => expect(within(preview).getByTestId('coupon-preview-value')).toHaveTextContent('¥30'));
    expect(within(preview).getByTestId('coupon-preview-condition')).toHaveTextContent('满200可用');
    expect(within(preview).getByTestId('coupon-preview-name')).toHaveTextContent('满200减30');
    expect(within(preview).getByTestId('coupon-preview-validity')).toHaveTextContent('领取后 30 天内有效');
    expect(within(preview).getByTestId('coupon-preview-scope')).toHaveTextContent('全部菜品可用');

    // A threshold at or below the amount off is refused before sending.
    await userEvent.clear(screen.getByTestId('coupon-plan-min-spend'));
    await userEvent.type(screen.getByTestId('coupon-plan-min-spend'), '30');
    await userEvent.click(screen.getByTestId('coupon-plan-save'));
    expect(await screen.findByText('满减券的门槛必须大于减免金额')).toBeInTheDocument();
    expect(server.calls('POST', '/customer/coupon-plan')).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('coupon-plan-min-spend'));
    await userEvent.type(screen.getByTestId('coupon-plan-min-spend'), '200');

    // Scope: the current store's categories.
    await userEvent.click(within(screen.getByTestId('coupon-plan-scope')).getByText('指定分类'));
    const scopeSelect = await screen.findByTestId('coupon-plan-scope-ids');
    fireEvent.mouseDown(scopeSelect.querySelector('.ant-select-selector') ?? scopeSelect);
    fireEvent.click(await screen.findByTitle('热菜'));
    await waitFor(() => expect(within(preview).getByTestId('coupon-preview-scope')).toHaveTextContent('限 热菜 可用'));

    await userEvent.click(screen.getByTestId('coupon-plan-save'));
    await waitFor(() => expect(server.calls('POST', '/customer/coupon-plan')).toHaveLength(1));
    expect(couponPlanBodySchema.parse(server.calls('POST', '/customer/coupon-plan')[0]!.body)).toMatchObject({
      name: '满200减30', kind: 'threshold', value: 3000, minSpend: 20000, maxDiscount: null, scope: 'categories', scopeIds: ['11'],
      validity: 'relative', validDays: 30, validFrom: null, quantity: -1, perMemberLimit: 1, status: 'active',
    });
  });

  it('asks before 取消 drops a change to a plan (issue 27 #6); one only opened closes at once', async () => {
    signInWith(all);
    await open();
    await checkDrawerCloseGuard({ form: 'coupon-plan-form', name: 'coupon-plan-name', add: 'coupon-plan-add', row: () => row('满100减20'), existing: '满100减20', typed: '满200减30' });
    expect(server.calls('POST', '/customer/coupon-plan')).toHaveLength(0);
    expect(server.calls('PUT', '/customer/coupon-plan')).toHaveLength(0);
  });

  it('shows a discount coupon as 8.8折 with its cap in the preview', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('coupon-plan-add'));
    await screen.findByTestId('coupon-plan-form');
    await userEvent.click(within(screen.getByTestId('coupon-plan-kind')).getByText('折扣券'));
    await screen.findByTestId('coupon-plan-rate');
    expect(screen.queryByTestId('coupon-plan-amount')).toBeNull();
    const preview = screen.getByTestId('coupon-preview');
    await waitFor(() => expect(within(preview).getByTestId('coupon-preview-value')).toHaveTextContent('8.8折'));
    expect(within(preview).getByTestId('coupon-preview-condition')).toHaveTextContent('无门槛');
  });

  it('issues a plan to chosen members and shows who was skipped and why', async () => {
    signInWith(all);
    await open();
    await userEvent.click(button(row('满100减20'), '发放')!);
    const members = await screen.findByTestId('issue-members');
    const input = members.querySelector('input')!;
    await userEvent.type(input, '138');
    await waitFor(() => expect(server.calls('GET', '/customer/member/page').at(-1)?.query).toMatchObject({ keyword: '138' }));
    fireEvent.click(await screen.findByTitle('王小明 138****1234 · M000501'));
    await userEvent.type(input, '138');
    fireEvent.click(await screen.findByTitle('李娜 138****5678 · M000502'));
    await userEvent.click(screen.getByTestId('issue-submit'));
    await waitFor(() => expect(server.calls('POST', '/customer/coupon-plan/31/issue')).toHaveLength(1));
    expect(server.calls('POST', '/customer/coupon-plan/31/issue')[0]!.body).toEqual({ memberIds: ['501', '502'] });
    const result = await screen.findByTestId('issue-result');
    expect(result).toHaveTextContent('成功发放 1 张');
    expect(result).toHaveTextContent('1 位会员未发放');
    expect(within(screen.getByTestId('issue-skipped')).getByText('已达每人限领（1张）')).toBeInTheDocument();
    expect(screen.getByTestId('issue-skipped')).toHaveTextContent('王小明 138****1234 · M000501');
    await userEvent.click(screen.getByTestId('issue-close'));
    await waitFor(() => expect(screen.getByTestId('coupon-plan-issued-31')).toHaveTextContent('11 / 3'));
  });

  it('voids an unused coupon with a reason; used ones have no void', async () => {
    signInWith(all);
    await open();
    await userEvent.click(tab('已发券'));
    await screen.findByText('K7Q2M9X4');
    expect(row('K7Q2M9X4')).toHaveTextContent('138****1234');
    expect(screen.getByTestId('coupon-status-701')).toHaveTextContent('未使用');
    expect(screen.getByTestId('coupon-status-702')).toHaveTextContent('已使用');
    expect(row('P3N8V6T1')).toHaveTextContent('订单 260001');
    expect(button(row('P3N8V6T1'), '作废')).toBeNull();

    await userEvent.click(button(row('K7Q2M9X4'), '作废')!);
    expect(await screen.findByTestId('void-text')).toHaveTextContent('券码 K7Q2M9X4');
    await userEvent.click(screen.getByTestId('void-ok'));
    expect(await screen.findByText('请填写作废原因')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('void-reason'), '发错会员');
    await userEvent.click(screen.getByTestId('void-ok'));
    await waitFor(() => expect(server.calls('POST', '/customer/coupon/701/void')).toHaveLength(1));
    expect(server.calls('POST', '/customer/coupon/701/void')[0]!.body).toEqual({ reason: '发错会员' });
    await waitFor(() => expect(screen.getByTestId('coupon-status-701')).toHaveTextContent('已作废'));
    expect(button(row('K7Q2M9X4'), '作废')).toBeNull();
  });

  it('hides add, edit, issue and void without their permissions', async () => {
    signInWith(['customer:coupon:index']);
    await open();
    expect(screen.queryByTestId('coupon-plan-add')).toBeNull();
    expect(button(row('满100减20'), '发放')).toBeNull();
    expect(button(row('满100减20'), '编辑')).toBeNull();
    await userEvent.click(tab('已发券'));
    await screen.findByText('K7Q2M9X4');
    expect(button(document.body, '作废')).toBeNull();
  });
});
