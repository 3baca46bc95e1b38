import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrinterRecord, PrinterStatusEvent } from '@canteen/contract';
import { apiServerForFile, okReply, pageOf } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { MenuBadges } from '../../app/shell/MenuBadges';
import { useMenuBadgeCounts } from '../../shared/navigation/menu-badges';
import { setNavigator } from '../../shared/navigation/navigation';
import { signOutLocally } from '../../shared/session/auth';
import { useCurrentStoreState } from '../../shared/store/current-store';
import { printer } from './printing-fixtures';

// The app's live channel: the alert's subscription is recorded and fed by the test.
const live = vi.hoisted(() => ({ subscriptions: new Map<string, (body: unknown) => void>() }));
vi.mock('../../shared/live/useLiveSubscription', () => ({
  useLiveSubscription: (destination: string | null, handler: (body: unknown) => void) => {
    if (destination) live.subscriptions.set(destination, handler);
  },
}));
vi.mock('../../shared/live/useLiveConnected', () => ({ useLiveConnected: () => undefined }));

let printers: PrinterRecord[] = [];
const server = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/order/counts') return okReply({ all: 0, todo: 0, making: 0, finish: 0, canceled: 0 });
  if (method === 'GET' && path === '/store/printer/page') return okReply(pageOf(printers, 1, 100));
  return undefined;
});

const event = (fields: Partial<PrinterStatusEvent>): PrinterStatusEvent => ({
  printerId: '2', storeId: '1', name: '热菜档口', status: 'offline', previous: 'online', message: '连接超时', at: '2026-11-25T04:00:00.000Z', ...fields,
});
const publish = (body: unknown) => act(() => live.subscriptions.get('/store/printers1')!(body));
const badge = () => useMenuBadgeCounts.getState().counts['views/store/printer/index'];

beforeEach(() => {
  printers = [printer('1', '前台'), printer('2', '热菜档口'), printer('3', '停用的', { enabled: false, status: 'offline' })];
  live.subscriptions.clear();
  useCurrentStoreState.setState({ storeId: '1' });
  useMenuBadgeCounts.setState({ counts: {} });
});
afterEach(() => act(() => signOutLocally()));

describe('printer alert', () => {
  it('counts enabled printers down on 打印机, alerts once when one goes offline or out of paper, and opens 打印机', async () => {
    signInWith(['store:printer:index']);
    const navigated: string[] = [];
    setNavigator((to) => navigated.push(to));
    renderWithApp(<MenuBadges />);
    await waitFor(() => expect(live.subscriptions.has('/store/printers1')).toBe(true));
    expect(badge()).toBeUndefined();

    printers = printers.map((p) => (p.id === '2' ? { ...p, status: 'offline' } : p));
    publish(event({}));
    publish(event({}));
    expect(await screen.findByText('打印机“热菜档口”离线')).toBeInTheDocument();
    expect(screen.getAllByText('打印机“热菜档口”离线')).toHaveLength(1);
    await waitFor(() => expect(badge()).toBe(1));

    await userEvent.setup().click(screen.getByText('打印机“热菜档口”离线'));
    expect(navigated).toEqual(['/store/printer']);

    printers = printers.map((p) => (p.id === '2' ? { ...p, status: 'online' } : p));
    publish(event({ status: 'online', previous: 'offline', message: null, at: '2026-11-25T04:05:00.000Z' }));
    expect(await screen.findByText('打印机“热菜档口”已恢复')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toBeUndefined());
    expect(server.calls('GET', '/store/printer/page')[0]!.query).toMatchObject({ storeId: '1' });
  });

  it('runs nothing without store:printer:index', async () => {
    signInWith(['order:order:index']);
    renderWithApp(<MenuBadges />);
    await waitFor(() => expect(live.subscriptions.has('/store/orders1')).toBe(true));
    expect(live.subscriptions.has('/store/printers1')).toBe(false);
  });
});
