import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  rechargePlanBodySchema, rechargeRefundBodySchema, type CouponPlanRecord, type MemberRecord, type RechargePlanRecord, type RechargeRecord,
} from '@canteen/contract';
import { apiServerForFile, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { checkDrawerCloseGuard } from '../../../../test/close-guard';

const at = '2026-11-20T02:00:00.000Z';
const plan = (id: string, name: string, fields: Partial<RechargePlanRecord> = {}): RechargePlanRecord => ({
  id, name, payAmount: 20000, bonusAmount: 2000, bonusPoints: 0, giftCouponPlanIds: [], storeIds: [], startsAt: null, endsAt: null, perMemberLimit: null,
  enabled: true, sort: 0, usedCount: 0, createTime: at, updateTime: at, ...fields,
});
const couponPlan = (id: string, name: string): CouponPlanRecord => ({
  id, name, kind: 'threshold', value: 2000, minSpend: 10000, maxDiscount: null, scope: 'all', scopeIds: [], scopeItems: [], orderTypes: ['dine_in', 'takeaway'],
  storeIds: [], validity: 'relative', validFrom: null, validTo: null, validDays: 30, quantity: -1, perMemberLimit: -1, issuedCount: 0, usedCount: 0, remaining: null,
  status: 'active', description: '', createTime: at, updateTime: at,
});
const recharge = (id: string, fields: Partial<RechargeRecord> = {}): RechargeRecord => ({
  id, memberId: '501', memberNo: 'M000501', memberName: '王小明', memberPhone: '138****1234', planId: '2', planName: '充500送80', storeId: '1', storeName: '川味小馆',
  payAmount: 50000, bonusAmount: 8000, bonusPoints: 100, payMethod: 'cash', paymentRef: 'c0ffee00-1111-4222-8333-444455556666', status: 'paid',
  refundPrincipal: null, refundBonus: null, refundReason: null, refundedAt: null, operatorName: '收银员小李', businessDate: '2026-11-20', createTime: at, ...fields,
});
const member: MemberRecord = {
  id: '501', memberNo: 'M000501', phone: '13812341234', name: '王小明', gender: 'male', levelId: '1', levelName: '普通会员', points: 60,
  balancePrincipal: 30000, balanceBonus: 5000, balance: 35000, totalRecharged: 50000, totalSpent: 23000, status: 'active', source: 'cashier', lastVisitAt: null,
  createTime: at, birthday: null, level: { id: '1', name: '普通会员', rank: 0, discountRate: 100, pointsRate: 100 }, nextLevel: null, orderCount: 3,
  firstStoreId: '1', firstStoreName: '川味小馆', followerId: null, remark: '', updateTime: at,
};

let plans: RechargePlanRecord[] = [];
let recharges: RechargeRecord[] = [];
let nextId = 100;

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }, { id: '2', name: '湘味坊', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/customer/coupon-plan/list') return okReply([couponPlan('31', '满100减20'), couponPlan('32', '新人立减10')]);
  if (method === 'GET' && path === '/customer/recharge-plan/page') return okReply(pageOf(plans, Number(query.current), Number(query.size)));
  if ((method === 'POST' || method === 'PUT') && path === '/customer/recharge-plan') {
    const b = rechargePlanBodySchema.parse(body);
    const saved = plan(b.id ?? String(nextId++), b.name, { ...b, startsAt: b.startsAt ?? null, endsAt: b.endsAt ?? null, perMemberLimit: b.perMemberLimit ?? null });
    plans = b.id ? plans.map((p) => (p.id === b.id ? saved : p)) : [...plans, saved];
    return okReply(saved);
  }
  if (method === 'GET' && path === '/customer/recharge/page') {
    const rows = recharges.filter((r) => (!query.status || r.status === query.status) && (!query.storeId || r.storeId === query.storeId));
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  if (method === 'GET' && path === '/customer/member/501') return okReply(member);
  const refund = /^\/customer\/recharge\/(\d+)\/refund$/.exec(path);
  if (method === 'POST' && refund) {
    const { reason } = rechargeRefundBodySchema.parse(body);
    let done: RechargeRecord | undefined;
    recharges = recharges.map((r) => {
      if (r.id !== refund[1]) return r;
      done = { ...r, status: 'refunded', refundPrincipal: 30000, refundBonus: 5000, refundReason: reason, refundedAt: at };
      return done;
    });
    return okReply(done);
  }
  return undefined;
}

const server = apiServerForFile(route);

beforeEach(() => {
  nextId = 100;
  plans = [plan('1', '充200送20', { sort: 1, usedCount: 4 }), plan('2', '充500送80', { payAmount: 50000, bonusAmount: 8000, giftCouponPlanIds: ['31'], perMemberLimit: 2, storeIds: ['2'] })];
  recharges = [recharge('901'), recharge('902', { planId: null, planName: null, payAmount: 10000, bonusAmount: 0, bonusPoints: 0, payMethod: 'external', paymentRef: 'POS20261120001' })];
});

const all = [
  'customer:rechargecard:index', 'customer:rechargecard:add', 'customer:rechargecard:edit', 'customer:rechargecard:del', 'customer:rechargecard:refund',
  'customer:member:index', 'customer:coupon:index',
];
const open = async () => {
  const result = renderPage('views/customer/rechargecard/index');
  await screen.findByText('充500送80', undefined, { timeout: 60_000 });
  return result;
};
const row = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;
/** A button by its text (cheaper than role queries over antd tables). */
const button = (scope: ParentNode, label: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null;
const tab = (label: string) => screen.getByText(label, { selector: '[role=tab]' });

describe('RechargeCardPage (储值卡)', () => {
  it('lists the plans as the counter offers them: 充 ¥500 送 ¥80 = 到账 ¥580, gifts, stores, limit', async () => {
    signInWith(all);
    await open();
    expect(screen.getByTestId('plan-offer-2')).toHaveTextContent('充 ¥500 送 ¥80 = 到账 ¥580');
    await waitFor(() => expect(row('充500送80')).toHaveTextContent('满100减20'));
    expect(row('充500送80')).toHaveTextContent('湘味坊');
    expect(row('充500送80')).toHaveTextContent('2 次');
    expect(row('充200送20')).toHaveTextContent('全部门店');
    expect(row('充200送20')).toHaveTextContent('不限');
  });

  it('checks the plan editor: name and pay are required, and saves yuan as fen once', async () => {
    signInWith(all);
    await open();
    await userEvent.click(screen.getByTestId('plan-add'));
    await screen.findByTestId('plan-form');
    await userEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('请输入方案名称')).toBeInTheDocument();
    expect(screen.getByText('请输入充值金额')).toBeInTheDocument();
    expect(server.calls('POST', '/customer/recharge-plan')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('plan-name'), '充1000送200');
    await userEvent.type(screen.getByTestId('plan-pay'), '1000');
    await userEvent.clear(screen.getByTestId('plan-bonus'));
    await userEvent.type(screen.getByTestId('plan-bonus'), '200.5');
    await userEvent.type(screen.getByTestId('plan-points'), '300');
    await userEvent.type(screen.getByTestId('plan-limit'), '1');
    await waitFor(() => expect(screen.getByTestId('plan-offer')).toHaveTextContent('充 ¥1000 送 ¥200.50 = 到账 ¥1200.50'));
    expect(screen.getByTestId('plan-offer')).toHaveTextContent('另送 300 积分');
    await userEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(server.calls('POST', '/customer/recharge-plan')).toHaveLength(1));
    const body = rechargePlanBodySchema.parse(server.calls('POST', '/customer/recharge-plan')[0]!.body);
    expect(body).toMatchObject({ name: '充1000送200', payAmount: 100000, bonusAmount: 20050, bonusPoints: 300, perMemberLimit: 1, enabled: true, giftCouponPlanIds: [], storeIds: [] });
    expect(await screen.findByTestId('plan-offer-100')).toHaveTextContent('充 ¥1000 送 ¥200.50 = 到账 ¥1200.50');
  });

  it('asks before 取消 drops a change to a plan (issue 27 #6); one only opened closes at once', async () => {
    signInWith(all);
    await open();
    await checkDrawerCloseGuard({ form: 'plan-form', name: 'plan-name', add: 'plan-add', row: () => row('充500送80'), existing: '充500送80', typed: '充1000送200' });
    expect(server.calls('POST', '/customer/recharge-plan')).toHaveLength(0);
    expect(server.calls('PUT', '/customer/recharge-plan')).toHaveLength(0);
  });

  it('refunds a recharge with a reason, naming first the bonus taken back and the principal paid back', async () => {
    signInWith(all);
    await open();
    await userEvent.click(tab('充值记录'));
    await screen.findByText('POS20261120001');
    expect(row('充500送80')).toHaveTextContent('138****1234');
    expect(row('充500送80')).toHaveTextContent('收银员小李');
    expect(row('POS20261120001')).toHaveTextContent('自定义金额');
    expect(row('POS20261120001')).toHaveTextContent('外部支付');

    await userEvent.click(button(row('充500送80'), '退款')!);
    // The member has spent part: principal ¥300 and bonus ¥50 left of this recharge's ¥500 + ¥80.
    const estimate = await screen.findByTestId('refund-estimate');
    expect(estimate).toHaveTextContent('扣回赠送金¥50.00');
    expect(estimate).toHaveTextContent('退还本金（付给顾客）¥300.00');
    expect(estimate).toHaveTextContent('扣回积分60');

    await userEvent.click(screen.getByTestId('refund-ok'));
    expect(await screen.findByText('请填写退款原因')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('refund-reason'), '顾客要求退卡');
    await userEvent.click(screen.getByTestId('refund-ok'));
    expect(await screen.findByTestId('refund-confirm')).toHaveTextContent('确认退款：扣回赠送金 ¥50.00，退还本金 ¥300.00');
    expect(server.calls('POST', '/customer/recharge/901/refund')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('refund-ok'));
    await waitFor(() => expect(server.calls('POST', '/customer/recharge/901/refund')).toHaveLength(1));
    expect(server.calls('POST', '/customer/recharge/901/refund')[0]!.body).toEqual({ reason: '顾客要求退卡' });
    expect(await screen.findByText('已退款：退还本金 ¥300.00，扣回赠送金 ¥50.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('recharge-status-901')).toHaveTextContent('已退款'));
    expect(button(row('充500送80'), '退款')).toBeNull();
  });

  it('filters the records by store and status, sending the page query', async () => {
    signInWith(all);
    await open();
    await userEvent.click(tab('充值记录'));
    await screen.findByText('POS20261120001');
    const filters = screen.getByTestId('recharge-filters');
    fireEvent.mouseDown(within(filters).getByLabelText('状态'));
    fireEvent.click(await screen.findByTitle('已退款'));
    await userEvent.click(screen.getByTestId('recharge-search'));
    await waitFor(() => expect(server.calls('GET', '/customer/recharge/page').at(-1)!.query).toMatchObject({ status: 'refunded', current: '1' }));
    await waitFor(() => expect(screen.queryByText('POS20261120001')).toBeNull());
  });

  it('hides add, edit, delete and refund without their permissions', async () => {
    signInWith(['customer:rechargecard:index']);
    await open();
    expect(screen.queryByTestId('plan-add')).toBeNull();
    expect(button(row('充500送80'), '编辑')).toBeNull();
    expect(button(row('充500送80'), '删除')).toBeNull();
    expect(row('充500送80').querySelector('[role=switch]')).toBeDisabled();
    await userEvent.click(tab('充值记录'));
    await screen.findByText('POS20261120001');
    expect(button(document.body, '退款')).toBeNull();
    // No member search without the member list's permission.
    expect(screen.queryByTestId('recharge-filter-member')).toBeNull();
  });
});
