import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kitchenMarkBodySchema, storeFloorDestination, type KitchenBoard, type KitchenLine, type KitchenTicket } from '@canteen/contract';
import { liveClient } from '../../../shared/live/live';
import { getStore, setStore } from '../../../shared/storage/storage';
import { apiServerForFile, failReply, okReply } from '../../../../test/api-server';
import { registerPagesForFile, renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';

registerPagesForFile({ 'views/order/kitchen/index': { load: () => import('./KitchenPage'), permission: 'order:kitchen:index' } });

const line = (id: string, fields: Partial<KitchenLine> = {}): KitchenLine => ({
  id, name: `菜${id}`, specText: '', remark: '', quantity: 1, unit: '份', round: 1, comboName: null, state: 'waiting', rushedAt: null, stateAt: null, stateBy: '', ...fields,
});
const ticket = (orderId: string, minutesAgo: number, lines: KitchenLine[], fields: Partial<KitchenTicket> = {}): KitchenTicket => ({
  orderId, orderNo: `N${orderId}`, type: 'dine_in', source: 'cashier', status: 'making', tableCode: null, pickupNo: null, guests: null, remark: '',
  since: new Date(Date.now() - minutesAgo * 60_000).toISOString(), lines, ...fields,
});

/** The board as the server would answer now: a red dine-in ticket in two rounds with a rushed dish, and a fresh takeaway one. */
function boardNow(done: boolean): KitchenBoard {
  const table = ticket('1', 25, [
    line('11', { name: '辣子鸡', specText: '大份/特辣', remark: '少盐', rushedAt: new Date().toISOString() }),
    line('12', { name: '米饭', quantity: 2, state: 'making' }),
    line('13', { name: '酸菜鱼', round: 2 }),
    ...(done ? [line('14', { name: '凉拌黄瓜', state: 'ready' })] : []),
  ], { tableCode: 'A01', guests: 3 });
  const takeaway = ticket('2', 1, [line('21', { name: '红烧肉' })], { type: 'takeaway', pickupNo: 'A012' });
  return {
    storeId: '1', stations: [{ id: 'all', name: '全部', categoryIds: [] }, { id: '31', name: '热菜档', categoryIds: ['101'] }],
    tickets: [table, takeaway], amberMinutes: 10, redMinutes: 20, asOf: new Date().toISOString(),
  };
}

const server = apiServerForFile(({ method, path, query }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/kitchen/board' && query.station === '99') return failReply(404, '工位不存在');
  if (method === 'GET' && path === '/order/kitchen/board') return okReply(boardNow(query.done === '1'));
  if (method === 'POST' && path === '/order/kitchen/lines') return okReply({ asOf: new Date().toISOString() });
  return undefined;
});

// The floor's live channel, taken over: the test delivers its events.
const floor = new Map<string, (body: unknown) => void>();
beforeEach(() => {
  vi.spyOn(liveClient(), 'subscribe').mockImplementation((destination, handler) => {
    floor.set(destination, handler);
    return () => floor.delete(destination);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  floor.clear();
});

const marks = () => server.calls('POST', '/order/kitchen/lines').map((r) => kitchenMarkBodySchema.parse(r.body));
const open = async (permissions: string[]) => {
  signInWith(['order:kitchen:index', ...permissions]);
  renderPage('views/order/kitchen/index');
  return screen.findByTestId('kitchen-ticket-1', undefined, { timeout: 60_000 });
};

describe('KitchenPage (厨房看板)', () => {
  it('shows tickets in arrival order, red when late, 催菜 and rounds; a tap marks a dish, the buttons a ticket; events reload', async () => {
    const user = userEvent.setup();
    const card = await open(['order:kitchen:edit']);
    expect(screen.getAllByRole('article').map((a) => a.dataset.testid)).toEqual(['kitchen-ticket-1', 'kitchen-ticket-2']);
    expect(card.dataset.age).toBe('red');
    expect(screen.getByTestId('kitchen-ticket-2').dataset.age).toBe('normal');
    expect(within(card).getByText('桌 A01')).toBeInTheDocument();
    expect(within(card).getByText('3 人')).toBeInTheDocument();
    expect(within(card).getByText('催')).toBeInTheDocument();
    expect(within(card).getByText('第2轮')).toBeInTheDocument();
    expect(within(card).getByText('大份/特辣')).toBeInTheDocument();
    expect(within(card).getByText('备注：少盐')).toBeInTheDocument();
    expect(screen.getByTestId('kitchen-line-11')).toHaveClass('kitchen-line--rushed');
    expect(within(screen.getByTestId('kitchen-ticket-2')).getByText('取餐号 A012')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: '点击开始制作 辣子鸡' }));
    await waitFor(() => expect(marks()).toEqual([{ storeId: '1', lineIds: ['11'], state: 'making' }]));
    await user.click(within(card).getByRole('button', { name: '点击出餐 米饭' }));
    await user.click(within(card).getByRole('button', { name: /全部出餐/ }));
    await waitFor(() => expect(marks().slice(1)).toEqual([
      { storeId: '1', lineIds: ['12'], state: 'ready' },
      { storeId: '1', lineIds: ['11', '12', '13'], state: 'ready' },
    ]));

    // A floor event reloads the board.
    const before = server.calls('GET', '/order/kitchen/board').length;
    act(() => floor.get(storeFloorDestination('1'))!({ storeId: '1', kind: 'kitchen', tableIds: [], orderIds: ['1'], at: new Date().toISOString() }));
    await waitFor(() => expect(server.calls('GET', '/order/kitchen/board').length).toBeGreaterThan(before));
  });

  it('remembers the station on this device; 显示已出餐 lists the dishes out, where a tap is 划菜', async () => {
    const user = userEvent.setup();
    await open(['order:kitchen:edit']);
    await user.click(screen.getByText('热菜档'));
    await waitFor(() => expect(server.calls('GET', '/order/kitchen/board').at(-1)!.query).toMatchObject({ storeId: '1', station: '31', done: '0' }));
    expect(getStore('kitchen-station')).toEqual({ 1: '31' });

    await user.click(screen.getByRole('button', { name: /显示已出餐/ }));
    const served = await screen.findByRole('button', { name: '点击划菜 凉拌黄瓜' });
    expect(server.calls('GET', '/order/kitchen/board').at(-1)!.query).toMatchObject({ station: '31', done: '1' });
    await user.click(served);
    await waitFor(() => expect(marks()).toEqual([{ storeId: '1', lineIds: ['14'], state: 'served' }]));
  });

  it('falls back to every category when the remembered station is gone', async () => {
    setStore('kitchen-station', { 1: '99' });
    await open(['order:kitchen:edit']);
    // (The test before may have a reload of its own still arriving first.)
    expect(server.calls('GET', '/order/kitchen/board').map((r) => r.query.station).slice(-2)).toEqual(['99', 'all']);
    expect(getStore('kitchen-station')).toEqual({ 1: 'all' });
  });

  it('is a display only without order:kitchen:edit', async () => {
    const card = await open([]);
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('只读：没有出餐权限')).toBeInTheDocument();
  });
});
