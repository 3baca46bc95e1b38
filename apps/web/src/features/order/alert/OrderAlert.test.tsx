import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLiveEvent } from '@canteen/contract';
import { apiServerForFile, okReply } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { menuEntries } from '../../../app/menu';
import { MenuBadges } from '../../../app/shell/MenuBadges';
import { SideMenu } from '../../../app/shell/SideMenu';
import '../../../app/messages';
import { useMenuBadgeCounts } from '../../../shared/navigation/menu-badges';
import { setNavigator } from '../../../shared/navigation/navigation';
import { signOutLocally } from '../../../shared/session/auth';
import type { MenuNode } from '../../../shared/session/session';
import { useCurrentStoreState } from '../../../shared/store/current-store';

// The app's live channel: the alert's subscription is recorded and fed by the test.
const live = vi.hoisted(() => ({ subscriptions: new Map<string, (body: unknown) => void>() }));
vi.mock('../../../shared/live/useLiveSubscription', () => ({
  useLiveSubscription: (destination: string | null, handler: (body: unknown) => void) => {
    if (destination) live.subscriptions.set(destination, handler);
  },
}));
vi.mock('../../../shared/live/useLiveConnected', () => ({ useLiveConnected: () => undefined }));
const chime = vi.hoisted(() => ({ played: 0 }));
vi.mock('./chime', () => ({ playNewOrderChime: () => void chime.played++ }));

let todo = 2;
const server = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }, { id: '2', name: '面馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/order/counts') return okReply({ all: 10, todo, making: 1, finish: 7, canceled: 0 });
  return undefined;
});

const tree: MenuNode[] = [
  {
    id: '60', name: '订单管理', label: '订单管理', path: '/order', icon: 'ProfileOutlined',
    children: [
      { id: '61', name: '订单列表', label: '订单列表', path: '/order/list', component: 'views/order/list/index', icon: 'UnorderedListOutlined' },
      { id: '62', name: '收银台', label: '收银台', path: '/order/cashier', component: 'views/order/cashier/index', icon: 'ShopOutlined' },
    ],
  },
];
const entries = menuEntries(tree);

const event = (id: string, fields: Partial<OrderLiveEvent> = {}): OrderLiveEvent => ({
  id, orderNo: `26112510${id}`, storeId: '2', type: 'dine_in', source: 'qr', status: 'paid', tableCode: 'B2', pickupNo: null, payableAmount: 4650, createTime: '2026-11-25T04:00:00.000Z', ...fields,
});
const publish = (destination: string, body: unknown) => act(() => live.subscriptions.get(destination)!(body));

beforeEach(() => {
  todo = 2;
  chime.played = 0;
  live.subscriptions.clear();
  useCurrentStoreState.setState({ storeId: '2' });
});
afterEach(() => act(() => signOutLocally()));

const render = () =>
  renderWithApp(
    <>
      <MenuBadges />
      <SideMenu tree={tree} entries={entries} target={{ kind: 'page', path: '/order/list', label: '订单列表', component: 'views/order/list/index', keepAlive: true, trail: tree }} collapsed={false} dark />
    </>,
  );

describe('new-order alert and the 订单列表 badge', () => {
  it('counts the chosen store\'s 待处理 orders on the menu item and alerts once per newly paid order', async () => {
    signInWith(['order:order:index']);
    const navigated: string[] = [];
    setNavigator((to) => navigated.push(to));
    render();
    await waitFor(() => expect(screen.getByTestId('menu-badge-/order/list')).toHaveTextContent('2'));
    expect(server.calls('GET', '/order/order/counts')[0]!.query).toEqual({ storeId: '2' });
    expect([...live.subscriptions.keys()]).toEqual(['/store/orders2']);

    todo = 3;
    publish('/store/orders2', event('77'));
    expect(chime.played).toBe(1);
    const alert = await screen.findByText('新订单 2611251077');
    expect(alert.closest('.order-alert')).toHaveTextContent('桌号 B2 · 堂食 · 扫码点餐 · ¥46.50 · 点击查看订单');
    await waitFor(() => expect(screen.getByTestId('menu-badge-/order/list')).toHaveTextContent('3'));
    // The same event again (a reconnect, a second instance) rings no more.
    publish('/store/orders2', event('77'));
    expect(chime.played).toBe(1);
    // An order moving on refreshes the count without a sound.
    todo = 2;
    publish('/store/orders2', event('77', { status: 'making' }));
    await waitFor(() => expect(screen.getByTestId('menu-badge-/order/list')).toHaveTextContent('2'));
    expect(chime.played).toBe(1);
    // A table's pay-later order is announced too.
    publish('/store/orders2', event('78', { status: 'dining', tableCode: 'C1' }));
    expect(chime.played).toBe(2);
    await screen.findByText('新的扫码订单 2611251078');

    await userEvent.click(alert);
    expect(navigated).toEqual(['/order/list?orderId=77']);
  });

  it('follows the store switcher and shows no badge at 0', async () => {
    signInWith(['order:order:index']);
    todo = 0;
    render();
    await waitFor(() => expect(server.calls('GET', '/order/order/counts')).toHaveLength(1));
    expect(screen.queryByTestId('menu-badge-/order/list')).toBeNull();
    expect(useMenuBadgeCounts.getState().counts).toEqual({});
    todo = 4;
    await act(async () => useCurrentStoreState.setState({ storeId: '1' }));
    await waitFor(() => expect(screen.getByTestId('menu-badge-/order/list')).toHaveTextContent('4'));
    expect(server.calls('GET', '/order/order/counts').at(-1)!.query).toEqual({ storeId: '1' });
    expect(live.subscriptions.has('/store/orders1')).toBe(true);
    // Another store's event on a stale subscription is not announced.
    publish('/store/orders1', event('90', { storeId: '2' }));
    expect(chime.played).toBe(0);
  });

  it('asks nothing without order:order:index', async () => {
    signInWith(['wxmp:wxmsg:index']);
    render();
    await screen.findByText('订单列表');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls('GET', '/order/order/counts')).toEqual([]);
    expect(live.subscriptions.size).toBe(0);
    expect(screen.queryByTestId('menu-badge-/order/list')).toBeNull();
  });
});
