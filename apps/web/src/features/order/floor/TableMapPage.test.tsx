import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeFloorDestination, tableOpenBodySchema } from '@canteen/contract';
import { liveClient } from '../../../shared/live/live';
import { apiServerForFile, okReply } from '../../../../test/api-server';
import { registerPagesForFile, renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { floorOf } from './fixtures';
import { minutesSince } from './state';

registerPagesForFile({ 'views/order/floor/index': { load: () => import('./TableMapPage'), permission: 'order:floor:index' } });

const server = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/floor/map') return okReply(floorOf());
  const table = floorOf().tables.find((t) => path.startsWith(`/order/floor/table/${t.id}`));
  if (method === 'GET' && table) return okReply({ table, orders: [], kitchen: [] });
  if (method === 'POST' && table && path.endsWith('/open')) return okReply({ table, orders: [], kitchen: [] });
  return undefined;
});

// The floor's live channel, taken over: the test delivers its events.
const live = new Map<string, (body: unknown) => void>();
beforeEach(() => {
  vi.spyOn(liveClient(), 'subscribe').mockImplementation((destination, handler) => {
    live.set(destination, handler);
    return () => live.delete(destination);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  live.clear();
});

describe('minutesSince', () => {
  it('counts whole minutes from the seating to the given now, never below 0', () => {
    const now = Date.parse('2026-11-25T04:30:59Z');
    expect(minutesSince('2026-11-25T04:00:00Z', now)).toBe(30);
    expect(minutesSince('2026-11-25T04:31:30Z', now)).toBe(0);
  });
});

describe('TableMapPage (桌台图)', () => {
  it('shows the tables by area and state with their seatings, filters by the legend, reloads on a floor event and seats a party at a free table', async () => {
    const user = userEvent.setup();
    signInWith(['order:floor:index', 'order:floor:open']);
    renderPage('views/order/floor/index');
    const a02 = await screen.findByTestId('floor-table-A02', undefined, { timeout: 60_000 });
    expect(within(a02).getByTestId('floor-state')).toHaveTextContent('就餐中');
    expect(a02).toHaveTextContent('3人 / 4座');
    expect(within(a02).getByTestId('floor-elapsed')).toHaveTextContent('25分钟');
    expect(within(a02).getByTestId('floor-unpaid')).toHaveTextContent('未付 ¥38.00');
    expect(within(a02).getByText('催2')).toBeInTheDocument();
    expect(within(screen.getByTestId('floor-table-B01')).getByTestId('floor-merged')).toHaveTextContent('并台 B02');
    expect(screen.getByTestId('floor-legend-dining')).toHaveTextContent('就餐中 1');

    // 包间: only its table; the legend's 空闲 on 全部: only the free one.
    await user.click(screen.getByRole('tab', { name: '包间' }));
    expect(screen.queryByTestId('floor-table-A02')).not.toBeInTheDocument();
    expect(screen.getByTestId('floor-table-B01')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '全部' }));
    await user.click(screen.getByTestId('floor-legend-idle'));
    expect(screen.queryByTestId('floor-table-B01')).not.toBeInTheDocument();

    // A floor event: the map is read again, no reload.
    const reads = server.calls('GET', '/order/floor/map').length;
    act(() => live.get(storeFloorDestination('1'))!({ storeId: '1', kind: 'table', tableIds: ['301'], orderIds: [], at: new Date().toISOString() }));
    await waitFor(() => expect(server.calls('GET', '/order/floor/map').length).toBeGreaterThan(reads));

    // A free table's card opens 开台 with its seats as the guests.
    await user.click(screen.getByTestId('floor-table-A01'));
    await user.click(await screen.findByTestId('floor-session-submit'));
    await waitFor(() => expect(server.calls('POST', '/order/floor/table/301/open')).toHaveLength(1));
    expect(tableOpenBodySchema.parse(server.calls('POST', '/order/floor/table/301/open')[0]!.body)).toEqual({ guests: 4, note: '' });
  });
});
