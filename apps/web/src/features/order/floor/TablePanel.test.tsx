import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderVoidLineBodySchema } from '@canteen/contract';
import { liveClient } from '../../../shared/live/live';
import { apiServerForFile, failReply, okReply } from '../../../../test/api-server';
import { registerPagesForFile, renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { floorOf, tabOf } from './fixtures';

registerPagesForFile({ 'views/order/floor/index': { load: () => import('./TableMapPage'), permission: 'order:floor:index' } });

const a02 = () => floorOf().tables.find((t) => t.code === 'A02')!;
const server = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/order/floor/map') return okReply(floorOf());
  if (method === 'GET' && path === '/order/floor/table/302') return okReply({
    table: a02(), orders: [tabOf('302', 'A02')],
    kitchen: [{ lineId: '850', state: 'making', rushedAt: new Date().toISOString(), voidedQuantity: 0 }, { lineId: '851', state: 'waiting', rushedAt: null, voidedQuantity: 0 }],
  });
  if (method === 'POST' && path === '/order/order/9001/lines/850/void') return okReply(tabOf('302', 'A02'));
  if (method === 'POST' && path === '/order/floor/table/302/transfer') return failReply(409, '桌台 A01 已有客人，请换一张空闲桌台');
  return undefined;
});

beforeEach(() => {
  vi.spyOn(liveClient(), 'subscribe').mockImplementation(() => () => undefined);
});
afterEach(() => vi.restoreAllMocks());

const openA02 = async (permissions: string[]) => {
  signInWith(['order:floor:index', ...permissions]);
  const { notified } = renderPage('views/order/floor/index');
  await userEvent.click(await screen.findByTestId('floor-table-A02', undefined, { timeout: 60_000 }));
  return { header: await screen.findByTestId('floor-panel-header'), notified };
};

describe('TablePanel (a table on 桌台图)', () => {
  it('shows the seating and its rounds; 清台 waits for the payment; 退菜 sends quantity and reason; a refused 转台 shows the server\'s message', async () => {
    const user = userEvent.setup();
    const { header, notified } = await openA02(['order:floor:open', 'order:floor:transfer', 'order:floor:clear', 'order:floor:void']);
    expect(header).toHaveTextContent('张三');
    expect(screen.getByTestId('floor-panel-unpaid')).toHaveTextContent('¥38.00');
    const tab = await screen.findByTestId('floor-order-2611250010001');
    expect(within(tab).getByText('第1轮')).toBeInTheDocument();
    expect(within(tab).getByText('第2轮')).toBeInTheDocument();
    expect(within(tab).getAllByTestId('floor-line').map((l) => l.textContent)).toEqual([expect.stringContaining('辣子鸡 ×1'), expect.stringContaining('米饭 ×2')]);
    expect(within(tab).getAllByTestId('floor-line-kitchen').map((k) => k.textContent)).toEqual(['制作中', '待制作']);
    expect(within(within(tab).getAllByTestId('floor-line')[0]!).getByText('催')).toBeInTheDocument();
    expect(screen.getByTestId('floor-clear')).toBeDisabled();
    expect(screen.getByTestId('floor-clear').parentElement).toHaveAttribute('title', '还有未付金额，收款后才能清台');
    // Without order:cashier:pay and order:order:edit: no 收款, no 买单.
    expect(screen.queryByTestId('floor-pay')).not.toBeInTheDocument();
    expect(screen.queryByTestId('floor-bill')).not.toBeInTheDocument();

    await user.click(within(tab).getAllByTestId('floor-line-void')[0]!);
    await user.type(await screen.findByTestId('floor-void-reason'), '上菜太慢');
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /退\s?菜/ }));
    await waitFor(() => expect(server.calls('POST', '/order/order/9001/lines/850/void')).toHaveLength(1));
    expect(orderVoidLineBodySchema.parse(server.calls('POST', '/order/order/9001/lines/850/void')[0]!.body)).toEqual({ quantity: 1, reason: '上菜太慢' });

    await user.click(screen.getByTestId('floor-transfer'));
    await user.click(within(await screen.findByTestId('floor-pick-table')).getByRole('combobox'));
    await user.click(await screen.findByText('A01 · 空闲'));
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(server.calls('POST', '/order/floor/table/302/transfer')).toHaveLength(1));
    expect(server.calls('POST', '/order/floor/table/302/transfer')[0]!.body).toEqual({ toTableId: '301' });
    await waitFor(() => expect(notified).toContain('桌台 A01 已有客人，请换一张空闲桌台'));
    // Refused: the party is still here, the dialog still open to choose another.
    expect(screen.getByTestId('floor-pick-table')).toBeInTheDocument();
  });
});
