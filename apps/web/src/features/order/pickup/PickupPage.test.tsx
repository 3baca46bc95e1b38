import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kitchenMarkBodySchema, storeFloorDestination, type PickupBoard } from '@canteen/contract';
import { liveClient } from '../../../shared/live/live';
import { getStore } from '../../../shared/storage/storage';
import { apiServerForFile, okReply } from '../../../../test/api-server';
import { registerPagesForFile, renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';

registerPagesForFile({ 'views/order/pickup/index': { load: () => import('./PickupPage'), permission: 'order:pickup:index' } });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let making: PickupBoard['making'] = [];
let ready: PickupBoard['ready'] = [];

const server = apiServerForFile(({ method, path, body }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/pickup/board') return okReply({ storeId: '1', storeName: '川味小馆', making, ready, asOf: new Date().toISOString() } satisfies PickupBoard);
  if (method === 'POST' && path === '/order/kitchen/lines') {
    // Collected: off the board.
    const { lineIds } = kitchenMarkBodySchema.parse(body);
    ready = ready.filter((r) => !r.lineIds?.some((id) => lineIds.includes(id)));
    return okReply({ asOf: new Date().toISOString() });
  }
  return undefined;
});

const floor = new Map<string, (body: unknown) => void>();
const spoken: Array<{ text: string; lang: string }> = [];
class Utterance {
  lang = '';
  voice: unknown = null;
  constructor(readonly text: string) {}
}
const withSpeech = () => {
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', { speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }), getVoices: () => [] });
};
beforeEach(() => {
  making = [{ orderId: '2', pickupNo: 'A002', since: minutesAgo(3) }];
  ready = [{ orderId: '1', pickupNo: 'A001', since: minutesAgo(5), lineIds: ['11', '12'] }];
  spoken.length = 0;
  vi.spyOn(liveClient(), 'subscribe').mockImplementation((destination, handler) => {
    floor.set(destination, handler);
    return () => floor.delete(destination);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  floor.clear();
});

const open = async (permissions: string[] = []) => {
  signInWith(['order:pickup:index', ...permissions]);
  renderPage('views/order/pickup/index');
  await screen.findByText('A001', undefined, { timeout: 60_000 });
};
const event = (kind: 'table' | 'pickup') => act(() => floor.get(storeFloorDestination('1'))!({ storeId: '1', kind, tableIds: [], orderIds: ['2'], at: new Date().toISOString() }));

describe('PickupPage (取餐叫号屏)', () => {
  it('shows 制作中 and 请取餐; once announcements are on (remembered), a number newly ready on a floor event is called in Chinese', async () => {
    withSpeech();
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('heading', { name: '川味小馆' })).toBeInTheDocument();
    expect(within(screen.getByTestId('pickup-making')).getByText('A002')).toBeInTheDocument();
    expect(within(screen.getByTestId('pickup-ready')).getByText('A001')).toBeInTheDocument();
    expect(spoken).toEqual([]); // what was on the board already is not called again

    await user.click(screen.getByRole('button', { name: /语音播报：关/ }));
    expect(getStore('pickup-announce')).toBe(true);
    expect(spoken).toEqual([{ text: '', lang: 'zh-CN' }]); // the tap lets the browser speak later

    making = [];
    ready = [{ orderId: '2', pickupNo: 'A002', since: new Date().toISOString(), lineIds: ['21'] }, ...ready];
    const asked = server.calls('GET', '/order/pickup/board').length;
    event('table'); // a seating changed: nothing on this board
    event('pickup');
    await waitFor(() => expect(within(screen.getByTestId('pickup-ready')).getByText('A002')).toBeInTheDocument());
    expect(spoken.slice(1)).toEqual([{ text: '请 A 0 0 2 号顾客取餐', lang: 'zh-CN' }]);
    expect(server.calls('GET', '/order/pickup/board').length).toBe(asked + 1);
  });

  it('says when the browser cannot speak, and offers full screen only where the browser allows it', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    await open();
    expect(screen.getByText('此浏览器不支持语音播报')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /全屏/ })).toBeNull(); // jsdom has no Fullscreen API
  });

  it('lets staff who may mark dishes tap a collected number (已取餐)', async () => {
    const user = userEvent.setup();
    await open(['order:kitchen:edit']);
    await user.click(within(screen.getByTestId('pickup-ready')).getByRole('button', { name: 'A001' }));
    await user.click(await screen.findByRole('button', { name: '已取餐' }));
    await waitFor(() => expect(server.calls('POST', '/order/kitchen/lines').map((r) => kitchenMarkBodySchema.parse(r.body))).toEqual([{ storeId: '1', lineIds: ['11', '12'], state: 'served' }]));
    // The board read again (and nothing left on its way when the file's server closes).
    await waitFor(() => expect(within(screen.getByTestId('pickup-ready')).queryByText('A001')).toBeNull());
  });
});
