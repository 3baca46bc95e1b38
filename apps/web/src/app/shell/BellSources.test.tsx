import { useMemo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerBellSources, type BellFeed, type BellSource } from '../../shared/bell/bell';
import { signOutLocally } from '../../shared/session/auth';
import { okReply, pageOf, apiServerForFile } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import '../messages';
import { Bell } from './Bell';

// No live channel here: the messaging source loads its page only.
vi.mock('../../shared/live/useLiveSubscription', () => ({ useLiveSubscription: () => undefined }));
vi.mock('../../shared/live/useLiveConnected', () => ({ useLiveConnected: () => undefined }));

const server = apiServerForFile(({ method, path }) =>
  method === 'GET' && path === '/weixin/wxmsg/page'
    ? okReply(pageOf([{ id: 'm1', appId: 'wx1', appName: '示范号', wxUserId: '7', nickName: '粉丝7', type: '1', repType: 'text', repContent: '你好', readFlag: '0', countMsg: 2, createTime: '2026-01-01T08:00:00Z' }]))
    : undefined);

/** Another feature's source, as the orders feature would register its new orders. */
interface NewOrder {
  id: string;
  no: string;
}
const opened: NewOrder[] = [];
function useNewOrders(): BellFeed<NewOrder> {
  return useMemo(() => ({ count: 3, rows: [{ id: 'o1', no: 'A001' }, { id: 'o2', no: 'A002' }] }), []);
}
const newOrders: BellSource<NewOrder> = {
  key: 'test.orders',
  order: 200,
  permission: 'order:order:index',
  title: 'test.orders',
  useFeed: useNewOrders,
  item: (row) => ({ key: row.id, title: `订单 ${row.no}`, data: { 'data-order': row.id } }),
  open: (row) => opened.push(row),
};
registerBellSources([newOrders]);

afterEach(() => {
  act(() => signOutLocally());
  opened.length = 0;
});

const rows = () => screen.queryAllByTestId('bell-row');

describe('header bell sources', () => {
  it('shows the sources the user may use: their count, rows and click action, and asks no other', async () => {
    signInWith(['order:order:index']);
    renderWithApp(<Bell />);
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('3'));
    await userEvent.click(screen.getByTestId('bell'));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-order'))).toEqual(['o1', 'o2']));
    expect(screen.getByText('订单 A001')).toBeInTheDocument();
    await userEvent.click(rows()[1]!);
    expect(opened).toEqual([{ id: 'o2', no: 'A002' }]);
    expect(server.calls('GET', '/weixin/wxmsg/page')).toEqual([]);
  });

  it('adds up the counts of several sources and lists each under its heading, in order', async () => {
    signInWith(['order:order:index', 'wxmp:wxmsg:index']);
    renderWithApp(<Bell />);
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('5'));
    await userEvent.click(screen.getByTestId('bell'));
    const popover = await screen.findByTestId('bell-popover');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const sections = [...popover.querySelectorAll('[data-source]')].map((s) => s.getAttribute('data-source'));
    expect(sections).toEqual(['wxmp.unread', 'test.orders']);
    expect(within(popover.querySelector('[data-source="wxmp.unread"]')!).getByText('未读消息')).toBeInTheDocument();
    expect(rows()[0]).toHaveAttribute('data-wx-user-id', '7');
  });

  it('stops a source’s feed when its permission goes', async () => {
    signInWith(['order:order:index']);
    renderWithApp(<Bell />);
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('3'));
    act(() => signInWith(['sys:user:index']));
    await waitFor(() => expect(screen.getByTestId('bell-badge')).not.toHaveTextContent('3'));
    await userEvent.click(screen.getByTestId('bell'));
    expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  });
});
